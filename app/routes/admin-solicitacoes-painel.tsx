import { Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { BarChart, type ChartBar, ChartTable, ColumnChart } from "~/components/admin/bar-charts";
import { buttonClassName } from "~/components/admin/ui";
import { Icon } from "~/components/ui/icon";
import { DASHBOARD_WEEKS, type LabelCount } from "~/lib/lead-dashboard";
import { leadStatusLabels } from "~/lib/lead-status";
import { formatDayMonth } from "~/lib/site-time";
import { requireAdminPage } from "~/server/accounts/guard.server";
import { leadDashboard } from "~/server/leads/lead-dashboard.server";
import type { Route } from "./+types/admin-solicitacoes-painel";

// Where the quote requests come from: the last 12 weeks in charts drawn on the server (plain
// HTML and SVG, no script), each with its table (docs/decisions/0032).

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request, { can: "leads.read" });
  const dashboard = await leadDashboard();
  return { dashboard };
}

export const meta: Route.MetaFunction = () => [
  { title: "Painel das solicitações | Admin" },
  { name: "robots", content: "noindex" },
];

const bars = (rows: LabelCount[]): ChartBar[] => rows.map((row) => ({ label: row.label, value: row.count }));

interface PanelProps {
  id: string;
  title: string;
  /** The table's first column. */
  heading: string;
  data: ChartBar[];
  /** What shows instead of an empty ranking. */
  empty?: string;
  /** Weeks run left to right; rankings top to bottom. */
  columns?: boolean;
}

function Panel({ id, title, heading, data, empty, columns }: PanelProps) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={id} className="text-xl font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      {empty && !data.length ? (
        <p className="text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <>
          {columns ? <ColumnChart title={title} bars={data} /> : <BarChart title={title} bars={data} />}
          <ChartTable caption={title} heading={heading} bars={data} />
        </>
      )}
    </section>
  );
}

const NONE = "Nenhuma solicitação no período.";

export default function AdminLeadDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard } = loaderData;
  const weeks = dashboard.weeks.map((week) => ({
    label: formatDayMonth(week.start),
    value: week.count,
  }));
  const rankings: PanelProps[] = [
    {
      id: "posts-da-semana",
      title: "Posts que trouxeram as solicitações desta semana",
      heading: "Post",
      data: bars(dashboard.postsThisWeek),
      empty: "Nenhuma solicitação desta semana veio de um post do blog.",
    },
    { id: "por-origem", title: "Por origem", heading: "Origem", data: bars(dashboard.sources), empty: NONE },
    {
      id: "por-campanha",
      title: "Por campanha (utm_campaign)",
      heading: "Campanha",
      data: bars(dashboard.campaigns),
      empty: "Nenhuma solicitação veio de uma campanha no período.",
    },
    {
      id: "por-post",
      title: `Por post do blog (últimas ${DASHBOARD_WEEKS} semanas)`,
      heading: "Post",
      data: bars(dashboard.posts),
      empty: "Nenhuma solicitação veio de um post do blog no período.",
    },
    {
      id: "por-servico",
      title: "Por serviço",
      heading: "Serviço",
      data: bars(dashboard.services),
      empty: NONE,
    },
    {
      id: "funil",
      title: "Funil de status",
      heading: "Status atual",
      data: dashboard.statuses.map((row) => ({ label: leadStatusLabels[row.status], value: row.count })),
      empty: NONE,
    },
  ];
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
        {dashboard.total.toLocaleString("pt-BR")} solicitações nas últimas {DASHBOARD_WEEKS} semanas (de
        segunda a domingo, horário de Brasília). A origem é a campanha (utm_source), senão o site que trouxe o
        visitante, senão “Direto”.
      </p>
      <Panel
        id="por-semana"
        title={`Solicitações por semana (últimas ${DASHBOARD_WEEKS})`}
        heading="Semana que começa em"
        data={weeks}
        columns
      />
      <div className="grid gap-8 xl:grid-cols-2">
        {rankings.map((panel) => (
          <Panel key={panel.id} {...panel} />
        ))}
      </div>
    </AdminPage>
  );
}
