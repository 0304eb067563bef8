import { Form, Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { StageOptions } from "~/components/admin/lead-stage-fields";
import { Button, buttonClassName, Field, Select, TextArea, TextInput } from "~/components/admin/ui";
import { Icon } from "~/components/ui/icon";
import { leadStatusLabels } from "~/lib/lead-status";
import { REPLY_PLACEHOLDERS } from "~/lib/reply-template";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand, type CommandFailure } from "~/route-support/answer-command.server";
import { refused } from "~/server/commands/index.server";
import { formText, formTexts, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import {
  listReplyTemplates,
  type ReplyTemplate,
  removeTemplate,
  saveTemplate,
} from "~/server/leads/index.server";
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
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE, { details: { id: "" } }));
  const id = formText(form, "id");
  const outcome =
    formText(form, "intent") === "delete"
      ? await removeTemplate(session, { id })
      : await saveTemplate(session, {
          id,
          ...formTexts(form, ["channel", "name", "subject", "body", "stage"]),
        });
  return answerCommand(session, outcome);
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
      <Field
        label="Etapa"
        hint="Ao responder uma solicitação nesta etapa, este modelo vem escolhido."
        error={errors.stage}
      >
        <Select name="stage" defaultValue={template?.stage ?? ""}>
          <option value="">Qualquer etapa</option>
          <StageOptions />
        </Select>
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
  // A refusal names the template it is about: its problems show beside that form only.
  const failed = actionData as (CommandFailure & { id?: string }) | undefined;
  const errorsFor = (id: string): Errors => (failed && failed.id === id ? (failed.fieldErrors ?? {}) : {});
  const panel =
    "flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900";
  return (
    <AdminPage
      title="Modelos de resposta"
      failure={failed}
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
            <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
              ({template.channel === "email" ? "E-mail" : "WhatsApp"}
              {template.stage ? ` · ${leadStatusLabels[template.stage]}` : ""})
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
