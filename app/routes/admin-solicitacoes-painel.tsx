import { Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { BarChart, type ChartBar, ChartTable, ColumnChart } from "~/components/admin/bar-charts";
import { buttonClassName } from "~/components/admin/ui";
import { Icon } from "~/components/ui/icon";
import { DASHBOARD_WEEKS, type LabelCount } from "~/lib/lead-dashboard";
import { leadStatusLabels } from "~/lib/lead-status";
import { leadDashboard } from "~/server/admin/lead-dashboard.server";
import { requireAdminPage } from "~/server/auth/guard.server";
import { takeFlash } from "~/server/auth/sessions.server";
import type { Route } from "./+types/admin-solicitacoes-painel";

// Where the quote requests come from: the last 12 weeks in charts drawn on the server (plain
// HTML and SVG, no script), each with its table (docs/decisions/0032).

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdminPage(request);
  const [dashboard, flash] = await Promise.all([leadDashboard(), takeFlash(session)]);
  return { dashboard, flash, email: session.user.email };
}

export const meta: Route.MetaFunction = () => [
  { title: "Painel das solicitações | Admin" },
  { name: "robots", content: "noindex" },
];

const weekLabel = new Intl.DateTimeFormat("pt-BR", { timeZone: "UTC", day: "2-digit", month: "2-digit" });
const bars = (rows: LabelCount[]): ChartBar[] => rows.map((row) => ({ label: row.label, value: row.count }));

function Panel({
  id,
  title,
  heading,
  data,
  empty,
}: {
  id: string;
  title: string;
  heading: string;
  data: ChartBar[];
  empty: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={id} className="text-xl font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      {data.length ? (
        <>
          <BarChart title={title} bars={data} />
          <ChartTable caption={title} heading={heading} bars={data} />
        </>
      ) : (
        <p className="text-slate-600 dark:text-slate-400">{empty}</p>
      )}
    </section>
  );
}

export default function AdminLeadDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard, flash, email } = loaderData;
  const weeks = dashboard.weeks.map((week) => ({
    label: weekLabel.format(new Date(`${week.start}T00:00:00.000Z`)),
    value: week.count,
  }));
  const weeksTitle = `Solicitações por semana (últimas ${DASHBOARD_WEEKS})`;
  return (
    <AdminPage
      title="Painel das solicitações"
      email={email}
      flash={flash}
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
      <section
        aria-labelledby="por-semana"
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="por-semana" className="text-xl font-bold text-slate-900 dark:text-white">
          {weeksTitle}
        </h2>
        <ColumnChart title={weeksTitle} bars={weeks} />
        <ChartTable caption={weeksTitle} heading="Semana que começa em" bars={weeks} />
      </section>
      <div className="grid gap-8 xl:grid-cols-2">
        <Panel
          id="por-origem"
          title="Por origem"
          heading="Origem"
          data={bars(dashboard.sources)}
          empty="Nenhuma solicitação no período."
        />
        <Panel
          id="por-post"
          title="Por post do blog"
          heading="Post"
          data={bars(dashboard.posts)}
          empty="Nenhuma solicitação veio de um post do blog no período."
        />
        <Panel
          id="por-servico"
          title="Por serviço"
          heading="Serviço"
          data={bars(dashboard.services)}
          empty="Nenhuma solicitação no período."
        />
        <Panel
          id="funil"
          title="Funil de status"
          heading="Status atual"
          data={dashboard.statuses.map((row) => ({ label: leadStatusLabels[row.status], value: row.count }))}
          empty="Nenhuma solicitação no período."
        />
      </div>
    </AdminPage>
  );
}
