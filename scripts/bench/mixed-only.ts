import os from "node:os";
import path from "node:path";
import * as site from "../../app/server/runtime/maintenance.server.ts";
import { projectRoot } from "../../harness/built-site.ts";
import { type PreparedDatabase, storedLeadEmails } from "../bench-database.ts";
import { integer } from "../bench-format.ts";
import { watchMemory } from "../bench-memory.ts";
import { LEAD_EMAIL_LIKE, MIXED_CONNECTIONS, runMixedLoad } from "../bench-mixed.ts";
import { WARMUP_SECONDS } from "./cases.ts";
import { meetsBound } from "./margins.ts";
import { mixedCounts, mixedLoadPages, printMixed, printMixedCounts } from "./mixed.ts";
import { printMemory, printOutcome, reportHeader, writeReport } from "./report.ts";
import type { BenchRun } from "./runner.ts";
import { TARGETS } from "./targets.ts";

const mixedReportPath = path.join(projectRoot, "bench/report-mista.json");

/**
 * `--only mista`: the mixed load alone on a fresh server (no work with photos: its page is left
 * out), for A/B runs of what the load costs in memory. The full run's mixed load comes after every
 * other phase, whose history a fresh server does not have: compare `--only mista` runs with each
 * other, not with a full run's phase.
 */
export async function benchMixedOnly(
  run: BenchRun,
  prepared: PreparedDatabase,
  serverEnv: Record<string, string>,
): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const main = await run.startServer("principal", serverEnv, "server.log");
  const memory = watchMemory(main.pid);
  console.log(
    `Só a carga mista: ${MIXED_CONNECTIONS} conexões, ${run.options.mixedDurationS} s (após ${WARMUP_SECONDS} s de ` +
      "aquecimento), 90% páginas e 10% pedidos de orçamento...\n",
  );
  const mixed = await runMixedLoad({
    baseUrl: main.url,
    pages: mixedLoadPages(prepared, null),
    durationS: run.options.mixedDurationS,
    warmupS: WARMUP_SECONDS,
    storedEmails: () => storedLeadEmails(site, run.database.env, LEAD_EMAIL_LIKE),
  });
  const memoryReport = memory.stop();
  await main.stop();
  const counts = await mixedCounts(run, mixed);
  console.log(`Resultados (${run.database.engine}, ${integer(prepared.publishedPosts)} artigos):\n`);
  printMixed(mixed);
  printMixedCounts(counts);
  console.log("");
  const rss = printMemory("principal", memoryReport);
  const rssMet = meetsBound(rss);
  const missed = [
    ...(rssMet ? [] : [rss.target]),
    ...(mixed.leads.lost > TARGETS.lostLeads ? ["lost leads"] : []),
    ...(counts.met ? [] : ["lost counts"]),
  ];
  const thin = printOutcome(missed, rssMet ? [rss] : []);
  const failures =
    mixed.errors + mixed.views.failedAnswers + mixed.submissions.failedAnswers + mixed.leads.lost;
  if (failures + counts.lost > 0) process.exitCode = 1;
  writeReport(mixedReportPath, {
    ...reportHeader(run, prepared, loadAtStart),
    only: "mista",
    targets: { serverRssMb: TARGETS.serverRssMb, lostLeads: TARGETS.lostLeads },
    mixed,
    counts,
    memory: { server: { ...memoryReport, meetsTarget: rssMet } },
    missedTargets: missed,
    thinMargins: thin,
  });
}
