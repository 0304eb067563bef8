import { data, Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ConversionsSection, type ShownConversions } from "~/components/admin/conversions-section";
import { LeadOutcomes, LeadRankings, LeadResults, LeadWeeks } from "~/components/admin/lead-dashboard-panels";
import { buttonClassName } from "~/components/admin/ui";
import { Icon } from "~/components/ui/icon";
import { parseConversionRange } from "~/lib/conversion-range";
import { CONVERSION_TOP, type Conversions } from "~/lib/conversions";
import { formatCountOf } from "~/lib/count-format";
import { DASHBOARD_WEEKS } from "~/lib/lead-dashboard";
import { SOURCE_EXPLAINED } from "~/lib/lead-source";
import { requireAdminPage } from "~/route-support/admin-guard.server";
import { leadDashboard } from "~/server/leads/index.server";
import { conversions } from "~/server/visits/index.server";
import type { Route } from "./+types/admin-solicitacoes-painel";

// Where the quote requests come from: the last 12 weeks in charts drawn on the server (plain
// HTML and SVG, no script), each with its table (docs/decisions/0032); then visits, contact
// taps and requests joined over a chosen period (docs/decisions/0061).

/** What the page draws of the conversions: the first rows of each ranking, every week. */
function shown(all: Conversions): ShownConversions {
  const byVisitors = [...all.pages]
    .filter((row) => row.visitors > 0)
    .sort((a, b) => b.visitors - a.visitors || a.label.localeCompare(b.label));
  return {
    range: all.range,
    weeks: all.weeks,
    totals: all.totals,
    topPages: all.pages.slice(0, CONVERSION_TOP),
    pageRates: byVisitors.slice(0, CONVERSION_TOP),
    sources: all.sources.slice(0, CONVERSION_TOP),
    services: all.services,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request, { can: "leads.read" });
  const range = parseConversionRange(new URL(request.url).searchParams);
  const [dashboard, figures] = await Promise.all([
    leadDashboard(),
    range.ok ? conversions(range.range) : Promise.resolve(null),
  ]);
  if (!range.ok) {
    return data(
      { dashboard, conversions: null, rangeError: range.message, typed: range.typed },
      { status: 400 },
    );
  }
  return { dashboard, conversions: figures ? shown(figures) : null, rangeError: null, typed: range.range };
}

export const meta: Route.MetaFunction = () => [
  { title: "Painel das solicitações | Admin" },
  { name: "robots", content: "noindex" },
];

export default function AdminLeadDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard } = loaderData;
  return (
    <AdminPage
      title="Painel das solicitações"
      actions={
        <Link to="/admin/solicitacoes" className={buttonClassName("secondary")}>
          <Icon name="arrow-left" className="size-4" />
          Voltar às solicitações
        </Link>
      }
    >
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">
        {formatCountOf(dashboard.total, { one: "solicitação", many: "solicitações" })} nas últimas{" "}
        {DASHBOARD_WEEKS} semanas (de segunda a domingo, horário de Brasília). {SOURCE_EXPLAINED}
      </p>
      <LeadWeeks dashboard={dashboard} />
      <LeadRankings dashboard={dashboard} />
      <LeadResults outcomes={dashboard.outcomes} />
      <LeadOutcomes outcomes={dashboard.outcomes} />
      <ConversionsSection
        figures={loaderData.conversions}
        typed={loaderData.typed}
        error={loaderData.rangeError}
      />
    </AdminPage>
  );
}
