import os from "node:os";
import path from "node:path";
import { BROWSER_HEADERS } from "../../harness/browser-headers.ts";
import { projectRoot } from "../../harness/built-site.ts";
import type { PreparedDatabase } from "../bench-database.ts";
import { integer, printTable } from "../bench-format.ts";
import { type MemoryReport, watchMemory } from "../bench-memory.ts";
import { type Check, CONNECTIONS, checkPage, measureCase, type Row, WARMUP_SECONDS } from "./cases.ts";
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
import { applyTargets, metRowBounds, TARGETS } from "./targets.ts";

const uncachedReportPath = path.join(projectRoot, "bench/report-uncached.json");

/** The article on a second server with RENDER_CACHE=off, and that server's memory. */
export async function measureUncachedArticle(
  run: BenchRun,
  serverEnv: Record<string, string>,
  articlePath: string,
  articleCheck: Check,
): Promise<{ rows: Row[]; memory: MemoryReport }> {
  const uncached = await run.startServer(
    "sem cache",
    { ...serverEnv, RENDER_CACHE: "off" },
    "server-uncached.log",
  );
  const uncachedMemory = watchMemory(uncached.pid);
  await checkPage(new URL(articlePath, uncached.url).href, articleCheck);
  const rows = await measureCase(
    "artigo sem cache",
    "sem cache",
    uncached.url,
    articlePath,
    run.options.durationS,
    uncachedMemory,
    uncached.pid,
  );
  const memory = uncachedMemory.stop();
  await uncached.stop();
  return { rows, memory };
}

/**
 * `--only uncached`: the uncached article alone, on the same seeded database, for comparing
 * two versions of the uncached render path quickly.
 */
export async function benchUncachedOnly(
  run: BenchRun,
  prepared: PreparedDatabase,
  serverEnv: Record<string, string>,
  articlePath: string,
  articleCheck: Check,
): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  console.log(
    `Só o artigo sem cache (RENDER_CACHE=off); ${WARMUP_SECONDS} s de aquecimento, ${run.options.durationS} s medidos, ` +
      `a ${CONNECTIONS.join(" e a ")} conexões.\n`,
  );
  const { rows, memory } = await measureUncachedArticle(run, serverEnv, articlePath, articleCheck);
  applyTargets(rows, articlePath);
  console.log(
    `\nResultados (${run.database.engine}, ${integer(prepared.publishedPosts)} artigos; artigo: ${articlePath}; Accept-Encoding: ` +
      `${BROWSER_HEADERS["accept-encoding"]}):\n`,
  );
  printTable(caseColumns, rows);
  console.log("");
  const rss = printMemory("sem cache", memory, TARGETS.uncachedServerRssMb);
  const rssMet = meetsBound(rss);
  const missed = [...missedRows(rows), ...(rssMet ? [] : [rss.target])];
  const thin = printOutcome(missed, [...metRowBounds(rows), ...(rssMet ? [rss] : [])]);
  const failed = reportFailures(run, rows, null);
  if (failed) process.exitCode = 1;
  writeReport(uncachedReportPath, {
    ...reportHeader(run, prepared, loadAtStart),
    only: "uncached",
    targets: {
      uncachedRequestsPerSecond: TARGETS.uncachedRequestsPerSecond,
      uncachedServerRssMb: TARGETS.uncachedServerRssMb,
    },
    cases: rows,
    memory: { uncachedServer: { ...memory, meetsTarget: rssMet } },
    missedTargets: missed,
    thinMargins: thin,
    failedRequests: failed,
  });
}
