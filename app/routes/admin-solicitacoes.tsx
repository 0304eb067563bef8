import { Form, Link, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { LeadContactLinks } from "~/components/admin/lead-contact-links";
import { LeadRepeatNote } from "~/components/admin/lead-repeat-note";
import { LeadStageFields } from "~/components/admin/lead-stage-fields";
import { DateRangeFields, FilterSelect, ListFilters } from "~/components/admin/list-filters";
import { filteredListPageHref, ListPagination, listSummary } from "~/components/admin/list-pagination";
import { Badge, Button, buttonClassName, Field, TextArea, TextInput } from "~/components/admin/ui";
import { ADMIN_SEARCH_MAX_LENGTH, isFiltered, leadListParams, listHref } from "~/lib/admin-list";
import { formatCountOf } from "~/lib/count-format";
import { sourceSummary } from "~/lib/lead-source";
import { deliveryLabels, leadStatuses, leadStatusLabels } from "~/lib/lead-status";
import { requestNumberLabel } from "~/lib/request-number";
import { formatListDateTime } from "~/lib/site-time";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { listPage } from "~/route-support/list-page.server";
import { parseLeadListQuery } from "~/server/admin-lists/index.server";
import { refused } from "~/server/commands/index.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import { listLeadServices, listLeads, saveLeadFromInbox, stageFormFields } from "~/server/leads/index.server";
import type { Route } from "./+types/admin-solicitacoes";

// The quote-request inbox: 50 requests a page, newest first, searched and filtered on the
// server from the address (?busca=&status=&servico=&de=&ate=&pagina=); each message shows its
// beginning, the whole of it on the request's own page (admin-solicitacoes-detalhe.tsx).

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request, { can: "leads.read" });
  const parsed = parseLeadListQuery(new URL(request.url).searchParams);
  return listPage(
    parsed,
    listLeads,
    listLeadServices().then((services) => ({ services })),
  );
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request, { can: "leads.manage" });
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  // Each card saves its stage and note; deleting a request is on its own page, away from "Salvar".
  const outcome = await saveLeadFromInbox(session, {
    id: formText(form, "id"),
    stage: stageFormFields(form),
    note: formText(form, "note"),
    backTo: `/admin/solicitacoes${new URL(request.url).search}`,
  });
  return answerCommand(session, outcome);
}

export const meta: Route.MetaFunction = () => [
  { title: "Solicitações de Orçamento | Admin" },
  { name: "robots", content: "noindex" },
];

export default function AdminLeads({ loaderData, actionData }: Route.ComponentProps) {
  const { list: leads, services, query, invalidQuery } = loaderData;
  const navigation = useNavigation();
  const path = "/admin/solicitacoes";
  const params = leadListParams(query);
  const filtered = isFiltered(query);
  const status = query.status;
  // What the form's own fields narrow (the stage has its links).
  const searched = isFiltered({ ...query, status: null });
  const chip = (active: boolean) =>
    `inline-flex min-h-11 items-center rounded-full border px-3 py-1.5 text-sm font-semibold lg:min-h-0 ${
      active
        ? "border-brand-800 bg-brand-800 text-white dark:border-brand-300 dark:bg-brand-300 dark:text-slate-950"
        : "border-slate-300 text-slate-700 hover:border-brand-700 dark:border-slate-600 dark:text-slate-200"
    }`;
  return (
    <AdminPage
      title="Solicitações de Orçamento"
      failure={actionData}
      actions={
        <>
          <Link to="/admin/solicitacoes/painel" className={buttonClassName("secondary")}>
            Painel
          </Link>
          <a
            href={listHref("/admin/solicitacoes.csv", { ...params, pagina: null })}
            className={buttonClassName("secondary")}
            download
          >
            Exportar CSV
          </a>
        </>
      }
    >
      {/* The stage links fold with the search on a phone, so the first request shows without
          scrolling (from Início, ?status=novo): the folded box names the stage it applies. */}
      <ListFilters
        path={path}
        label="Buscar e filtrar solicitações"
        applied={listHref(path, params)}
        filtered={searched}
        clearHref={listHref(path, { status })}
        error={invalidQuery}
        summaryDetail={status ? `Etapa: ${leadStatusLabels[status]}` : null}
        leading={
          <nav aria-label="Filtrar por etapa">
            <ul className="flex flex-wrap gap-2">
              <li>
                <Link
                  to={listHref(path, { ...params, status: null, pagina: null })}
                  aria-current={status === null ? "page" : undefined}
                  className={chip(status === null)}
                >
                  Todas
                </Link>
              </li>
              {leadStatuses.map((value) => (
                <li key={value}>
                  <Link
                    to={listHref(path, { ...params, status: value, pagina: null })}
                    aria-current={status === value ? "page" : undefined}
                    className={chip(status === value)}
                  >
                    {leadStatusLabels[value]}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        }
      >
        {status ? <input type="hidden" name="status" value={status} /> : null}
        <Field label="Buscar por nome, e-mail, telefone ou mensagem" className="lg:col-span-2">
          <TextInput
            type="search"
            name="busca"
            defaultValue={query.search}
            maxLength={ADMIN_SEARCH_MAX_LENGTH}
          />
        </Field>
        <FilterSelect
          label="Serviço"
          name="servico"
          value={query.service}
          allLabel="Todos"
          options={services.map((service) => ({ value: service, label: service }))}
        />
        <DateRangeFields labels={["Recebida de", "Recebida até"]} from={query.from} to={query.to} />
      </ListFilters>
      {leads === null ? null : leads.total === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">
          {filtered ? "Nenhuma solicitação encontrada com estes filtros." : "Nenhuma solicitação ainda."}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {listSummary(leads, { one: "solicitação", many: "solicitações" })}
          </p>
          <ul className="flex flex-col gap-4">
            {leads.items.map((lead) => {
              const saving = navigation.state === "submitting" && navigation.formData?.get("id") === lead.id;
              return (
                <li
                  key={lead.id}
                  className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 lg:grid-cols-[1fr_20rem] dark:border-slate-800 dark:bg-slate-900"
                >
                  {/* Whatever a visitor typed (a name, a phone, a campaign tag with no space) wraps
                      inside the card on a phone instead of widening the page. */}
                  <article
                    aria-label={`Solicitação de ${lead.name}`}
                    className="flex min-w-0 flex-col gap-2 [overflow-wrap:anywhere]"
                  >
                    <div className="flex flex-wrap items-center gap-2">
                      <h2 className="text-lg font-bold text-slate-900 dark:text-white">{lead.name}</h2>
                      <Badge variant={lead.status === "novo" ? "featured" : "neutral"}>
                        {leadStatusLabels[lead.status]}
                      </Badge>
                      <Badge
                        variant={
                          lead.delivery === "sent"
                            ? "published"
                            : lead.delivery === "retrying"
                              ? "archived"
                              : "draft"
                        }
                      >
                        {deliveryLabels[lead.delivery]}
                      </Badge>
                    </div>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      {lead.number === null ? null : `${requestNumberLabel(lead.number)} · `}
                      <time dateTime={lead.created_at}>{formatListDateTime(lead.created_at)}</time>
                    </p>
                    {lead.repeat_of ? (
                      <LeadRepeatNote repeatOf={lead.repeat_of} repeatOfNumber={lead.repeat_of_number} />
                    ) : null}
                    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                      {/* The whole width: an address as long as many are breaks in half a card. */}
                      <div className="sm:col-span-2">
                        <dt className="inline font-semibold text-slate-800 dark:text-slate-200">E-mail: </dt>
                        <dd className="inline [overflow-wrap:anywhere]">
                          <a
                            href={`mailto:${lead.email}`}
                            className="text-brand-700 underline dark:text-brand-300"
                          >
                            {lead.email}
                          </a>
                        </dd>
                      </div>
                      <div>
                        <dt className="inline font-semibold text-slate-800 dark:text-slate-200">
                          Telefone:{" "}
                        </dt>
                        <dd className="inline">{lead.phone}</dd>
                      </div>
                      <div>
                        <dt className="inline font-semibold text-slate-800 dark:text-slate-200">
                          Condomínio:{" "}
                        </dt>
                        <dd className="inline">{lead.condominium}</dd>
                      </div>
                      <div>
                        <dt className="inline font-semibold text-slate-800 dark:text-slate-200">Serviço: </dt>
                        <dd className="inline">{lead.service}</dd>
                      </div>
                      <div className="sm:col-span-2">
                        <dt className="inline font-semibold text-slate-800 dark:text-slate-200">Origem: </dt>
                        <dd className="inline break-words">{sourceSummary(lead)}</dd>
                      </div>
                    </dl>
                    <LeadContactLinks name={lead.name} phone={lead.phone} />
                    <p className="text-sm whitespace-pre-wrap text-slate-700 dark:text-slate-300">
                      {lead.messageCut ? `${lead.messageExcerpt}…` : lead.messageExcerpt}
                    </p>
                    {/* Every request has its page: the whole message, and where it came from in full. */}
                    <p className="text-sm">
                      <Link
                        to={`/admin/solicitacoes/${lead.id}`}
                        className="text-brand-700 underline dark:text-brand-300"
                      >
                        {lead.messageCut ? "Ver mensagem completa" : "Ver detalhes"}
                        <span className="sr-only"> de {lead.name}</span>
                      </Link>
                    </p>
                    {lead.deliveryError ? (
                      <p className="text-sm text-amber-800 dark:text-amber-300">
                        Último erro do aviso à empresa (
                        {formatCountOf(lead.deliveryAttempts, { one: "tentativa", many: "tentativas" })}):{" "}
                        {lead.deliveryError}
                      </p>
                    ) : null}
                  </article>
                  <div className="flex flex-col gap-3">
                    <Form method="post" className="flex flex-col gap-3">
                      <input type="hidden" name="id" value={lead.id} />
                      <LeadStageFields status={lead.status} lostReason={lead.lost_reason} />
                      <Field label="Nota particular">
                        <TextArea name="note" rows={3} defaultValue={lead.note} maxLength={5000} />
                      </Field>
                      <Button type="submit" variant="secondary" busy={saving} busyLabel="Salvando...">
                        Salvar<span className="sr-only"> solicitação de {lead.name}</span>
                      </Button>
                    </Form>
                  </div>
                </li>
              );
            })}
          </ul>
          <ListPagination
            label="Páginas das solicitações"
            page={leads.page}
            pageCount={leads.pageCount}
            href={filteredListPageHref(path, params)}
          />
        </>
      )}
    </AdminPage>
  );
}
