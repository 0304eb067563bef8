import os from "node:os";
import path from "node:path";
import * as site from "../../app/server/runtime/maintenance.server.ts";
import type { BenchServer } from "../../harness/bench-server.ts";
import { projectRoot } from "../../harness/built-site.ts";
import type { PreparedDatabase } from "../bench-database.ts";
import { decimal, printTable, seconds } from "../bench-format.ts";
import { watchImageProcesses } from "../bench-memory.ts";
import { BENCH_WORK_PATH, BENCH_WORK_TITLE, seedBenchWork } from "../bench-work.ts";
import { type CachedPage, measureCachedPages } from "./cached-pages.ts";
import { CONNECTIONS, contains, WARMUP_SECONDS } from "./cases.ts";
import { meetsBound } from "./margins.ts";
import {
  caseColumns,
  missedRows,
  printCeilings,
  printImageProcessMemory,
  printOutcome,
  reportFailures,
  reportHeader,
  writeReport,
} from "./report.ts";
import type { BenchRun } from "./runner.ts";
import { applyTargets, metRowBounds, TARGETS } from "./targets.ts";

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

/** The cached work page, against a ceiling answering its bytes and headers. */
export const WORK_PAGE: CachedPage = {
  name: "obra (12 fotos)",
  path: BENCH_WORK_PATH,
  check: contains(`${BENCH_WORK_TITLE}</h1>`, "Documentação Fotográfica"),
  ceilingName: "teto (obra)",
};

/** `--only obra`: the cached work page and its ceiling alone. */
export async function benchWorkOnly(
  run: BenchRun,
  prepared: PreparedDatabase,
  serverEnv: Record<string, string>,
  articlePath: string,
): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const main = await run.startServer("principal", serverEnv, "server.log");
  const images = watchImageProcesses(main.pid);
  await seedWork(run, main);
  console.log(
    `Só a página da obra em cache, a ${CONNECTIONS.join(" e a ")} conexões, e o seu teto, a 50; ` +
      `${WARMUP_SECONDS} s de aquecimento, ${run.options.durationS} s medidos.\n`,
  );
  const { rows, ceilings } = await measureCachedPages(run, main, [WORK_PAGE], null);
  const imageReport = images.stop();
  await main.stop();
  applyTargets(rows, articlePath);
  console.log(`\nResultados (${run.database.engine}; página: ${BENCH_WORK_PATH}):\n`);
  printCeilings(ceilings);
  printTable(caseColumns, rows);
  console.log("");
  const imageBound = printImageProcessMemory(imageReport);
  const imagesMet = meetsBound(imageBound);
  const missed = [...missedRows(rows), ...(imagesMet ? [] : [imageBound.target])];
  const thin = printOutcome(missed, [...metRowBounds(rows), ...(imagesMet ? [imageBound] : [])]);
  if (reportFailures(run, rows, null)) process.exitCode = 1;
  writeReport(workReportPath, {
    ...reportHeader(run, prepared, loadAtStart),
    only: "obra",
    targets: {
      cachedShareOfCeiling: TARGETS.cachedShareOfCeiling,
      cachedP99Ms: TARGETS.cachedP99Ms,
      imageProcessRssMb: TARGETS.imageProcessRssMb,
    },
    ceilings,
    cases: rows,
    memory: { imageProcess: { ...imageReport, meetsTarget: imagesMet } },
    missedTargets: missed,
    thinMargins: thin,
  });
}
