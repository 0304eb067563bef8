import { data, Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { LeadContactLinks } from "~/components/admin/lead-contact-links";
import { Badge, buttonClassName } from "~/components/admin/ui";
import { Icon } from "~/components/ui/icon";
import { REMOVED_POST, sourceLabel } from "~/lib/lead-source";
import { deliveryLabels, leadStatusLabels } from "~/lib/lead-status";
import { formatDateTimeMedium } from "~/lib/site-time";
import type { RouteHandle } from "~/route-handle";
import { requireAdminPage } from "~/server/accounts/guard.server";
import { recordAudit } from "~/server/audit/audit-log.server";
import { leadMention } from "~/server/audit/lead-audit.server";
import { getLead, leadIdFromParam } from "~/server/leads/leads-admin.server";
import type { Route } from "./+types/admin-solicitacoes-detalhe";

// One quote request, whole: the inbox lists the beginning of each message and links here for
// the rest, so a page of 50 requests never carries 50 whole messages.

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireAdminPage(request, { can: "leads.read" });
  const id = leadIdFromParam(params.id);
  const lead = id ? await getLead(id) : null;
  // Every look at a person's whole request is recorded.
  if (lead) await recordAudit(session, { action: "lead.view", ...leadMention(lead) });
  const page = { lead };
  return lead ? page : data(page, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Solicitação de Orçamento | Admin" },
  { name: "robots", content: "noindex" },
];

export default function AdminLead({ loaderData }: Route.ComponentProps) {
  const { lead } = loaderData;
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
    ["E-mail da empresa", deliveryLabels[lead.delivery]],
    ["Origem", sourceLabel(lead)],
    ["Meio (utm_medium)", lead.utm_medium ?? "—"],
    ["Campanha (utm_campaign)", lead.utm_campaign ?? "—"],
    ["Site de origem", lead.source_referrer_host ?? "—"],
    ["Página onde abriu o formulário", lead.source_page ?? "—"],
    ["Post do blog", lead.source_post_id ? (lead.source_post_title ?? REMOVED_POST) : "—"],
  ];
  return (
    <AdminPage title="Solicitação de Orçamento" actions={back}>
      <article
        aria-labelledby="solicitante"
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
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
          <time dateTime={lead.created_at}>{formatDateTimeMedium(lead.created_at)}</time>
        </p>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline font-semibold text-slate-800 dark:text-slate-200">E-mail: </dt>
            <dd className="inline break-all">
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
    </AdminPage>
  );
}
