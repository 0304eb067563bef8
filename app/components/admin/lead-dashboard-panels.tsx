import type { ReactNode } from "react";
import { formatCount, formatCountOf } from "~/lib/count-format";
import {
  DASHBOARD_WEEKS,
  formatWait,
  type LabelCount,
  type LeadDashboard,
  type OutcomeRow,
  type PipelineOutcomes,
} from "~/lib/lead-dashboard";
import { leadStatusLabels } from "~/lib/lead-status";
import { formatMoney } from "~/lib/money";
import { formatDayMonth } from "~/lib/site-time";
import { BarChart, type ChartBar, ChartTable, ColumnChart } from "./bar-charts";
import { FiguresTable } from "./conversion-panels";

// The inbox's dashboard of the last weeks (docs/decisions/0032): where the requests came from,
// and what became of them, each a titled card with its chart drawn on the server and its table.

const NONE = "Nenhuma solicitação no período.";

const percent = new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 0 });

/** A titled card; `layout` is how its contents stack (the frame is every card's). */
function DashboardCard({
  id,
  title,
  layout,
  children,
}: {
  id: string;
  title: string;
  layout: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`${layout} rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900`}
    >
      <h2 id={id} className="text-xl font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

interface RankingPanelProps {
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

/** Requests counted by one thing (the week, the source…): a chart and its table. */
function RankingPanel({ id, title, heading, data, empty, columns }: RankingPanelProps) {
  return (
    <DashboardCard id={id} title={title} layout="flex flex-col gap-4">
      {empty && !data.length ? (
        <p className="text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <>
          {columns ? <ColumnChart title={title} bars={data} /> : <BarChart title={title} bars={data} />}
          <ChartTable caption={title} heading={heading} bars={data} />
        </>
      )}
    </DashboardCard>
  );
}

const bars = (rows: LabelCount[]): ChartBar[] => rows.map((row) => ({ label: row.label, value: row.count }));

/** The requests per week, left to right. */
export function LeadWeeks({ dashboard }: { dashboard: LeadDashboard }) {
  const weeks = dashboard.weeks.map((week) => ({
    label: formatDayMonth(week.start),
    value: week.count,
  }));
  return (
    <RankingPanel
      id="por-semana"
      title={`Solicitações por semana (últimas ${DASHBOARD_WEEKS})`}
      heading="Semana que começa em"
      data={weeks}
      columns
    />
  );
}

/** The requests per post, source, campaign, service and stage. */
export function LeadRankings({ dashboard }: { dashboard: LeadDashboard }) {
  const rankings: RankingPanelProps[] = [
    {
      id: "posts-da-semana",
      title: "Posts que trouxeram as solicitações desta semana",
      heading: "Post",
      data: bars(dashboard.postsThisWeek),
      empty: "Nenhuma solicitação desta semana veio de um post do blog.",
    },
    {
      id: "por-origem",
      title: "Por site de origem",
      heading: "Site de origem",
      data: bars(dashboard.sources),
      empty: NONE,
    },
    {
      id: "por-campanha",
      title: "Por campanha",
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
      title: "Funil de etapas",
      heading: "Etapa atual",
      data: dashboard.statuses.map((row) => ({ label: leadStatusLabels[row.status], value: row.count })),
      empty: NONE,
    },
  ];
  return (
    <div className="grid gap-8 xl:grid-cols-2">
      {rankings.map((panel) => (
        <RankingPanel key={panel.id} {...panel} />
      ))}
    </div>
  );
}

/** Won, lost, win rate and closed value per group: a chart of the value and the whole table. */
function OutcomePanel({
  id,
  title,
  heading,
  rows,
}: {
  id: string;
  title: string;
  heading: string;
  rows: OutcomeRow[];
}) {
  return (
    <DashboardCard id={id} title={title} layout="flex min-w-0 flex-col gap-4">
      {rows.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">{NONE}</p>
      ) : (
        <>
          <BarChart
            title={`${title}: valor fechado (R$)`}
            bars={rows.map((row) => ({ label: row.label, value: Math.round(row.closedCents / 100) }))}
          />
          <FiguresTable
            caption={title}
            columns={[
              { heading, value: (row) => row.label },
              { heading: "Solicitações", value: (row) => formatCount(row.requests), numeric: true },
              { heading: "Ganhas", value: (row) => formatCount(row.won), numeric: true },
              { heading: "Perdidas", value: (row) => formatCount(row.lost), numeric: true },
              {
                heading: "Taxa de ganho",
                value: (row) => (row.winRate === null ? "—" : percent.format(row.winRate)),
                numeric: true,
              },
              { heading: "Valor fechado", value: (row) => formatMoney(row.closedCents), numeric: true },
            ]}
            rows={rows}
            rowKey={(row) => row.label}
          />
        </>
      )}
    </DashboardCard>
  );
}

/** What became of the period's requests: the first answer's wait, won and lost. */
export function LeadResults({ outcomes }: { outcomes: PipelineOutcomes }) {
  return (
    <DashboardCard
      id="resultados"
      title="Resultados das solicitações do período"
      layout="flex flex-col gap-2"
    >
      <p className="text-slate-700 dark:text-slate-300">
        Tempo até a primeira resposta (mediana):{" "}
        <strong>
          {outcomes.medianFirstResponseMs === null
            ? "nenhuma respondida"
            : formatWait(outcomes.medianFirstResponseMs)}
        </strong>
        {outcomes.answered
          ? ` (${formatCountOf(outcomes.answered, { one: "respondida", many: "respondidas" })})`
          : ""}
        .
      </p>
      <p className="text-slate-700 dark:text-slate-300">
        Ganhas: <strong>{formatCount(outcomes.won)}</strong> · Perdidas:{" "}
        <strong>{formatCount(outcomes.lost)}</strong> · Taxa de ganho:{" "}
        <strong>
          {outcomes.won + outcomes.lost ? percent.format(outcomes.won / (outcomes.won + outcomes.lost)) : "—"}
        </strong>{" "}
        · Valor fechado: <strong>{formatMoney(outcomes.closedCents)}</strong>
      </p>
    </DashboardCard>
  );
}

/** What became of the period's requests per source, campaign and service. */
export function LeadOutcomes({ outcomes }: { outcomes: PipelineOutcomes }) {
  return (
    <div className="grid gap-8 xl:grid-cols-2">
      <OutcomePanel
        id="ganhos-por-origem"
        title="Sites de origem: ganhos e valor fechado"
        heading="Site de origem"
        rows={outcomes.sources}
      />
      <OutcomePanel
        id="ganhos-por-campanha"
        title="Campanhas: ganhos e valor fechado"
        heading="Campanha"
        rows={outcomes.campaigns}
      />
      <OutcomePanel
        id="ganhos-por-servico"
        title="Serviços: ganhos e valor fechado"
        heading="Serviço"
        rows={outcomes.services}
      />
    </div>
  );
}
