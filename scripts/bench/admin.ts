import os from "node:os";
import path from "node:path";
import type { BenchServer } from "../../harness/bench-server.ts";
import { BROWSER_HEADERS } from "../../harness/browser-headers.ts";
import { projectRoot } from "../../harness/built-site.ts";
import {
  ADMIN_LIST_TARGETS,
  type AdminListRow,
  DASHBOARD_TARGETS,
  measureAdminLists,
} from "../bench-admin.ts";
import type { PreparedDatabase } from "../bench-database.ts";
import { type Column, decimal, integer, optional, printTable } from "../bench-format.ts";
import { BENCH_VISIT_PAGES } from "../bench-visits.ts";
import { mark, printOutcome, reportHeader, writeReport } from "./report.ts";
import type { BenchRun } from "./runner.ts";

const adminReportPath = path.join(projectRoot, "bench/report-admin.json");

const adminColumns: Column<AdminListRow>[] = [
  { header: "caso", cell: (r) => r.case },
  { header: "resposta", cell: (r) => r.kind },
  { header: "linhas", cell: (r) => (r.rows === null ? "" : String(r.rows)), right: true },
  { header: "servidor p50 ms", cell: (r) => optional(r.serverP50Ms, 1), right: true },
  { header: "servidor p95 ms", cell: (r) => optional(r.serverP95Ms, 1), right: true },
  { header: "cliente p50 ms", cell: (r) => optional(r.clientP50Ms, 1), right: true },
  { header: "KB", cell: (r) => decimal(r.decodedBytes / 1024, 1), right: true },
  { header: "gzip KB", cell: (r) => decimal(r.gzipBytes / 1024, 1), right: true },
  { header: "meta", cell: (r) => `${r.target.text}: ${mark(r.target.met)}` },
];

/** /admin and /admin/solicitacoes with the seeded posts and 10,000 requests, as the signed-in owner. */
export async function measureAdminCases(
  server: BenchServer,
  prepared: PreparedDatabase,
): Promise<AdminListRow[]> {
  const rows = await measureAdminLists(
    server.url,
    prepared.adminCookie,
    server.logFile,
    BROWSER_HEADERS,
    prepared.revisionsPostId,
  );
  console.log(
    `\nListas do admin (${integer(prepared.totalPosts)} posts, ${integer(prepared.leadRows)} solicitações, ` +
      `uma requisição por vez, Accept-Encoding: gzip; metas: ≤ ${ADMIN_LIST_TARGETS.gzipKb} KB gzip e ` +
      `p50 do servidor ≤ ${ADMIN_LIST_TARGETS.serverP50Ms} ms; o painel das solicitações, com um ano de visitas ` +
      `em ${BENCH_VISIT_PAGES} páginas e 20 origens: p50 ≤ ${DASHBOARD_TARGETS.serverP50Ms} ms):\n`,
  );
  printTable(adminColumns, rows);
  return rows;
}

/** `--only admin`: the admin's post list and quote-request inbox alone. */
export async function benchAdminOnly(
  run: BenchRun,
  prepared: PreparedDatabase,
  serverEnv: Record<string, string>,
): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const main = await run.startServer("principal", serverEnv, "server.log");
  const cases = await measureAdminCases(main, prepared);
  await main.stop();
  const missed = cases.filter((r) => !r.target.met).map((r) => `${r.case} (${r.kind})`);
  console.log("");
  const thin = printOutcome(
    missed,
    cases.flatMap((r) => (r.target.met ? r.target.bounds : [])),
  );
  writeReport(adminReportPath, {
    ...reportHeader(run, prepared, loadAtStart),
    only: "admin",
    targets: ADMIN_LIST_TARGETS,
    adminLists: cases,
    missedTargets: missed,
    thinMargins: thin,
  });
}
