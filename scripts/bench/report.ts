import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BROWSER_HEADERS } from "../../harness/browser-headers.ts";
import { projectRoot } from "../../harness/built-site.ts";
import type { PreparedDatabase } from "../bench-database.ts";
import { type Column, integer, optional } from "../bench-format.ts";
import type { ImageProcessReport, MemoryReport } from "../bench-memory.ts";
import type { PageCeiling } from "./cached-pages.ts";
import { type Row, WARMUP_SECONDS } from "./cases.ts";
import { type Bound, meetsBound, type ThinMargin, thinMarginLine, thinMargins } from "./margins.ts";
import type { BenchRun } from "./runner.ts";
import { failedRequests, TARGETS } from "./targets.ts";

/** How a target reads in the tables. */
export const mark = (met: boolean) => (met ? "ok" : "NÃO ATINGIDA");

export const caseColumns: Column<Row>[] = [
  { header: "caso", cell: (r) => r.case },
  { header: "conexões", cell: (r) => String(r.connections), right: true },
  { header: "req/s", cell: (r) => integer(r.requestsPerSecond), right: true },
  { header: "× teto", cell: (r) => optional(r.ratioToCeiling, 2), right: true },
  { header: "p50 ms", cell: (r) => optional(r.p50Ms, 2), right: true },
  { header: "p99 ms", cell: (r) => optional(r.p99Ms, 2), right: true },
  { header: "erros", cell: (r) => String(r.errors), right: true },
  { header: "não-2xx", cell: (r) => String(r.non2xx), right: true },
  { header: "RSS máx MB", cell: (r) => optional(r.peakRssMb, 0), right: true },
  { header: "CPU µs/resp", cell: (r) => optional(r.serverCpuUsPerResponse, 0), right: true },
  { header: "meta", cell: (r) => (r.target ? `${r.target.text}: ${mark(r.target.met)}` : "") },
];

/** The rows whose target was missed, as the missed targets' line names them. */
export const missedRows = (rows: readonly Row[]) =>
  rows.filter((r) => r.target && !r.target.met).map((r) => `${r.case} × ${r.connections}`);

/** What each page's ceiling answers, printed above the table. */
export function printCeilings(ceilings: readonly PageCeiling[]): void {
  const pages = ceilings.map(
    (c) =>
      `${c.path} ${integer(c.bodyBytes)} bytes ${c.contentEncoding ?? "sem compressão"} + ` +
      `${integer(c.headerBytes)} de cabeçalhos`,
  );
  console.log(`Tetos (node:http com o corpo e os cabeçalhos que o site enviou): ${pages.join("; ")}.\n`);
}

const memoryBound = (target: string, peakMb: number | null, limitMb: number): Bound => ({
  target,
  value: peakMb,
  comparison: "≤",
  limit: limitMb,
  unit: " MB",
  digits: 0,
});

/**
 * The server's peak memory (the higher of the sampled VmRSS and VmHWM) against `limitMb`: its
 * bound, met when `meetsBound`.
 */
export function printMemory(
  name: string,
  report: MemoryReport,
  limitMb: number = TARGETS.serverRssMb,
): Bound {
  const peak = Math.max(report.sampledPeakMb ?? 0, report.highWaterMarkMb ?? 0);
  const bound = memoryBound(`memória do servidor ${name}`, peak > 0 ? peak : null, limitMb);
  console.log(
    `Memória do servidor ${name}: pico amostrado (VmRSS, ${report.samples} amostras) ` +
      `${optional(report.sampledPeakMb, 0)} MB, VmHWM ${optional(report.highWaterMarkMb, 0)} MB ` +
      `(meta ≤ ${limitMb} MB o tempo todo: ${mark(meetsBound(bound))}).`,
  );
  if (report.phases.length > 1) {
    const phases = report.phases.map((p) => `${p.phase} ${optional(p.peakMb, 0)}`);
    console.log(`  Pico por fase (MB): ${phases.join("; ")}.`);
  }
  return bound;
}

/** The image processes' peak (VmHWM) against its target; none seen is a miss (nothing measured). */
export function printImageProcessMemory(report: ImageProcessReport): Bound {
  const bound = memoryBound(
    "memória do processo de imagens",
    report.highWaterMarkMb,
    TARGETS.imageProcessRssMb,
  );
  const seen =
    report.processes === 0
      ? "nenhum processo visto"
      : `${report.processes} ${report.processes === 1 ? "processo" : "processos"}, ` +
        `VmHWM ${optional(report.highWaterMarkMb, 0)} MB`;
  console.log(
    `Memória do processo de imagens: ${seen} (meta ≤ ${TARGETS.imageProcessRssMb} MB: ${mark(meetsBound(bound))}).`,
  );
  return bound;
}

/**
 * The run's last lines: the missed targets, then the met ones within THIN_MARGIN of their limit
 * (from `metBounds`, the bounds of the targets that were met). Returns those, for the report.
 */
export function printOutcome(missed: readonly string[], metBounds: readonly Bound[]): ThinMargin[] {
  console.log(missed.length ? `Metas não atingidas: ${missed.join("; ")}.` : "Todas as metas atingidas.");
  const thin = thinMargins(metBounds);
  console.log(thinMarginLine(thin));
  return thin;
}

/** Prints the requests that failed in `rows` and the servers' logs; true when there were any. */
export function reportFailures(run: BenchRun, rows: Row[], mixedFailures: string | null): boolean {
  const failedRows = rows.filter((r) => failedRequests(r) > 0);
  for (const row of failedRows) {
    console.error(
      `Falhas em ${row.case} × ${row.connections}: ${row.errors} erros (${row.timeouts} timeouts), ` +
        `status ${JSON.stringify(row.statusCodes)}`,
    );
  }
  if (mixedFailures) console.error(mixedFailures);
  if (!failedRows.length && !mixedFailures) return false;
  for (const { name, server } of run.servers) {
    console.error(`\nÚltimas linhas do servidor ${name}:\n${server.logTail(20)}`);
  }
  return true;
}

/** The run's facts every report starts with. */
export function reportHeader(run: BenchRun, prepared: PreparedDatabase, loadAtStart: number) {
  return {
    engine: run.database.engine,
    database: prepared.description,
    date: new Date().toISOString(),
    machine: {
      ...run.machine,
      totalMemoryMb: Math.round(os.totalmem() / 1024 / 1024),
      platform: `${os.platform()} ${os.release()}`,
      loadAverage1m: { start: loadAtStart, end: os.loadavg()[0] ?? 0 },
    },
    node: process.version,
    serverNodeEnv: "production",
    requestHeaders: BROWSER_HEADERS,
    durationS: run.options.durationS,
    warmupS: WARMUP_SECONDS,
    seed: {
      extraPosts: run.options.posts,
      publishedPosts: prepared.publishedPosts,
      featuredInserted: prepared.featuredInserted,
      mediaRows: prepared.mediaRows,
      leadRows: prepared.leadRows,
      totalPosts: prepared.totalPosts,
      averageContentBytes: prepared.averageContentBytes,
      ...prepared.timings,
    },
  };
}

export function writeReport(file: string, report: object): void {
  mkdirSync(path.dirname(file), { recursive: true });
  // Hundredths are already below the noise; more digits only hinder reading.
  const rounded = (_key: string, value: unknown) =>
    typeof value === "number" && !Number.isInteger(value) ? Math.round(value * 100) / 100 : value;
  writeFileSync(file, `${JSON.stringify(report, rounded, 2)}\n`);
  console.log(`Relatório: ${path.relative(projectRoot, file)}`);
}
