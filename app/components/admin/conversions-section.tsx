import { CONVERSION_TOP, type Conversions, NO_CAMPAIGN } from "~/lib/conversions";
import { SOURCE_EXPLAINED } from "~/lib/lead-source";
import { formatDayMonth, formatReportDay } from "~/lib/site-time";
import { ColumnChart } from "./bar-charts";
import {
  ConversionPanel,
  ConversionRangeForm,
  ConversionRanking,
  FiguresTable,
  figureColumns,
  rateBars,
} from "./conversion-panels";

// The dashboard's conversions (docs/decisions/0061-conversions-dashboard.md): visits, contact
// taps and quote requests joined over the chosen period, week by week and ranked.

/** What the page draws of the conversions: the first rows of each ranking, every week. */
export interface ShownConversions extends Pick<Conversions, "range" | "weeks" | "totals" | "services"> {
  topPages: Conversions["pages"];
  /** The pages with visitors, the most visitors first. */
  pageRates: Conversions["pages"];
  sources: Conversions["sources"];
}

const count = new Intl.NumberFormat("pt-BR");

/** Visits, taps and requests over the chosen period: weeks, pages, sources, services. */
export function ConversionsSection({
  figures,
  typed,
  error,
}: {
  figures: ShownConversions | null;
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
            De {formatReportDay(figures.range.from)} a {formatReportDay(figures.range.to)}:{" "}
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
                ...figureColumns<ShownConversions["weeks"][number]>(),
              ]}
              rows={figures.weeks}
              rowKey={(w) => w.week}
            />
          </ConversionPanel>
          <div className="grid gap-8 xl:grid-cols-2">
            <ConversionRanking
              id="paginas-mais-vistas"
              title="Páginas mais vistas"
              table="paginas"
              range={figures.range}
              note={`As ${CONVERSION_TOP} primeiras; o CSV traz todas.`}
              chartTitle="Páginas mais vistas (visualizações)"
              bars={figures.topPages.map((row) => ({
                label: row.label || "(desconhecida)",
                value: row.views,
              }))}
              columns={[
                { heading: "Página", value: (row) => row.label || "(desconhecida)" },
                { heading: "Visualizações", value: (row) => count.format(row.views), numeric: true },
                { heading: "Visitantes", value: (row) => count.format(row.visitors), numeric: true },
              ]}
              rows={figures.topPages}
              rowKey={(row) => row.label}
            />
            <ConversionRanking
              id="conversao-das-paginas"
              title="Conversão de cada página"
              table="paginas"
              range={figures.range}
              note="A solicitação conta para a página em que o visitante abriu o formulário; o toque, para a página do botão."
              chartTitle="Conversão de cada página (por 100 visitantes)"
              bars={rateBars(figures.pageRates, (row) => row.label)}
              columns={[
                { heading: "Página", value: (row) => row.label },
                ...figureColumns<ShownConversions["pageRates"][number]>(),
              ]}
              rows={figures.pageRates}
              rowKey={(row) => row.label}
            />
            <ConversionRanking
              id="conversao-das-origens"
              title="Conversão de cada site de origem e campanha"
              table="origens"
              range={figures.range}
              note={`${SOURCE_EXPLAINED} Visitantes são os que chegaram por ele; a navegação dentro do site não conta como origem.`}
              chartTitle="Conversão de cada site de origem e campanha (por 100 visitantes)"
              bars={rateBars(figures.sources, sourceLabel)}
              columns={[
                { heading: "Site de origem", value: (row) => row.label },
                { heading: "Campanha", value: (row) => row.campaign || NO_CAMPAIGN },
                ...figureColumns<ShownConversions["sources"][number]>(),
              ]}
              rows={figures.sources}
              rowKey={sourceLabel}
            />
            <ConversionRanking
              id="servicos-escolhidos"
              title="Serviços escolhidos nas solicitações"
              table="servicos"
              range={figures.range}
              note="Sem taxa: nenhum serviço tem visitas próprias, e um toque não diz o serviço. Aqui, quantas solicitações escolheram cada um."
              chartTitle="Serviços escolhidos nas solicitações"
              bars={figures.services.map((row) => ({ label: row.service, value: row.requests }))}
              columns={[
                { heading: "Serviço", value: (row) => row.service },
                { heading: "Solicitações", value: (row) => count.format(row.requests), numeric: true },
              ]}
              rows={figures.services}
              rowKey={(row) => row.service}
            />
          </div>
        </>
      ) : null}
    </section>
  );
}
