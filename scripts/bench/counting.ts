import os from "node:os";
import path from "node:path";
import { projectRoot } from "../../harness/built-site.ts";
import type { PreparedDatabase } from "../bench-database.ts";
import { decimal, integer, optional, printTable } from "../bench-format.ts";
import { type Check, checkPage, measureCase, type Row, WARMUP_SECONDS } from "./cases.ts";
import { type Bound, limitText, meetsBound } from "./margins.ts";
import { caseColumns, mark, printOutcome, reportFailures, reportHeader, writeReport } from "./report.ts";
import type { BenchRun } from "./runner.ts";
import { failedRequests, TARGETS } from "./targets.ts";

const countingReportPath = path.join(projectRoot, "bench/report-contagem.json");
/** The server with visit counting off (`serveSite({ countVisits: false })`). */
const UNCOUNTED_ENTRY = "scripts/bench-uncounted-server.js";
/**
 * Rounds of (counting on, counting off) on the cached article. Other work on the machine only
 * ever slows a run down, so each side's best run is the one closest to its own cost: the
 * target compares those (the means are printed beside them).
 */
const COUNTING_ROUNDS = 3;
/** The target, as the lines name it. */
export const COUNTING_TARGET = "artigo em cache com contagem";

interface CountingComparison {
  /** Best req/s of the cached article at 50 connections, counting on (a fresh server as in production). */
  countedRequestsPerSecond: number;
  /** The same on a server with counting off, measured in turn with it. */
  uncountedRequestsPerSecond: number;
  /** Best over best: the target. */
  ratio: number;
  /** Mean over mean, for reference. */
  meanRatio: number;
  countedCpuUsPerResponse: number | null;
  uncountedCpuUsPerResponse: number | null;
  /** The ratio against its target, and no failed request in any round. */
  bounds: Bound[];
  met: boolean;
  rows: Row[];
}

const mean = (values: Array<number | null>) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? known.reduce((sum, v) => sum + v, 0) / known.length : null;
};

/**
 * The cached article with visit counting on (a server as in production) and off (the same with
 * counting off), measured in turn at 50 connections, COUNTING_ROUNDS times. Both servers start
 * together on the same database and serve nothing else: only counting tells them apart. The
 * main server is not one of them: by then it has taken the photos, the searches and the other
 * loads, which leave V8 slower on the same article by 10-15 % with or without counting, and
 * against a fresh server that history would be counted as counting's cost.
 */
export async function measureCounting(
  run: BenchRun,
  serverEnv: Record<string, string>,
  articlePath: string,
  articleCheck: Check,
): Promise<CountingComparison> {
  const server = await run.startServer("com contagem", serverEnv, "server-counted.log");
  const uncounted = await run.startServer("sem contagem", serverEnv, "server-uncounted.log", UNCOUNTED_ENTRY);
  await checkPage(new URL(articlePath, uncounted.url).href, articleCheck);
  await checkPage(new URL(articlePath, server.url).href, articleCheck);
  const rows: Row[] = [];
  const fifty = [50] as const;
  const counted = () =>
    measureCase(
      "artigo, contagem ligada",
      "site",
      server.url,
      articlePath,
      run.options.durationS,
      null,
      server.pid,
      fifty,
    );
  const notCounted = () =>
    measureCase(
      "artigo, contagem desligada",
      "sem contagem",
      uncounted.url,
      articlePath,
      run.options.durationS,
      null,
      uncounted.pid,
      fifty,
    );
  // On, off; off, on; on, off: the machine's speed drifts during the comparison (other work, the
  // host), and a fixed order would hand every drift to the same side.
  for (let round = 0; round < COUNTING_ROUNDS; round++) {
    const order = round % 2 === 0 ? [counted, notCounted] : [notCounted, counted];
    for (const measure of order) rows.push(...(await measure()));
  }
  await uncounted.stop();
  await server.stop();
  const on = rows.filter((r) => r.server === "site");
  const off = rows.filter((r) => r.server === "sem contagem");
  const best = (side: Row[]) => Math.max(0, ...side.map((r) => r.requestsPerSecond));
  const countedRequestsPerSecond = best(on);
  const uncountedRequestsPerSecond = best(off);
  const ratio = uncountedRequestsPerSecond > 0 ? countedRequestsPerSecond / uncountedRequestsPerSecond : 0;
  const offMean = mean(off.map((r) => r.requestsPerSecond)) ?? 0;
  const bounds: Bound[] = [
    {
      target: COUNTING_TARGET,
      value: ratio,
      comparison: "≥",
      limit: TARGETS.countingShareOfUncounted,
      unit: "×",
      digits: 2,
    },
    {
      target: COUNTING_TARGET,
      measure: "erros",
      value: rows.reduce((sum, r) => sum + failedRequests(r), 0),
      comparison: "≤",
      limit: 0,
      unit: "",
      digits: 0,
    },
  ];
  return {
    countedRequestsPerSecond,
    uncountedRequestsPerSecond,
    ratio,
    meanRatio: offMean > 0 ? (mean(on.map((r) => r.requestsPerSecond)) ?? 0) / offMean : 0,
    countedCpuUsPerResponse: mean(on.map((r) => r.serverCpuUsPerResponse)),
    uncountedCpuUsPerResponse: mean(off.map((r) => r.serverCpuUsPerResponse)),
    bounds,
    met: bounds.every(meetsBound),
    rows,
  };
}

export function printCounting(comparison: CountingComparison): void {
  printTable(caseColumns, comparison.rows);
  console.log(
    `Contagem de visitas, artigo em cache a 50 conexões (${COUNTING_ROUNDS} rodadas alternadas, melhor de cada): ` +
      `${integer(comparison.countedRequestsPerSecond)} req/s com contagem, ` +
      `${integer(comparison.uncountedRequestsPerSecond)} req/s sem: ${decimal(comparison.ratio, 2)}× ` +
      `(meta ≥ ${limitText(TARGETS.countingShareOfUncounted, 2)}×: ${mark(comparison.met)}; ` +
      `médias: ${decimal(comparison.meanRatio, 2)}×); CPU µs/resp ` +
      `${optional(comparison.countedCpuUsPerResponse, 0)} com, ${optional(comparison.uncountedCpuUsPerResponse, 0)} sem.`,
  );
}

/** `--only contagem`: the cached article with visit counting on and off alone. */
export async function benchCountingOnly(
  run: BenchRun,
  prepared: PreparedDatabase,
  serverEnv: Record<string, string>,
  articlePath: string,
  articleCheck: Check,
): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  console.log(
    `Só o artigo em cache com e sem contagem de visitas, em turnos; ${WARMUP_SECONDS} s de aquecimento, ` +
      `${run.options.durationS} s medidos, a 50 conexões.\n`,
  );
  const counting = await measureCounting(run, serverEnv, articlePath, articleCheck);
  console.log(`\nResultados (${run.database.engine}; artigo: ${articlePath}):\n`);
  printCounting(counting);
  const missed = counting.met ? [] : [COUNTING_TARGET];
  const thin = printOutcome(missed, counting.met ? counting.bounds : []);
  if (reportFailures(run, counting.rows, null)) process.exitCode = 1;
  writeReport(countingReportPath, {
    ...reportHeader(run, prepared, loadAtStart),
    only: "contagem",
    targets: { countingShareOfUncounted: TARGETS.countingShareOfUncounted },
    visitCounting: counting,
    missedTargets: missed,
    thinMargins: thin,
  });
}
