import os from "node:os";
import path from "node:path";
import * as site from "../../app/server/runtime/maintenance.server.ts";
import type { BenchServer } from "../../harness/bench-server.ts";
import { BROWSER_HEADERS } from "../../harness/browser-headers.ts";
import { projectRoot } from "../../harness/built-site.ts";
import { captureResponse, startCeiling } from "../bench-ceiling.ts";
import type { PreparedDatabase } from "../bench-database.ts";
import { decimal, printTable, seconds } from "../bench-format.ts";
import { BENCH_WORK_PATH, BENCH_WORK_TITLE, seedBenchWork } from "../bench-work.ts";
import { cleanups } from "../cleanups.ts";
import { CONNECTIONS, checkPage, contains, measureCase, type Row, WARMUP_SECONDS } from "./cases.ts";
import { caseColumns, reportFailures, reportHeader, writeReport } from "./report.ts";
import type { BenchRun } from "./runner.ts";
import { applyTargets, TARGETS } from "./targets.ts";

const workReportPath = path.join(projectRoot, "bench/report-obra.json");

/** Put the work with 12 phone photos on the running server (bench-work.ts). */
export async function seedWork(run: BenchRun, server: BenchServer): Promise<void> {
  process.stdout.write("Enviando 12 fotos de 4000 × 3000 para a obra de referência... ");
  const handle = await site.openDatabase(site.databaseConfigFromEnv(run.database.env));
  try {
    const work = await seedBenchWork(handle.db, server.url);
    console.log(
      `${decimal(work.jpegBytes / 1024 / 1024, 1)} MB em JPEG, processadas em ${seconds(work.uploadMs)}.`,
    );
  } finally {
    await handle.close();
  }
}

const workCheck = contains(`${BENCH_WORK_TITLE}</h1>`, "Documentação Fotográfica");

/** The cached work page, then a ceiling answering its exact bytes. */
export async function measureWorkCases(
  run: BenchRun,
  server: BenchServer,
  memory: { takeCasePeakMb: () => number | null } | null,
): Promise<Row[]> {
  await checkPage(new URL(BENCH_WORK_PATH, server.url).href, workCheck);
  const rows = await measureCase(
    "obra (12 fotos)",
    "site",
    server.url,
    BENCH_WORK_PATH,
    run.options.durationS,
    memory,
    server.pid,
  );
  const captured = await captureResponse(new URL(BENCH_WORK_PATH, server.url).href, BROWSER_HEADERS);
  if (captured.status !== 200)
    throw new Error(`${BENCH_WORK_PATH}: HTTP ${captured.status} ao capturar o teto`);
  const ceiling = await startCeiling(captured, run.workDir);
  cleanups.push(() => ceiling.stop());
  rows.push(
    ...(await measureCase(
      "teto (obra)",
      "teto",
      ceiling.url,
      BENCH_WORK_PATH,
      run.options.durationS,
      null,
      ceiling.pid,
    )),
  );
  await ceiling.stop();
  return rows;
}

/** `--only obra`: the cached work page and its ceiling alone. */
export async function benchWorkOnly(
  run: BenchRun,
  prepared: PreparedDatabase,
  serverEnv: Record<string, string>,
  articlePath: string,
): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const main = await run.startServer("principal", serverEnv, "server.log");
  await seedWork(run, main);
  console.log(
    `Só a página da obra em cache e o seu teto; ${WARMUP_SECONDS} s de aquecimento, ${run.options.durationS} s medidos, ` +
      `a ${CONNECTIONS.join(" e a ")} conexões.\n`,
  );
  const rows = await measureWorkCases(run, main, null);
  await main.stop();
  applyTargets(rows, articlePath);
  console.log(`\nResultados (${run.database.engine}; página: ${BENCH_WORK_PATH}):\n`);
  printTable(caseColumns, rows);
  const missed = rows.filter((r) => r.target && !r.target.met).map((r) => `${r.case} × ${r.connections}`);
  console.log(missed.length ? `Metas não atingidas: ${missed.join("; ")}.` : "Todas as metas atingidas.");
  if (reportFailures(run, rows, null)) process.exitCode = 1;
  writeReport(workReportPath, {
    ...reportHeader(run, prepared, loadAtStart),
    only: "obra",
    targets: { cachedShareOfCeiling: TARGETS.cachedShareOfCeiling, cachedP99Ms: TARGETS.cachedP99Ms },
    cases: rows,
    missedTargets: missed,
  });
}
