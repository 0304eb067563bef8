import * as site from "../../app/server/runtime/maintenance.server.ts";
import { countedViews, type PreparedDatabase } from "../bench-database.ts";
import { integer, optional, printTable } from "../bench-format.ts";
import { MIXED_CAMPAIGN, type MixedResult } from "../bench-mixed.ts";
import { mark } from "./report.ts";
import type { BenchRun } from "./runner.ts";
import { TARGETS } from "./targets.ts";

// The mixed load's report: its answers, its leads and its page views against the visit counts.

/** The pages the mixed load views: the public pages, a category, the articles, the work if any. */
export function mixedLoadPages(prepared: PreparedDatabase, workPath: string | null): string[] {
  return [
    "/",
    "/servicos",
    "/obras",
    "/contato",
    "/blog",
    `/blog?categoria=${prepared.category.slug}`,
    ...(workPath ? [workPath] : []),
    ...prepared.articleSlugs.map((slug) => `/blog/${slug}`),
  ];
}

interface MixedLine {
  kind: string;
  responses: number;
  requestsPerSecond: number;
  p50Ms: number | null;
  p99Ms: number | null;
  failedAnswers: number;
}

export function printMixed(mixed: MixedResult): void {
  const perSecond = (n: number) => (mixed.durationS > 0 ? n / mixed.durationS : 0);
  const lines: MixedLine[] = [
    { kind: "páginas", ...mixed.views, requestsPerSecond: perSecond(mixed.views.responses) },
    {
      kind: "pedidos de orçamento",
      ...mixed.submissions,
      requestsPerSecond: perSecond(mixed.submissions.responses),
    },
  ];
  printTable<MixedLine>(
    [
      { header: "tipo", cell: (l) => l.kind },
      { header: "respostas", cell: (l) => integer(l.responses), right: true },
      { header: "req/s", cell: (l) => integer(l.requestsPerSecond), right: true },
      { header: "p50 ms", cell: (l) => optional(l.p50Ms, 1), right: true },
      { header: "p99 ms", cell: (l) => optional(l.p99Ms, 1), right: true },
      { header: "fora de 2xx/3xx", cell: (l) => String(l.failedAnswers), right: true },
    ],
    lines,
  );
  console.log(
    `Total: ${integer(mixed.requestsPerSecond)} req/s; erros de conexão ${mixed.errors} (timeouts ${mixed.timeouts}).`,
  );
  const { leads } = mixed;
  console.log(
    `lost leads: ${leads.lost} (meta: ${TARGETS.lostLeads}; ${mark(leads.lost <= TARGETS.lostLeads)}) — ` +
      `${integer(leads.answeredSuccess)} pedidos com resposta de sucesso, aquecimento incluído; ` +
      `${leads.storedWithoutSuccessAnswer} gravados sem resposta de sucesso (em andamento quando a carga parou).`,
  );
}

interface MixedCounts {
  /** Page views of the mixed load answered 200 (warm-up included). */
  answered: number;
  /** Those in the visit counts once the server stopped. */
  counted: number;
  /** Answered and not counted. Must be 0. */
  lost: number;
  met: boolean;
}

/** After the server stopped (its last counts written): the mixed load's views against its answers. */
export async function mixedCounts(run: BenchRun, mixed: MixedResult): Promise<MixedCounts> {
  const counted = await countedViews(site, run.database.env, MIXED_CAMPAIGN);
  const lost = Math.max(0, mixed.viewsAnswered - counted);
  return { answered: mixed.viewsAnswered, counted, lost, met: lost <= TARGETS.lostCounts };
}

export function printMixedCounts(counts: MixedCounts): void {
  // A view is counted as its answer is made: a request cut off when the load stopped may be
  // counted without its answer having been read, never the reverse.
  console.log(
    `lost counts: ${counts.lost} (meta: ${TARGETS.lostCounts}; ${mark(counts.met)}) — ` +
      `${integer(counts.answered)} páginas respondidas com 200, aquecimento incluído; ${integer(counts.counted)} visualizações contadas ` +
      `(${integer(Math.max(0, counts.counted - counts.answered))} de pedidos em andamento quando a carga parou).`,
  );
}
