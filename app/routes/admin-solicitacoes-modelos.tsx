import { data, Form, Link, redirect } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { Button, buttonClassName, Field, Select, TextArea, TextInput } from "~/components/admin/ui";
import { Icon } from "~/components/ui/icon";
import { REPLY_PLACEHOLDERS } from "~/lib/reply-template";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { setFlash } from "~/server/accounts/sessions.server";
import { recordAudit } from "~/server/audit/audit-log.server";
import { formText, formTexts, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/read-form.server";
import { validateForm } from "~/server/forms/validate-form.server";
import {
  deleteReplyTemplate,
  listReplyTemplates,
  type ReplyTemplate,
  replyTemplateSchema,
  saveReplyTemplate,
} from "~/server/leads/reply-templates.server";
import type { Route } from "./+types/admin-solicitacoes-modelos";

// The reply templates: what "Responder por e-mail" and "Responder no WhatsApp" start from. Each
// template is its own plain form; the fields are uncontrolled, so typing never re-renders.

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request, { can: "leads.manage" });
  return { templates: await listReplyTemplates() };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request, { can: "leads.manage" });
  const form = await readForm(request);
  if (!form) return data({ error: UNREADABLE_FORM_MESSAGE, id: "", fieldErrors: {} }, { status: 400 });
  const id = formText(form, "id");
  if (formText(form, "intent") === "delete") {
    if (!(await deleteReplyTemplate(id))) {
      return data({ error: "Modelo não encontrado.", id, fieldErrors: {} }, { status: 404 });
    }
    await recordAudit(session, { action: "lead.reply_template", target: { type: "reply_template", id } });
    await setFlash(session, {
      title: "Modelo excluído!",
      description: "Ele não aparece mais nas respostas.",
    });
    throw redirect("/admin/solicitacoes/modelos", 303);
  }
  const parsed = validateForm(replyTemplateSchema, formTexts(form, ["channel", "name", "subject", "body"]));
  if (!parsed.ok) {
    return data({ error: parsed.message, id, fieldErrors: parsed.fieldErrors }, { status: 400 });
  }
  if (!(await saveReplyTemplate(id || null, parsed.data))) {
    const error = id
      ? "Modelo não encontrado."
      : "Limite de modelos atingido: exclua um antes de criar outro.";
    return data({ error, id, fieldErrors: {} }, { status: id ? 404 : 400 });
  }
  await recordAudit(session, {
    action: "lead.reply_template",
    target: { type: "reply_template", id: id || null, label: parsed.data.name },
  });
  await setFlash(session, { title: "Modelo salvo!", description: parsed.data.name });
  throw redirect("/admin/solicitacoes/modelos", 303);
}

export const meta: Route.MetaFunction = () => [
  { title: "Modelos de resposta | Admin" },
  { name: "robots", content: "noindex" },
];

type Errors = Partial<Record<string, string>>;

function TemplateForm({ template, errors }: { template: ReplyTemplate | null; errors: Errors }) {
  const label = template ? template.name : "novo modelo";
  return (
    <Form method="post" className="flex flex-col gap-3" aria-label={`Modelo: ${label}`}>
      <input type="hidden" name="id" value={template?.id ?? ""} />
      {template ? (
        <input type="hidden" name="channel" value={template.channel} />
      ) : (
        <Field label="Canal" error={errors.channel}>
          <Select name="channel" defaultValue="email">
            <option value="email">E-mail</option>
            <option value="whatsapp">WhatsApp</option>
          </Select>
        </Field>
      )}
      <Field label="Nome do modelo" error={errors.name} required>
        <TextInput name="name" defaultValue={template?.name ?? ""} maxLength={80} />
      </Field>
      {template?.channel !== "whatsapp" ? (
        <Field label="Assunto" hint={template ? undefined : "Só para e-mail."} error={errors.subject}>
          <TextInput name="subject" defaultValue={template?.subject ?? ""} maxLength={150} />
        </Field>
      ) : null}
      <Field label="Texto" error={errors.body} required>
        <TextArea name="body" rows={8} defaultValue={template?.body ?? ""} maxLength={5000} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="save">
          {template ? "Salvar modelo" : "Criar modelo"}
          <span className="sr-only"> {label}</span>
        </Button>
        {template ? (
          <Button type="submit" name="intent" value="delete" variant="danger">
            Excluir<span className="sr-only"> modelo {label}</span>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

export default function AdminReplyTemplates({ loaderData, actionData }: Route.ComponentProps) {
  const { templates } = loaderData;
  const errorsFor = (id: string): Errors =>
    actionData && actionData.id === id ? actionData.fieldErrors : {};
  const panel =
    "flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900";
  return (
    <AdminPage
      title="Modelos de resposta"
      failure={actionData}
      actions={
        <Link to="/admin/solicitacoes" className={buttonClassName("secondary")}>
          <Icon name="arrow-left" className="size-4" />
          Caixa de entrada
        </Link>
      }
    >
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">
        Use os marcadores {REPLY_PLACEHOLDERS.map((name) => `{${name}}`).join(", ")}: ao responder, eles viram
        o nome de quem pediu, o serviço, o nome da empresa e o telefone da empresa (de Configurações).
      </p>
      {templates.map((template) => (
        <section key={template.id} className={panel} aria-label={template.name}>
          <h2 className="text-lg font-bold text-slate-900 dark:text-white">
            {template.name}{" "}
            <span className="text-sm font-normal text-slate-600">
              ({template.channel === "email" ? "E-mail" : "WhatsApp"})
            </span>
          </h2>
          <TemplateForm template={template} errors={errorsFor(template.id)} />
        </section>
      ))}
      <section className={panel} aria-label="Novo modelo">
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">Novo modelo</h2>
        <TemplateForm template={null} errors={errorsFor("")} />
      </section>
    </AdminPage>
  );
}
