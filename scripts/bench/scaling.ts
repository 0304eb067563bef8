import os from "node:os";
import path from "node:path";
import * as site from "../../app/server/runtime/maintenance.server.ts";
import { projectRoot } from "../../harness/built-site.ts";
import { CLUSTER_CONNECTIONS, type MixedRun, measureScaling, type UncachedRun } from "../bench-cluster.ts";
import { type PreparedDatabase, storedLeadEmails } from "../bench-database.ts";
import { decimal, integer, printTable } from "../bench-format.ts";
import { reportHeader, writeReport } from "./report.ts";
import type { BenchRun } from "./runner.ts";
import { TARGETS } from "./targets.ts";

const clusterReportPath = path.join(projectRoot, "bench/report-cluster.json");

/** `--instances N`: uncached and mixed req/s through Caddy for one and for N instances. */
export async function benchScaling(
  run: BenchRun,
  prepared: PreparedDatabase,
  serverEnv: Record<string, string>,
  articlePath: string,
): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const many = run.options.instances;
  console.log(
    `Escala: 1 e ${many} instâncias atrás do Caddy (HTTPS), ${CLUSTER_CONNECTIONS} conexões, cada medida após 3 s de aquecimento.\n` +
      `Sem cache: ${run.options.durationS} s por medida, pelo wrk, na ordem 1, ${many}, ${many}, 1 instâncias (duas rodadas). ` +
      `Carga mista: ${run.options.mixedDurationS} s, pelo cliente HTTPS do Node, uma vez para cada número.\n`,
  );
  const result = await measureScaling({
    env: { ...serverEnv, QUOTE_MIN_FILL_SECONDS: "0" },
    instances: many,
    durationS: run.options.durationS,
    mixedDurationS: run.options.mixedDurationS,
    uncachedPaths: [articlePath, "/blog", "/", "/obras", "/servicos"],
    mixedPaths: [articlePath, "/blog", "/", "/obras", "/servicos", "/contato", "/sitemap.xml"],
    storedLeads: (prefix) => storedLeadEmails(site, run.database.env, `${prefix}%`),
  });
  console.log("Páginas sem cache (RENDER_CACHE=off):");
  printTable(
    [
      { header: "rodada", cell: (r: UncachedRun) => integer(r.round), right: true },
      { header: "instâncias", cell: (r: UncachedRun) => integer(r.instances), right: true },
      { header: "req/s", cell: (r: UncachedRun) => integer(r.requestsPerSecond), right: true },
      { header: "p50 ms", cell: (r: UncachedRun) => decimal(r.p50Ms, 1), right: true },
      { header: "p99 ms", cell: (r: UncachedRun) => decimal(r.p99Ms, 1), right: true },
      { header: "falhas", cell: (r: UncachedRun) => integer(r.failed), right: true },
      { header: "carga", cell: (r: UncachedRun) => decimal(r.load, 1), right: true },
      // Where the cores went (CPU seconds per second; at most the number of cores): what a
      // second instance can take is what the others leave.
      { header: "CPU site", cell: (r: UncachedRun) => decimal(r.cpu.instances, 2), right: true },
      { header: "Caddy", cell: (r: UncachedRun) => decimal(r.cpu.caddy, 2), right: true },
      { header: "gerador", cell: (r: UncachedRun) => decimal(r.cpu.generator, 2), right: true },
      { header: "PostgreSQL", cell: (r: UncachedRun) => decimal(r.cpu.postgres, 2), right: true },
      {
        header: "total",
        cell: (r: UncachedRun) =>
          decimal(r.cpu.instances + r.cpu.caddy + r.cpu.generator + r.cpu.postgres, 2),
        right: true,
      },
    ],
    result.uncached,
  );
  console.log("\nCarga mista (cache ligado, 10 % pedidos de orçamento):");
  printTable(
    [
      { header: "instâncias", cell: (r: MixedRun) => integer(r.instances), right: true },
      { header: "req/s", cell: (r: MixedRun) => integer(r.requestsPerSecond), right: true },
      { header: "falhas", cell: (r: MixedRun) => integer(r.failed), right: true },
      { header: "pedidos", cell: (r: MixedRun) => integer(r.leadsConfirmed), right: true },
      { header: "perdidos", cell: (r: MixedRun) => integer(r.leadsLost), right: true },
      { header: "carga", cell: (r: MixedRun) => decimal(r.load, 1), right: true },
    ],
    result.mixed,
  );
  const met = result.uncachedRatio >= TARGETS.clusterScaling;
  console.log(
    `\nEscala com ${many} instâncias, sem cache: ${result.roundRatios.map((ratio, i) => `rodada ${i + 1} ${decimal(ratio, 2)}×`).join(", ")}; ` +
      `as duas juntas ${decimal(result.uncachedRatio, 3)}× (meta ≥ ${decimal(TARGETS.clusterScaling, 1)}× ${met ? "✓" : "✗"}). ` +
      `Carga mista ${decimal(result.mixedRatio, 2)}×. ${run.machine.cpus} CPUs, carga ao começar ${decimal(loadAtStart, 1)}.`,
  );
  const failed =
    result.uncached.reduce((sum, r) => sum + r.failed, 0) +
    result.mixed.reduce((sum, r) => sum + r.failed + r.leadsLost, 0);
  if (failed) process.exitCode = 1;
  writeReport(clusterReportPath, {
    ...reportHeader(run, prepared, loadAtStart),
    only: "cluster",
    targets: { clusterScaling: TARGETS.clusterScaling, lostLeads: TARGETS.lostLeads },
    ...result,
    meetsTarget: met,
    failedRequests: failed,
  });
}
