import os from "node:os";
import path from "node:path";
import type { BenchServer } from "../../harness/bench-server.ts";
import { BROWSER_HEADERS } from "../../harness/browser-headers.ts";
import { projectRoot } from "../../harness/built-site.ts";
import type { PreparedDatabase } from "../bench-database.ts";
import { type Column, decimal, integer, optional, printTable } from "../bench-format.ts";
import { type MediaLibraryRow, measureMediaLibrary } from "../bench-media.ts";
import { reportHeader, writeReport } from "./report.ts";
import type { BenchRun } from "./runner.ts";

const mediaReportPath = path.join(projectRoot, "bench/report-midia.json");

const mediaColumns: Column<MediaLibraryRow>[] = [
  { header: "caso", cell: (r) => r.case },
  { header: "imagens na página", cell: (r) => String(r.images), right: true },
  { header: "servidor p50 ms", cell: (r) => optional(r.serverP50Ms, 1), right: true },
  { header: "servidor p95 ms", cell: (r) => optional(r.serverP95Ms, 1), right: true },
  { header: "cliente p50 ms", cell: (r) => optional(r.clientP50Ms, 1), right: true },
  { header: "HTML KB", cell: (r) => decimal(r.htmlBytes / 1024, 1), right: true },
  { header: "enviado KB", cell: (r) => decimal(r.sentBytes / 1024, 1), right: true },
];

/** /admin/midia with the library's 10,000 images, as the signed-in owner. */
export async function measureMediaCases(
  server: BenchServer,
  prepared: PreparedDatabase,
): Promise<MediaLibraryRow[]> {
  const rows = await measureMediaLibrary(server.url, prepared.adminCookie, server.logFile, BROWSER_HEADERS);
  console.log(`\nBiblioteca de mídia (${integer(prepared.mediaRows)} imagens, uma requisição por vez):\n`);
  printTable(mediaColumns, rows);
  return rows;
}

/** `--only midia`: the media library's admin page alone. */
export async function benchMediaOnly(
  run: BenchRun,
  prepared: PreparedDatabase,
  serverEnv: Record<string, string>,
): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const main = await run.startServer("principal", serverEnv, "server.log");
  const mediaLibrary = await measureMediaCases(main, prepared);
  await main.stop();
  writeReport(mediaReportPath, { ...reportHeader(run, prepared, loadAtStart), only: "midia", mediaLibrary });
}
