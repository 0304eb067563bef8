import { data, Form, Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { LeadContactLinks } from "~/components/admin/lead-contact-links";
import { LeadRepeatNote } from "~/components/admin/lead-repeat-note";
import { LeadStageFields } from "~/components/admin/lead-stage-fields";
import { LeadTimeline } from "~/components/admin/lead-timeline";
import { MoneyInput } from "~/components/admin/money-input";
import { DeleteForm } from "~/components/admin/row-actions";
import { Badge, Button, buttonClassName, Field, Select, TextArea } from "~/components/admin/ui";
import { Icon } from "~/components/ui/icon";
import { deliveryText } from "~/lib/lead-delivery";
import { REMOVED_POST, sourceLabel } from "~/lib/lead-source";
import { leadStatusLabels, lostReasonLabels } from "~/lib/lead-status";
import { formatMoney, formatMoneyField } from "~/lib/money";
import { templateFor } from "~/lib/reply-template";
import { requestNumberLabel } from "~/lib/request-number";
import { formatDetailDateTime } from "~/lib/site-time";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { refused } from "~/server/commands/index.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import {
  addNoteToLead,
  leadTimeline,
  listLeadRepeats,
  listReplyTemplates,
  removeLead,
  saveLeadStage,
  stageFormFields,
  viewLead,
} from "~/server/leads/index.server";
import type { Route } from "./+types/admin-solicitacoes-detalhe";

// One quote request, whole: the inbox lists the beginning of each message and links here for
// the rest, so a page of 50 requests never carries 50 whole messages. Deleting one is here too,
// at the foot of the page, with everything it deletes in view.

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireAdminPage(request, { can: "leads.read" });
  const viewed = await viewLead(session, { id: params.id });
  if (!viewed.ok) {
    return data(
      { lead: null, timeline: [], whatsappTemplates: [], whatsappTemplate: "", repeats: [] },
      { status: viewed.status },
    );
  }
  const lead = viewed.value;
  const [timeline, whatsappTemplates, repeats] = await Promise.all([
    leadTimeline(lead),
    listReplyTemplates("whatsapp"),
    listLeadRepeats(lead.id),
  ]);
  return {
    lead,
    timeline,
    whatsappTemplates: whatsappTemplates.map(({ id, name }) => ({ id, name })),
    // The message written for the request's stage comes chosen.
    whatsappTemplate: templateFor(whatsappTemplates, lead.status)?.id ?? "",
    repeats,
  };
}

/**
 * The request's page changes its stage and values, or adds a note (each goes on the timeline),
 * or deletes the request and goes back to the inbox.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdminAction(request, { can: "leads.manage" });
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  const id = params.id ?? "";
  const intent = formText(form, "intent");
  const outcome =
    intent === "delete"
      ? await removeLead(session, { id, backTo: "/admin/solicitacoes" })
      : intent === "note"
        ? await addNoteToLead(session, { id, text: formText(form, "text") })
        : await saveLeadStage(session, { id, stage: stageFormFields(form) });
  return answerCommand(session, outcome);
}

const panel =
  "flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900";

export const meta: Route.MetaFunction = () => [
  { title: "Solicitação de Orçamento | Admin" },
  { name: "robots", content: "noindex" },
];

export default function AdminLead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, timeline, whatsappTemplates, whatsappTemplate, repeats } = loaderData;
  const errors: Partial<Record<string, string>> = actionData?.fieldErrors ?? {};
  const back = (
    <Link to="/admin/solicitacoes" className={buttonClassName("secondary")}>
      <Icon name="arrow-left" className="size-4" />
      Voltar às solicitações
    </Link>
  );
  if (!lead) {
    return (
      <AdminPage title="Solicitação de Orçamento" actions={back}>
        <p className="text-slate-600 dark:text-slate-400">
          Solicitação não encontrada; ela pode ter sido excluída.
        </p>
      </AdminPage>
    );
  }
  const facts: Array<[string, string]> = [
    ["Telefone", lead.phone],
    ["Condomínio", lead.condominium],
    ["Serviço", lead.service],
    ...(lead.status === "perdido" && lead.lost_reason
      ? [["Motivo da perda", lostReasonLabels[lead.lost_reason]] as [string, string]]
      : []),
    ["Valor da proposta", lead.proposal_value_cents === null ? "—" : formatMoney(lead.proposal_value_cents)],
    ["Valor fechado", lead.closed_value_cents === null ? "—" : formatMoney(lead.closed_value_cents)],
    ["Aviso por e-mail à empresa", deliveryText(lead)],
    ["Site de origem", sourceLabel(lead)],
    ["Meio", lead.utm_medium ?? "—"],
    ["Campanha", lead.utm_campaign ?? "—"],
    // The site of origin is the campaign link's tag when there is one; the site the visitor
    // actually came from may then say more.
    ...(lead.utm_source && lead.source_referrer_host
      ? [["Site de onde o visitante veio", lead.source_referrer_host] as [string, string]]
      : []),
    ["Página onde abriu o formulário", lead.source_page ?? "—"],
    ["Post do blog", lead.source_post_id ? (lead.source_post_title ?? REMOVED_POST) : "—"],
  ];
  return (
    <AdminPage title="Solicitação de Orçamento" actions={back} failure={actionData}>
      <article
        aria-labelledby="solicitante"
        // What the visitor typed wraps inside the card, however long its words.
        className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 [overflow-wrap:anywhere] dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="solicitante" className="text-xl font-bold text-slate-900 dark:text-white">
            {lead.name}
          </h2>
          <Badge variant={lead.status === "novo" ? "featured" : "neutral"}>
            {leadStatusLabels[lead.status]}
          </Badge>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {lead.number === null ? null : `${requestNumberLabel(lead.number)} · `}
          <time dateTime={lead.created_at}>{formatDetailDateTime(lead.created_at)}</time>
        </p>
        {lead.repeat_of ? (
          <LeadRepeatNote repeatOf={lead.repeat_of} repeatOfNumber={lead.repeat_of_number} />
        ) : null}
        {repeats.length > 0 ? (
          <div className="text-sm">
            <p className="font-semibold text-slate-800 dark:text-slate-200">
              {repeats.length === 1
                ? "A mesma pessoa enviou esta solicitação de novo:"
                : `A mesma pessoa enviou esta solicitação de novo ${repeats.length} vezes:`}
            </p>
            <ul className="flex flex-wrap gap-x-4">
              {repeats.map((repeat) => (
                <li key={repeat.id}>
                  <Link
                    to={`/admin/solicitacoes/${repeat.id}`}
                    className="inline-flex min-h-11 items-center text-brand-700 underline lg:min-h-0 dark:text-brand-300"
                  >
                    {repeat.number === null ? "Repetição" : requestNumberLabel(repeat.number)},{" "}
                    {formatDetailDateTime(repeat.created_at)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline font-semibold text-slate-800 dark:text-slate-200">E-mail: </dt>
            <dd className="inline [overflow-wrap:anywhere]">
              <a href={`mailto:${lead.email}`} className="text-brand-700 underline dark:text-brand-300">
                {lead.email}
              </a>
            </dd>
          </div>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="inline font-semibold text-slate-800 dark:text-slate-200">{label}: </dt>
              <dd className="inline">{value}</dd>
            </div>
          ))}
        </dl>
        <LeadContactLinks name={lead.name} phone={lead.phone} />
        <h3 className="font-bold text-slate-900 dark:text-white">Mensagem</h3>
        <p className="whitespace-pre-wrap text-slate-700 dark:text-slate-300">{lead.message}</p>
        {lead.note ? (
          <>
            <h3 className="font-bold text-slate-900 dark:text-white">Nota particular</h3>
            <p className="whitespace-pre-wrap text-slate-700 dark:text-slate-300">{lead.note}</p>
          </>
        ) : null}
      </article>
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="responder" className={panel}>
          <h2 id="responder" className="text-xl font-bold text-slate-900 dark:text-white">
            Responder
          </h2>
          <p className="flex flex-wrap gap-2">
            <Link to={`/admin/solicitacoes/${lead.id}/responder`} className={buttonClassName("primary")}>
              <Icon name="mail" className="size-4" />
              Responder por e-mail
            </Link>
          </p>
          <Form
            method="post"
            action={`/admin/solicitacoes/${lead.id}/whatsapp`}
            target="_blank"
            reloadDocument
            className="flex flex-col gap-3"
          >
            {whatsappTemplates.length > 1 ? (
              <Field label="Mensagem do WhatsApp">
                <Select name="template" defaultValue={whatsappTemplate}>
                  {whatsappTemplates.map((template) => (
                    <option key={template.id} value={template.id}>
                      {template.name}
                    </option>
                  ))}
                </Select>
              </Field>
            ) : (
              <input type="hidden" name="template" value={whatsappTemplate} />
            )}
            <Button type="submit" variant="secondary">
              <Icon name="whatsapp" className="size-4" />
              Responder no WhatsApp
            </Button>
          </Form>
        </section>
        <section aria-labelledby="etapa" className={panel}>
          <h2 id="etapa" className="text-xl font-bold text-slate-900 dark:text-white">
            Etapa e valores
          </h2>
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="stage" />
            <LeadStageFields status={lead.status} lostReason={lead.lost_reason} errors={errors} />
            <Field label="Valor da proposta (R$)" hint="Ex.: 12.500,00" error={errors.proposal_value}>
              <MoneyInput name="proposal_value" defaultValue={formatMoneyField(lead.proposal_value_cents)} />
            </Field>
            <Field label="Valor fechado (R$)" hint="Ex.: 12.500,00" error={errors.closed_value}>
              <MoneyInput name="closed_value" defaultValue={formatMoneyField(lead.closed_value_cents)} />
            </Field>
            <Button type="submit">Salvar etapa</Button>
          </Form>
        </section>
      </div>
      <section aria-labelledby="historico" className={panel}>
        <h2 id="historico" className="text-xl font-bold text-slate-900 dark:text-white">
          Histórico
        </h2>
        <LeadTimeline entries={timeline} />
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="note" />
          <Field label="Nova nota" error={errors.text}>
            <TextArea name="text" rows={3} maxLength={5000} />
          </Field>
          <Button type="submit" variant="secondary">
            Adicionar nota
          </Button>
        </Form>
      </section>
      <section aria-labelledby="excluir" className={panel}>
        <h2 id="excluir" className="text-xl font-bold text-slate-900 dark:text-white">
          Excluir solicitação
        </h2>
        <p className="text-slate-700 dark:text-slate-300">
          Apaga os dados desta pessoa, o histórico da solicitação e os e-mails dela que ainda estão na fila.
          Não há como desfazer.
        </p>
        <DeleteForm
          question="Tem certeza que deseja excluir esta solicitação? Os dados serão apagados."
          label={`Excluir solicitação de ${lead.name}`}
        >
          Excluir solicitação
        </DeleteForm>
      </section>
    </AdminPage>
  );
}
