import { data, Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { BarChart, type ChartBar, ChartTable, ColumnChart } from "~/components/admin/bar-charts";
import {
  ConversionPanel,
  ConversionRangeForm,
  FiguresTable,
  figureColumns,
  rateBars,
} from "~/components/admin/conversion-panels";
import { buttonClassName } from "~/components/admin/ui";
import { Icon } from "~/components/ui/icon";
import { parseConversionRange } from "~/lib/conversion-range";
import { CONVERSION_TOP, type Conversions, NO_CAMPAIGN } from "~/lib/conversions";
import { DASHBOARD_WEEKS, formatWait, type LabelCount, type OutcomeRow } from "~/lib/lead-dashboard";
import { leadStatusLabels } from "~/lib/lead-status";
import { formatMoney } from "~/lib/money";
import { formatDateMedium, formatDayMonth } from "~/lib/site-time";
import { requireAdminPage } from "~/route-support/admin-guard.server";
import { leadDashboard } from "~/server/leads/lead-dashboard.server";
import { conversions } from "~/server/visits/conversions.server";
import type { Route } from "./+types/admin-solicitacoes-painel";

// Where the quote requests come from: the last 12 weeks in charts drawn on the server (plain
// HTML and SVG, no script), each with its table (docs/decisions/0032); then visits, contact
// taps and requests joined over a chosen period (docs/decisions/0061).

/** What the page draws of the conversions: the first rows of each ranking, every week. */
function shown(all: Conversions) {
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

const percent = new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 0 });

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
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={id} className="text-xl font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
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
              { heading: "Solicitações", value: (row) => String(row.requests), numeric: true },
              { heading: "Ganhas", value: (row) => String(row.won), numeric: true },
              { heading: "Perdidas", value: (row) => String(row.lost), numeric: true },
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
    </section>
  );
}

type Shown = ReturnType<typeof shown>;

const count = new Intl.NumberFormat("pt-BR");

/** Visits, taps and requests over the chosen period: weeks, pages, sources, services. */
function ConversionsSection({
  figures,
  typed,
  error,
}: {
  figures: Shown | null;
  typed: { from: string; to: string };
  error: string | null;
}) {
  const weekLabel = (week: string) => formatDayMonth(week);
  const sourceLabel = (row: { label: string; campaign: string }) =>
    `${row.label} · ${row.campaign || NO_CAMPAIGN}`;
  return (
    <section aria-labelledby="conversoes" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2 id="conversoes" className="text-2xl font-bold text-slate-900 dark:text-white">
          Conversões: visitas, toques e solicitações
        </h2>
        <p className="max-w-3xl text-slate-700 dark:text-slate-300">
          Conversão é quantas solicitações de orçamento e toques no WhatsApp, no telefone ou no e-mail houve
          para cada 100 visitantes. Um visitante é contado uma vez por dia; os visitantes de uma semana são a
          soma dos dias. Semanas de segunda a domingo, horário de Brasília.
        </p>
        <p className="max-w-3xl text-slate-700 dark:text-slate-300">
          Os toques são um mínimo: cada pessoa conta um toque por tipo de link e página por dia, e um
          navegador que bloqueia o aviso do toque (alguns bloqueadores de anúncios e de rastreamento fazem
          isso) abre o WhatsApp, o telefone ou o e-mail sem que o toque seja contado.
        </p>
        <ConversionRangeForm from={typed.from} to={typed.to} error={error ?? undefined} />
      </div>
      {figures ? (
        <>
          <p className="text-slate-700 dark:text-slate-300">
            De {formatDateMedium(`${figures.range.from}T12:00:00.000Z`)} a{" "}
            {formatDateMedium(`${figures.range.to}T12:00:00.000Z`)}:{" "}
            <strong>{count.format(figures.totals.visitors)}</strong>{" "}
            {figures.totals.visitors === 1 ? "visitante" : "visitantes"},{" "}
            <strong>{count.format(figures.totals.requests)}</strong>{" "}
            {figures.totals.requests === 1 ? "solicitação" : "solicitações"} e{" "}
            <strong>{count.format(figures.totals.taps)}</strong>{" "}
            {figures.totals.taps === 1 ? "toque de contato" : "toques de contato"}.
          </p>
          <ConversionPanel
            id="conversoes-por-semana"
            title="Visitas, solicitações e toques por semana"
            table="semanas"
            range={figures.range}
            empty={false}
            note="Na primeira e na última semana contam só os dias dentro do período."
          >
            <div className="grid gap-4 xl:grid-cols-2">
              <ColumnChart
                title="Visitantes por semana"
                bars={figures.weeks.map((w) => ({ label: weekLabel(w.week), value: w.visitors }))}
              />
              <ColumnChart
                title="Solicitações e toques por semana"
                bars={figures.weeks.map((w) => ({ label: weekLabel(w.week), value: w.requests + w.taps }))}
              />
            </div>
            <FiguresTable
              caption="Visitas, solicitações e toques por semana"
              columns={[
                { heading: "Semana que começa em", value: (w) => weekLabel(w.week) },
                ...figureColumns<Shown["weeks"][number]>(),
              ]}
              rows={figures.weeks}
              rowKey={(w) => w.week}
            />
          </ConversionPanel>
          <div className="grid gap-8 xl:grid-cols-2">
            <ConversionPanel
              id="paginas-mais-vistas"
              title="Páginas mais vistas"
              table="paginas"
              range={figures.range}
              empty={figures.topPages.length === 0}
              note={`As ${CONVERSION_TOP} primeiras; o CSV traz todas.`}
            >
              <BarChart
                title="Páginas mais vistas (visualizações)"
                bars={figures.topPages.map((row) => ({
                  label: row.label || "(desconhecida)",
                  value: row.views,
                }))}
              />
              <FiguresTable
                caption="Páginas mais vistas"
                columns={[
                  { heading: "Página", value: (row) => row.label || "(desconhecida)" },
                  { heading: "Visualizações", value: (row) => count.format(row.views), numeric: true },
                  { heading: "Visitantes", value: (row) => count.format(row.visitors), numeric: true },
                ]}
                rows={figures.topPages}
                rowKey={(row) => row.label}
              />
            </ConversionPanel>
            <ConversionPanel
              id="conversao-das-paginas"
              title="Conversão de cada página"
              table="paginas"
              range={figures.range}
              empty={figures.pageRates.length === 0}
              note="A solicitação conta para a página em que o visitante abriu o formulário; o toque, para a página do botão."
            >
              <BarChart
                title="Conversão de cada página (por 100 visitantes)"
                bars={rateBars(figures.pageRates, (row) => row.label)}
              />
              <FiguresTable
                caption="Conversão de cada página"
                columns={[
                  { heading: "Página", value: (row) => row.label },
                  ...figureColumns<Shown["pageRates"][number]>(),
                ]}
                rows={figures.pageRates}
                rowKey={(row) => row.label}
              />
            </ConversionPanel>
            <ConversionPanel
              id="conversao-das-origens"
              title="Conversão de cada origem e campanha"
              table="origens"
              range={figures.range}
              empty={figures.sources.length === 0}
              note="A origem é a campanha (utm_source), senão o site que trouxe o visitante, senão “Direto”. Visitantes são os que chegaram por ela; a navegação dentro do site não é origem."
            >
              <BarChart
                title="Conversão de cada origem e campanha (por 100 visitantes)"
                bars={rateBars(figures.sources, sourceLabel)}
              />
              <FiguresTable
                caption="Conversão de cada origem e campanha"
                columns={[
                  { heading: "Origem", value: (row) => row.label },
                  { heading: "Campanha", value: (row) => row.campaign || NO_CAMPAIGN },
                  ...figureColumns<Shown["sources"][number]>(),
                ]}
                rows={figures.sources}
                rowKey={sourceLabel}
              />
            </ConversionPanel>
            <ConversionPanel
              id="servicos-escolhidos"
              title="Serviços escolhidos nas solicitações"
              table="servicos"
              range={figures.range}
              empty={figures.services.length === 0}
              note="Sem taxa: nenhum serviço tem visitas próprias, e um toque não diz o serviço. Aqui, quantas solicitações escolheram cada um."
            >
              <BarChart
                title="Serviços escolhidos nas solicitações"
                bars={figures.services.map((row) => ({ label: row.service, value: row.requests }))}
              />
              <FiguresTable
                caption="Serviços escolhidos nas solicitações"
                columns={[
                  { heading: "Serviço", value: (row) => row.service },
                  { heading: "Solicitações", value: (row) => count.format(row.requests), numeric: true },
                ]}
                rows={figures.services}
                rowKey={(row) => row.service}
              />
            </ConversionPanel>
          </div>
        </>
      ) : null}
    </section>
  );
}

export default function AdminLeadDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard } = loaderData;
  const { outcomes } = dashboard;
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
      title: "Funil de etapas",
      heading: "Etapa atual",
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
      <section
        aria-labelledby="resultados"
        className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="resultados" className="text-xl font-bold text-slate-900 dark:text-white">
          Resultados das solicitações do período
        </h2>
        <p className="text-slate-700 dark:text-slate-300">
          Tempo até a primeira resposta (mediana):{" "}
          <strong>
            {outcomes.medianFirstResponseMs === null
              ? "nenhuma respondida"
              : formatWait(outcomes.medianFirstResponseMs)}
          </strong>
          {outcomes.answered ? ` (${outcomes.answered.toLocaleString("pt-BR")} respondidas)` : ""}.
        </p>
        <p className="text-slate-700 dark:text-slate-300">
          Ganhas: <strong>{outcomes.won.toLocaleString("pt-BR")}</strong> · Perdidas:{" "}
          <strong>{outcomes.lost.toLocaleString("pt-BR")}</strong> · Taxa de ganho:{" "}
          <strong>
            {outcomes.won + outcomes.lost
              ? percent.format(outcomes.won / (outcomes.won + outcomes.lost))
              : "—"}
          </strong>{" "}
          · Valor fechado: <strong>{formatMoney(outcomes.closedCents)}</strong>
        </p>
      </section>
      <div className="grid gap-8 xl:grid-cols-2">
        <OutcomePanel
          id="ganhos-por-origem"
          title="Origens: ganhos e valor fechado"
          heading="Origem"
          rows={outcomes.sources}
        />
        <OutcomePanel
          id="ganhos-por-campanha"
          title="Campanhas (utm_campaign): ganhos e valor fechado"
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
      <ConversionsSection
        figures={loaderData.conversions}
        typed={loaderData.typed}
        error={loaderData.rangeError}
      />
    </AdminPage>
  );
}
