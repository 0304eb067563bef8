import os from "node:os";
import path from "node:path";
import type { BenchServer } from "../../harness/bench-server.ts";
import { projectRoot } from "../../harness/built-site.ts";
import type { PreparedDatabase } from "../bench-database.ts";
import { integer, printTable } from "../bench-format.ts";
import { watchMemory } from "../bench-memory.ts";
import { CONNECTIONS, checkPage, contains, measureCase, type Row, WARMUP_SECONDS } from "./cases.ts";
import { meetsBound } from "./margins.ts";
import {
  caseColumns,
  missedRows,
  printMemory,
  printOutcome,
  reportFailures,
  reportHeader,
  writeReport,
} from "./report.ts";
import type { BenchRun } from "./runner.ts";
import { SEARCH_CASE, SEARCH_PATH } from "./search-page.ts";
import { applyTargets, metRowBounds, TARGETS } from "./targets.ts";

const searchReportPath = path.join(projectRoot, "bench/report-busca.json");

/** The blog search, on a server with the render cache on (which never keeps search pages). */
export async function measureSearch(
  run: BenchRun,
  server: BenchServer,
  memory: { takeCasePeakMb: () => number | null } | null,
): Promise<Row[]> {
  await checkPage(new URL(SEARCH_PATH, server.url).href, contains('id="resultados-titulo"', 'id="artigo-1"'));
  return measureCase(SEARCH_CASE, "site", server.url, SEARCH_PATH, run.options.durationS, memory, server.pid);
}

/** `--only busca`: the blog search alone, at 1 and 50 connections. */
export async function benchSearchOnly(
  run: BenchRun,
  prepared: PreparedDatabase,
  serverEnv: Record<string, string>,
): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const main = await run.startServer("principal", serverEnv, "server.log");
  const memory = watchMemory(main.pid);
  console.log(
    `Só a busca ${SEARCH_PATH}; ${WARMUP_SECONDS} s de aquecimento, ${run.options.durationS} s medidos, ` +
      `a ${CONNECTIONS.join(" e a ")} conexões.\n`,
  );
  const rows = await measureSearch(run, main, memory);
  const memoryReport = memory.stop();
  await main.stop();
  applyTargets(rows, "");
  console.log(`\nResultados (${run.database.engine}, ${integer(prepared.publishedPosts)} artigos):\n`);
  printTable(caseColumns, rows);
  console.log("");
  const rss = printMemory("principal", memoryReport);
  const rssMet = meetsBound(rss);
  const missed = [...missedRows(rows), ...(rssMet ? [] : [rss.target])];
  const thin = printOutcome(missed, [...metRowBounds(rows), ...(rssMet ? [rss] : [])]);
  const failed = reportFailures(run, rows, null);
  if (failed) process.exitCode = 1;
  writeReport(searchReportPath, {
    ...reportHeader(run, prepared, loadAtStart),
    only: "busca",
    targets: { searchRequestsPerSecond: TARGETS.searchRequestsPerSecond, serverRssMb: TARGETS.serverRssMb },
    cases: rows,
    memory: { server: { ...memoryReport, meetsTarget: rssMet } },
    missedTargets: missed,
    thinMargins: thin,
    failedRequests: failed,
  });
}
