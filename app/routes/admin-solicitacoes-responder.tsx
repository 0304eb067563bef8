import { data, Form, Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { Button, buttonClassName, Field, Select, TextArea, TextInput } from "~/components/admin/ui";
import { Icon } from "~/components/ui/icon";
import { fillTemplate, templateFor } from "~/lib/reply-template";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { refused } from "~/server/commands/index.server";
import { formTexts, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import {
  getLead,
  leadIdFromParam,
  listReplyTemplates,
  replyByEmail,
  replyFacts,
} from "~/server/leads/index.server";
import { siteSettings } from "~/server/settings/index.server";
import type { Route } from "./+types/admin-solicitacoes-responder";

// "Responder por e-mail": a message prefilled from a template (?modelo=; when none is chosen, the
// one written for the request's stage) that the team edits and sends through the outbox;
// replies reach the company.

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request, { can: "leads.manage" });
  const id = leadIdFromParam(params.id);
  const lead = id ? await getLead(id) : null;
  if (!lead) throw data({ error: "Solicitação não encontrada." }, { status: 404 });
  const [templates, facts, { site }] = await Promise.all([
    listReplyTemplates("email"),
    replyFacts(lead),
    siteSettings(),
  ]);
  const template =
    templateFor(templates, lead.status, new URL(request.url).searchParams.get("modelo")) ?? null;
  return {
    lead: { id: lead.id, name: lead.name, email: lead.email },
    replyTo: site.email,
    templates: templates.map(({ id, name }) => ({ id, name })),
    template: template?.id ?? "",
    subject: template ? fillTemplate(template.subject, facts) : "",
    text: template ? fillTemplate(template.body, facts) : "",
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdminAction(request, { can: "leads.manage" });
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  const outcome = await replyByEmail(session, {
    id: params.id ?? "",
    ...formTexts(form, ["subject", "text", "template"]),
  });
  return answerCommand(session, outcome);
}

export const meta: Route.MetaFunction = () => [
  { title: "Responder por e-mail | Admin" },
  { name: "robots", content: "noindex" },
];

export default function AdminLeadReply({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, replyTo, templates, template, subject, text } = loaderData;
  const errors: Partial<Record<string, string>> = actionData?.fieldErrors ?? {};
  return (
    <AdminPage
      title="Responder por e-mail"
      failure={actionData}
      actions={
        <Link to={`/admin/solicitacoes/${lead.id}`} className={buttonClassName("secondary")}>
          <Icon name="arrow-left" className="size-4" />
          Voltar à solicitação
        </Link>
      }
    >
      <section className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
        {/* An address is one long word: it wraps anywhere rather than run past the card. */}
        <p className="min-w-0 text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
          Para: <strong>{lead.name}</strong> &lt;{lead.email}&gt;. As respostas dessa pessoa chegam em{" "}
          <strong>{replyTo}</strong>.
        </p>
        {templates.length > 1 ? (
          // Another template is a new page of the same screen: React Router fetches it (no reload)
          // and keeps the scroll where it was, at the fields the template fills.
          <Form method="get" preventScrollReset className="flex flex-wrap items-end gap-3">
            <Field label="Modelo" className="w-full sm:w-auto sm:min-w-64">
              <Select name="modelo" defaultValue={template}>
                {templates.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Button type="submit" variant="secondary">
              Usar modelo
            </Button>
          </Form>
        ) : null}
        {/* A new template reloads the fields with its text: the key makes them start over. */}
        <Form method="post" className="flex flex-col gap-4" key={template}>
          <input type="hidden" name="template" value={template} />
          <Field label="Assunto" error={errors.subject} required>
            <TextInput name="subject" defaultValue={subject} maxLength={150} />
          </Field>
          <Field label="Mensagem" error={errors.text} required>
            <TextArea name="text" rows={12} defaultValue={text} maxLength={10000} />
          </Field>
          <Button type="submit">
            <Icon name="mail" className="size-4" />
            Enviar resposta
          </Button>
        </Form>
      </section>
    </AdminPage>
  );
}
