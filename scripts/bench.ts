// `npm run bench`: throughput and latency of the production server under load, against a bare
// node:http ceiling on the same machine, then a mixed load of page views and quote submissions.
//
// Builds if needed, seeds a fresh database (a temporary SQLite directory, or with --pg a fresh
// schema in PostgreSQL, dropped afterwards whatever happens) with the demo content plus 1,000
// synthetic posts, and starts the server on it as `npm start` does (NODE_ENV=production). Then,
// with autocannon and a browser's request headers (Accept-Encoding: gzip, deflate, br), each
// case warms up and runs for a fixed time at 1 and at 50 connections:
//
//   /, /blog, /blog/<slug>, /sitemap.xml    the server, render cache on (the default)
//   /blog/<slug> sem cache                  a second server on the same database, RENDER_CACHE=off
//   /blog/<slug> com / sem contagem         two more servers started together, one as the main
//                                           one, one with visit counting off
//                                           (scripts/bench-uncounted-server.js), measured in
//                                           turn at 50 connections, three times: counting on's
//                                           best run must keep ≥ 0.9× the req/s of counting
//                                           off's best run
//   teto                                    a bare node:http process answering the article's
//                                           exact bytes (same content type and encoding)
//
// and finally 100 connections of mixed load for 60 s: 90% page views over the public pages, 10%
// quote submissions (bench-mixed.ts), after which every lead answered with success must be in the
// database, and every page view answered 200 in the visit counts (written when the server stops). Prints the tables with the targets, the servers' peak memory (VmRSS sampled, VmHWM at
// the end), and writes bench/report.json. Exits 1 only when requests failed (errors, timeouts,
// unexpected statuses or content, lost leads): a missed target is marked, not fatal.
//
//   npm run bench                                   SQLite
//   npm run bench -- --pg                           PostgreSQL (BENCH_DATABASE_URL, DATABASE_URL or local)
//   npm run bench -- --posts 10000                  more posts (default 1,000)
//   npm run bench -- --duration 5 --mixed-duration 15   shorter cases (defaults 10 s and 60 s)
//   npm run bench -- --only uncached                the uncached article alone (for A/B runs),
//                                                   report in bench/report-uncached.json
//   npm run bench -- --only midia                   the admin's media library at 10,000 images alone,
//                                                   report in bench/report-midia.json
//   npm run bench -- --only obra                    the cached page of a work with 12 photos and its
//                                                   own ceiling alone, report in bench/report-obra.json
//   npm run bench -- --only busca                   the blog search alone (never cached), report in
//                                                   bench/report-busca.json
//   npm run bench -- --only contagem                the cached article with visit counting on and off,
//                                                   in turn, report in bench/report-contagem.json
//   npm run bench -- --pg --instances 2             uncached req/s (wrk, runs of 1, 2, 2, 1 instances) and
//                                                   mixed req/s for one and for 2 instances behind Caddy
//                                                   (deploy/Caddyfile), with the scaling ratio
//                                                   (bench-cluster.ts), report in bench/report-cluster.json
//   npm run bench -- --only admin                   the admin's lists alone (/admin, /admin/auditoria,
//                                                   /admin/solicitacoes),
//                                                   10,000 posts unless --posts says otherwise,
//                                                   report in bench/report-admin.json
//
// The server gets a work with 12 photos as a phone takes them (bench-work.ts, through the real
// upload pipeline); its cached page is measured like the article, against a ceiling that
// answers the work page's own bytes.
//
// The seed also puts 10,000 images in the media library (rows without bytes, bench-media.ts);
// /admin/midia is measured one request at a time as the signed-in owner (server time from
// the access log, HTML size as sent). It also puts 10,000 quote requests in the inbox
// (bench-admin.ts): the post list and the inbox are measured the same way (first page, a middle
// page, a filtered search; the document and the client navigation's data request, gzip), against
// the budgets of ≤ 100 KB gzip and a server p50 ≤ 50 ms.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { staticSitemapPaths } from "../app/lib/sitemap-pages.ts";
import * as site from "../app/server/runtime/maintenance.server.ts";
import { type BenchServer, startBenchServer } from "../harness/bench-server.ts";
import { BROWSER_HEADERS } from "../harness/browser-headers.ts";
import { buildIfNeeded, projectRoot } from "../harness/built-site.ts";
import { wrkMissing } from "../harness/wrk-load.ts";
import {
  ADMIN_LIST_TARGETS,
  type AdminListRow,
  DASHBOARD_TARGETS,
  measureAdminLists,
} from "./bench-admin.ts";
import { captureResponse, startCeiling } from "./bench-ceiling.ts";
import { CLUSTER_CONNECTIONS, type MixedRun, measureScaling, type UncachedRun } from "./bench-cluster.ts";
import { processCpuSeconds } from "./bench-cpu.ts";
import {
  countedViews,
  type PreparedDatabase,
  postgresDatabase,
  prepareDatabase,
  sqliteDatabase,
  storedLeadEmails,
} from "./bench-database.ts";
import { type Column, decimal, integer, optional, printTable, seconds } from "./bench-format.ts";
import { type LoadResult, measureUrl } from "./bench-load.ts";
import { measureMachine } from "./bench-machine.ts";
import { type MediaLibraryRow, measureMediaLibrary } from "./bench-media.ts";
import { type MemoryReport, watchMemory } from "./bench-memory.ts";
import {
  LEAD_EMAIL_LIKE,
  MIN_FILL_SECONDS,
  MIXED_CAMPAIGN,
  MIXED_CONNECTIONS,
  type MixedResult,
  runMixedLoad,
} from "./bench-mixed.ts";
import { BENCH_VISIT_PAGES } from "./bench-visits.ts";
import { BENCH_WORK_PATH, BENCH_WORK_TITLE, seedBenchWork } from "./bench-work.ts";
import { cleanUp, cleanups } from "./cleanups.ts";

const reportPath = path.join(projectRoot, "bench/report.json");
const uncachedReportPath = path.join(projectRoot, "bench/report-uncached.json");
const mediaReportPath = path.join(projectRoot, "bench/report-midia.json");
const workReportPath = path.join(projectRoot, "bench/report-obra.json");
const searchReportPath = path.join(projectRoot, "bench/report-busca.json");
const countingReportPath = path.join(projectRoot, "bench/report-contagem.json");
/** The server with visit counting off (`serveSite({ countVisits: false })`). */
const UNCOUNTED_ENTRY = "scripts/bench-uncounted-server.js";
/**
 * Rounds of (counting on, counting off) on the cached article. Other work on the machine only
 * ever slows a run down, so each side's best run is the one closest to its own cost: the
 * target compares those (the means are printed beside them).
 */
const COUNTING_ROUNDS = 3;
/**
 * A search as a visitor types it (two words, no accents) that matches hundreds of the seeded
 * posts, so ranking and counting have real work: search pages are never in the render cache.
 */
const SEARCH_PATH = "/blog?busca=fissuras+fachada";
const SEARCH_CASE = "busca (nunca em cache)";
const adminReportPath = path.join(projectRoot, "bench/report-admin.json");
const clusterReportPath = path.join(projectRoot, "bench/report-cluster.json");
/** Posts `--only admin` seeds unless --posts says otherwise: the scale the admin lists are budgeted at. */
const ADMIN_BENCH_POSTS = 10_000;
const CONNECTIONS = [1, 50] as const;
const WARMUP_SECONDS = 3;
const BLOG_HEADING = "Conhecimento para cuidar do seu condomínio";

/** The performance and reliability targets (docs/benchmarks.md). */
const TARGETS = {
  /** Cached article at 50 connections: at least this share of the ceiling's req/s... */
  cachedShareOfCeiling: 0.5,
  /** ...with p99 below this and no errors. */
  cachedP99Ms: 50,
  /** Article with RENDER_CACHE=off, at 50 connections. */
  uncachedRequestsPerSecond: 500,
  /** A blog search (never cached) at 50 connections, on SQLite. */
  searchRequestsPerSecond: 300,
  serverRssMb: 200,
  lostLeads: 0,
  /** Cached article at 50 connections, visit counting on, over the same with counting off. */
  countingShareOfUncounted: 0.9,
  /** Page views of the mixed load answered 200 and missing from the visit counts. */
  lostCounts: 0,
  /** Uncached req/s of two instances behind Caddy over one instance's. */
  clusterScaling: 1.4,
} as const;

// ---------------------------------------------------------------------------------------------
// Command line

interface Options {
  pg: boolean;
  posts: number;
  durationS: number;
  mixedDurationS: number;
  /** Only the uncached article case: no cached cases, ceiling or mixed load. */
  uncachedOnly: boolean;
  /** Only the media library's admin page. */
  mediaOnly: boolean;
  /** Only the cached work page and its ceiling. */
  workOnly: boolean;
  /** Only the blog search. */
  searchOnly: boolean;
  /** Only the cached article with visit counting on and off. */
  countingOnly: boolean;
  /** Only the admin's post list and quote-request inbox. */
  adminOnly: boolean;
  /** With 2 or more: only the scaling over instances behind Caddy (PostgreSQL). */
  instances: number;
}

function parseOptions(): Options {
  const usage =
    "Uso: npm run bench -- [--pg] [--posts N] [--duration SEGUNDOS] [--mixed-duration SEGUNDOS] [--only uncached|midia|obra|busca|admin|contagem] [--pg --instances N]";
  const positive = (name: string, value: string | undefined) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1) {
      throw new Error(`--${name} precisa ser um inteiro positivo (recebido: ${value}).`);
    }
    return number;
  };
  try {
    const { values } = parseArgs({
      options: {
        pg: { type: "boolean", default: false },
        posts: { type: "string" },
        duration: { type: "string", default: "10" },
        "mixed-duration": { type: "string", default: "60" },
        only: { type: "string" },
        instances: { type: "string", default: "1" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    if (
      values.only !== undefined &&
      !["uncached", "midia", "obra", "busca", "admin", "contagem"].includes(values.only)
    ) {
      throw new Error(
        `--only aceita "uncached", "midia", "obra", "busca", "admin" ou "contagem" (recebido: ${values.only}).`,
      );
    }
    const adminOnly = values.only === "admin";
    const instances = positive("instances", values.instances);
    if (instances > 1 && !values.pg)
      throw new Error("--instances precisa de --pg: várias instâncias compartilham um PostgreSQL.");
    const noWrk = instances > 1 ? wrkMissing() : undefined;
    if (noWrk) throw new Error(noWrk);
    return {
      instances,
      uncachedOnly: values.only === "uncached",
      mediaOnly: values.only === "midia",
      workOnly: values.only === "obra",
      searchOnly: values.only === "busca",
      countingOnly: values.only === "contagem",
      adminOnly,
      pg: values.pg,
      posts: positive("posts", values.posts ?? String(adminOnly ? ADMIN_BENCH_POSTS : 1000)),
      durationS: positive("duration", values.duration),
      mixedDurationS: positive("mixed-duration", values["mixed-duration"]),
    };
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}

// ---------------------------------------------------------------------------------------------
// Cases

type Target = { text: string; met: boolean } | null;

/** Which server answered: the site (render cache on), the site with RENDER_CACHE=off, the ceiling. */
type ServerKind = "site" | "sem cache" | "sem contagem" | "teto";

interface Row extends LoadResult {
  case: string;
  server: ServerKind;
  path: string;
  /** req/s divided by the ceiling's at the same connection count. */
  ratioToCeiling: number | null;
  peakRssMb: number | null;
  /**
   * The server process's CPU time (all threads) per response in the measured run: the cost of
   * a page, which a busy machine disturbs far less than req/s (use it for A/B comparisons).
   */
  serverCpuUsPerResponse: number | null;
  target: Target;
}

/** Returns what is wrong with a page, or null when it is the expected one. */
type Check = (body: string) => string | null;

const contains =
  (...texts: string[]): Check =>
  (body) => {
    const missing = texts.find((text) => !body.includes(text));
    return missing === undefined ? null : `resposta sem "${missing}"`;
  };

/** Fetch the page once (decoded) and check it, so the load below measures the right page. */
async function checkPage(url: string, check: Check): Promise<void> {
  const response = await fetch(url, { headers: BROWSER_HEADERS, redirect: "manual" });
  const body = await response.text();
  const problem = response.status === 200 ? check(body) : `HTTP ${response.status}`;
  if (problem) throw new Error(`${url}: ${problem}`);
}

async function measureCase(
  name: string,
  server: ServerKind,
  baseUrl: string,
  pagePath: string,
  durationS: number,
  memory: { takeCasePeakMb: () => number | null } | null,
  serverPid: number,
  connectionCounts: readonly number[] = CONNECTIONS,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const connections of connectionCounts) {
    const started = performance.now();
    memory?.takeCasePeakMb();
    let cpuAtStart: number | null = null;
    const result = await measureUrl(
      new URL(pagePath, baseUrl).href,
      connections,
      durationS,
      WARMUP_SECONDS,
      () => {
        cpuAtStart = processCpuSeconds(serverPid);
      },
    );
    const cpuAtEnd = processCpuSeconds(serverPid);
    const row: Row = {
      ...result,
      case: name,
      server,
      path: pagePath,
      ratioToCeiling: null,
      peakRssMb: memory?.takeCasePeakMb() ?? null,
      serverCpuUsPerResponse:
        cpuAtStart !== null && cpuAtEnd !== null && result.responses > 0
          ? ((cpuAtEnd - cpuAtStart) * 1e6) / result.responses
          : null,
      target: null,
    };
    rows.push(row);
    console.log(
      `  ${name} × ${connections}: ${integer(row.requestsPerSecond)} req/s ` +
        `(${seconds(performance.now() - started)} com aquecimento)`,
    );
  }
  return rows;
}

const failedRequests = (row: LoadResult) => row.errors + row.non2xx;

function applyTargets(rows: Row[], articlePath: string): void {
  // Each page against the ceiling that answers its own bytes (the article's, the work page's).
  const ceilingKey = (row: Row) => `${row.path} ${row.connections}`;
  const ceilings = rows.filter((r) => r.server === "teto");
  const ceiling = new Map(ceilings.map((r) => [ceilingKey(r), r]));
  const articleCeiling = new Map(
    ceilings.filter((r) => r.path === articlePath).map((r) => [r.connections, r]),
  );
  for (const row of rows) {
    const top = ceiling.get(ceilingKey(row)) ?? articleCeiling.get(row.connections);
    if (row.server !== "teto" && top && top.requestsPerSecond > 0) {
      row.ratioToCeiling = row.requestsPerSecond / top.requestsPerSecond;
    }
    if (row.connections !== 50) continue;
    if (row.path === SEARCH_PATH) {
      row.target = {
        text: `≥ ${TARGETS.searchRequestsPerSecond} req/s`,
        met: row.requestsPerSecond >= TARGETS.searchRequestsPerSecond && failedRequests(row) === 0,
      };
      continue;
    }
    if (row.path !== articlePath && row.path !== BENCH_WORK_PATH) continue;
    if (row.server === "site") {
      const { cachedShareOfCeiling: share, cachedP99Ms: p99 } = TARGETS;
      row.target = {
        text: `≥ ${decimal(share, 1)}× teto, p99 < ${p99} ms, 0 erros`,
        met:
          row.ratioToCeiling !== null &&
          row.ratioToCeiling >= share &&
          row.p99Ms !== null &&
          row.p99Ms < p99 &&
          failedRequests(row) === 0,
      };
    } else if (row.server === "sem cache") {
      row.target = {
        text: `≥ ${TARGETS.uncachedRequestsPerSecond} req/s`,
        met: row.requestsPerSecond >= TARGETS.uncachedRequestsPerSecond,
      };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Output

const mark = (met: boolean) => (met ? "ok" : "NÃO ATINGIDA");

const caseColumns: Column<Row>[] = [
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

interface MixedLine {
  kind: string;
  responses: number;
  requestsPerSecond: number;
  p50Ms: number | null;
  p99Ms: number | null;
  failedAnswers: number;
}

function printMixed(mixed: MixedResult): void {
  const perSecond = (n: number) => (mixed.durationS > 0 ? n / mixed.durationS : 0);
  const lines: MixedLine[] = [
    { kind: "páginas", ...mixed.views, requestsPerSecond: perSecond(mixed.views.responses) },
    {
      kind: "pedidos de orçamento",
      ...mixed.submissions,
      requestsPerSecond: perSecond(mixed.submissions.responses),
    },
  ];
  printTable<MixedLine>(
    [
      { header: "tipo", cell: (l) => l.kind },
      { header: "respostas", cell: (l) => integer(l.responses), right: true },
      { header: "req/s", cell: (l) => integer(l.requestsPerSecond), right: true },
      { header: "p50 ms", cell: (l) => optional(l.p50Ms, 1), right: true },
      { header: "p99 ms", cell: (l) => optional(l.p99Ms, 1), right: true },
      { header: "fora de 2xx/3xx", cell: (l) => String(l.failedAnswers), right: true },
    ],
    lines,
  );
  console.log(
    `Total: ${integer(mixed.requestsPerSecond)} req/s; erros de conexão ${mixed.errors} (timeouts ${mixed.timeouts}).`,
  );
  const { leads } = mixed;
  console.log(
    `lost leads: ${leads.lost} (meta: ${TARGETS.lostLeads}; ${mark(leads.lost <= TARGETS.lostLeads)}) — ` +
      `${integer(leads.answeredSuccess)} pedidos com resposta de sucesso, aquecimento incluído; ` +
      `${leads.storedWithoutSuccessAnswer} gravados sem resposta de sucesso (em andamento quando a carga parou).`,
  );
}

const mediaColumns: Column<MediaLibraryRow>[] = [
  { header: "caso", cell: (r) => r.case },
  { header: "imagens na página", cell: (r) => String(r.images), right: true },
  { header: "servidor p50 ms", cell: (r) => optional(r.serverP50Ms, 1), right: true },
  { header: "servidor p95 ms", cell: (r) => optional(r.serverP95Ms, 1), right: true },
  { header: "cliente p50 ms", cell: (r) => optional(r.clientP50Ms, 1), right: true },
  { header: "HTML KB", cell: (r) => decimal(r.htmlBytes / 1024, 1), right: true },
  { header: "enviado KB", cell: (r) => decimal(r.sentBytes / 1024, 1), right: true },
];

/** The blog search, on a server with the render cache on (which never keeps search pages). */
async function measureSearch(
  server: BenchServer,
  memory: { takeCasePeakMb: () => number | null } | null,
): Promise<Row[]> {
  await checkPage(new URL(SEARCH_PATH, server.url).href, contains('id="resultados-titulo"', 'id="artigo-1"'));
  return measureCase(SEARCH_CASE, "site", server.url, SEARCH_PATH, options.durationS, memory, server.pid);
}

/** /admin/midia with the library's 10,000 images, as the signed-in owner. */
async function measureMediaCases(
  server: BenchServer,
  prepared: PreparedDatabase,
): Promise<MediaLibraryRow[]> {
  const rows = await measureMediaLibrary(server.url, prepared.adminCookie, server.logFile, BROWSER_HEADERS);
  console.log(`\nBiblioteca de mídia (${integer(prepared.mediaRows)} imagens, uma requisição por vez):\n`);
  printTable(mediaColumns, rows);
  return rows;
}

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
async function measureAdminCases(server: BenchServer, prepared: PreparedDatabase): Promise<AdminListRow[]> {
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

function printMemory(name: string, report: MemoryReport): boolean {
  const peak = Math.max(report.sampledPeakMb ?? 0, report.highWaterMarkMb ?? 0);
  const met = peak > 0 && peak < TARGETS.serverRssMb;
  console.log(
    `Memória do servidor ${name}: pico amostrado (VmRSS, ${report.samples} amostras) ` +
      `${optional(report.sampledPeakMb, 0)} MB, VmHWM ${optional(report.highWaterMarkMb, 0)} MB ` +
      `(meta < ${TARGETS.serverRssMb} MB o tempo todo: ${mark(met)}).`,
  );
  if (report.phases.length > 1) {
    const phases = report.phases.map((p) => `${p.phase} ${optional(p.peakMb, 0)}`);
    console.log(`  Pico por fase (MB): ${phases.join("; ")}.`);
  }
  return met;
}

// ---------------------------------------------------------------------------------------------
// Run

const options = parseOptions();
// The "cached" server must run with the render cache's default, whatever this shell says.
delete process.env.RENDER_CACHE;

buildIfNeeded();
const workDir = mkdtempSync(path.join(os.tmpdir(), "site-bench-"));
cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));
const database = options.pg ? postgresDatabase() : sqliteDatabase(workDir);
cleanups.push(database.drop);

/** Servers whose log to show when requests failed. */
const servers: Array<{ name: string; server: BenchServer }> = [];
async function startServer(name: string, env: Record<string, string>, logName: string, entry?: string) {
  const server = await startBenchServer(env, path.join(workDir, logName), entry);
  cleanups.push(() => server.stop());
  servers.push({ name, server });
  return server;
}

/** Put the work with 12 phone photos on the running server (bench-work.ts). */
async function seedWork(server: BenchServer): Promise<void> {
  process.stdout.write("Enviando 12 fotos de 4000 × 3000 para a obra de referência... ");
  const handle = await site.openDatabase(site.databaseConfigFromEnv(database.env));
  try {
    const work = await seedBenchWork(handle.db, server.url);
    console.log(
      `${decimal(work.jpegBytes / 1024 / 1024, 1)} MB em JPEG, processadas em ${seconds(work.uploadMs)}.`,
    );
  } finally {
    await handle.close();
  }
}

/** How many works the sitemap lists (the demo works and the bench's). */
async function publishedWorks(): Promise<number> {
  const handle = await site.openDatabase(site.databaseConfigFromEnv(database.env));
  try {
    const rows = await handle.db.selectFrom("works").select("id").where("published", "=", true).execute();
    return rows.length;
  } finally {
    await handle.close();
  }
}

const workCheck = contains(`${BENCH_WORK_TITLE}</h1>`, "Documentação Fotográfica");

/** The cached work page, then a ceiling answering its exact bytes. */
async function measureWorkCases(
  server: BenchServer,
  memory: { takeCasePeakMb: () => number | null } | null,
): Promise<Row[]> {
  await checkPage(new URL(BENCH_WORK_PATH, server.url).href, workCheck);
  const rows = await measureCase(
    "obra (12 fotos)",
    "site",
    server.url,
    BENCH_WORK_PATH,
    options.durationS,
    memory,
    server.pid,
  );
  const captured = await captureResponse(new URL(BENCH_WORK_PATH, server.url).href, BROWSER_HEADERS);
  if (captured.status !== 200)
    throw new Error(`${BENCH_WORK_PATH}: HTTP ${captured.status} ao capturar o teto`);
  const ceiling = await startCeiling(captured, workDir);
  cleanups.push(() => ceiling.stop());
  rows.push(
    ...(await measureCase(
      "teto (obra)",
      "teto",
      ceiling.url,
      BENCH_WORK_PATH,
      options.durationS,
      null,
      ceiling.pid,
    )),
  );
  await ceiling.stop();
  return rows;
}

/** The article on a second server with RENDER_CACHE=off, and that server's memory. */
async function measureUncachedArticle(
  serverEnv: Record<string, string>,
  articlePath: string,
  articleCheck: Check,
): Promise<{ rows: Row[]; memory: MemoryReport }> {
  const uncached = await startServer(
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
    options.durationS,
    uncachedMemory,
    uncached.pid,
  );
  const memory = uncachedMemory.stop();
  await uncached.stop();
  return { rows, memory };
}

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
async function measureCounting(
  serverEnv: Record<string, string>,
  articlePath: string,
  articleCheck: Check,
): Promise<CountingComparison> {
  const server = await startServer("com contagem", serverEnv, "server-counted.log");
  const uncounted = await startServer("sem contagem", serverEnv, "server-uncounted.log", UNCOUNTED_ENTRY);
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
      options.durationS,
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
      options.durationS,
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
  return {
    countedRequestsPerSecond,
    uncountedRequestsPerSecond,
    ratio,
    meanRatio: offMean > 0 ? (mean(on.map((r) => r.requestsPerSecond)) ?? 0) / offMean : 0,
    countedCpuUsPerResponse: mean(on.map((r) => r.serverCpuUsPerResponse)),
    uncountedCpuUsPerResponse: mean(off.map((r) => r.serverCpuUsPerResponse)),
    met: ratio >= TARGETS.countingShareOfUncounted && rows.every((r) => failedRequests(r) === 0),
    rows,
  };
}

function printCounting(comparison: CountingComparison): void {
  printTable(caseColumns, comparison.rows);
  console.log(
    `Contagem de visitas, artigo em cache a 50 conexões (${COUNTING_ROUNDS} rodadas alternadas, melhor de cada): ` +
      `${integer(comparison.countedRequestsPerSecond)} req/s com contagem, ` +
      `${integer(comparison.uncountedRequestsPerSecond)} req/s sem: ${decimal(comparison.ratio, 2)}× ` +
      `(meta ≥ ${decimal(TARGETS.countingShareOfUncounted, 1)}×: ${mark(comparison.met)}; ` +
      `médias: ${decimal(comparison.meanRatio, 2)}×); CPU µs/resp ` +
      `${optional(comparison.countedCpuUsPerResponse, 0)} com, ${optional(comparison.uncountedCpuUsPerResponse, 0)} sem.`,
  );
}

interface MixedCounts {
  /** Page views of the mixed load answered 200 (warm-up included). */
  answered: number;
  /** Those in the visit counts once the server stopped. */
  counted: number;
  /** Answered and not counted. Must be 0. */
  lost: number;
  met: boolean;
}

/** After the server stopped (its last counts written): the mixed load's views against its answers. */
async function mixedCounts(mixed: MixedResult): Promise<MixedCounts> {
  const counted = await countedViews(site, database.env, MIXED_CAMPAIGN);
  const lost = Math.max(0, mixed.viewsAnswered - counted);
  return { answered: mixed.viewsAnswered, counted, lost, met: lost <= TARGETS.lostCounts };
}

function printMixedCounts(counts: MixedCounts): void {
  // A view is counted as its answer is made: a request cut off when the load stopped may be
  // counted without its answer having been read, never the reverse.
  console.log(
    `lost counts: ${counts.lost} (meta: ${TARGETS.lostCounts}; ${mark(counts.met)}) — ` +
      `${integer(counts.answered)} páginas respondidas com 200, aquecimento incluído; ${integer(counts.counted)} visualizações contadas ` +
      `(${integer(Math.max(0, counts.counted - counts.answered))} de pedidos em andamento quando a carga parou).`,
  );
}

/** Prints the requests that failed in `rows` and the servers' logs; true when there were any. */
function reportFailures(rows: Row[], mixedFailures: string | null): boolean {
  const failedRows = rows.filter((r) => failedRequests(r) > 0);
  for (const row of failedRows) {
    console.error(
      `Falhas em ${row.case} × ${row.connections}: ${row.errors} erros (${row.timeouts} timeouts), ` +
        `status ${JSON.stringify(row.statusCodes)}`,
    );
  }
  if (mixedFailures) console.error(mixedFailures);
  if (!failedRows.length && !mixedFailures) return false;
  for (const { name, server } of servers) {
    console.error(`\nÚltimas linhas do servidor ${name}:\n${server.logTail(20)}`);
  }
  return true;
}

/** The run's facts every report starts with. */
function reportHeader(prepared: PreparedDatabase, loadAtStart: number) {
  return {
    engine: database.engine,
    database: prepared.description,
    date: new Date().toISOString(),
    machine: {
      ...machine,
      totalMemoryMb: Math.round(os.totalmem() / 1024 / 1024),
      platform: `${os.platform()} ${os.release()}`,
      loadAverage1m: { start: loadAtStart, end: os.loadavg()[0] ?? 0 },
    },
    node: process.version,
    serverNodeEnv: "production",
    requestHeaders: BROWSER_HEADERS,
    durationS: options.durationS,
    warmupS: WARMUP_SECONDS,
    seed: {
      extraPosts: options.posts,
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

function writeReport(file: string, report: object): void {
  mkdirSync(path.dirname(file), { recursive: true });
  // Hundredths are already below the noise; more digits only hinder reading.
  const rounded = (_key: string, value: unknown) =>
    typeof value === "number" && !Number.isInteger(value) ? Math.round(value * 100) / 100 : value;
  writeFileSync(file, `${JSON.stringify(report, rounded, 2)}\n`);
  console.log(`Relatório: ${path.relative(projectRoot, file)}`);
}

/**
 * `--only uncached`: the uncached article alone, on the same seeded database, for comparing
 * two versions of the uncached render path quickly.
 */
async function benchUncachedOnly(
  prepared: PreparedDatabase,
  serverEnv: Record<string, string>,
  articlePath: string,
  articleCheck: Check,
): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  console.log(
    `Só o artigo sem cache (RENDER_CACHE=off); ${WARMUP_SECONDS} s de aquecimento, ${options.durationS} s medidos, ` +
      `a ${CONNECTIONS.join(" e a ")} conexões.\n`,
  );
  const { rows, memory } = await measureUncachedArticle(serverEnv, articlePath, articleCheck);
  applyTargets(rows, articlePath);
  console.log(
    `\nResultados (${database.engine}, ${integer(prepared.publishedPosts)} artigos; artigo: ${articlePath}; Accept-Encoding: ` +
      `${BROWSER_HEADERS["accept-encoding"]}):\n`,
  );
  printTable(caseColumns, rows);
  console.log("");
  const rssMet = printMemory("sem cache", memory);
  const missed = [
    ...rows.filter((r) => r.target && !r.target.met).map((r) => `${r.case} × ${r.connections}`),
    ...(rssMet ? [] : ["memória do servidor sem cache"]),
  ];
  console.log(missed.length ? `Metas não atingidas: ${missed.join("; ")}.` : "Todas as metas atingidas.");
  const failed = reportFailures(rows, null);
  if (failed) process.exitCode = 1;
  writeReport(uncachedReportPath, {
    ...reportHeader(prepared, loadAtStart),
    only: "uncached",
    targets: {
      uncachedRequestsPerSecond: TARGETS.uncachedRequestsPerSecond,
      serverRssMb: TARGETS.serverRssMb,
    },
    cases: rows,
    memory: { uncachedServer: { ...memory, meetsTarget: rssMet } },
    missedTargets: missed,
    failedRequests: failed,
  });
}

/** `--instances N`: uncached and mixed req/s through Caddy for one and for N instances. */
async function benchScaling(
  prepared: PreparedDatabase,
  serverEnv: Record<string, string>,
  articlePath: string,
): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const many = options.instances;
  console.log(
    `Escala: 1 e ${many} instâncias atrás do Caddy (HTTPS), ${CLUSTER_CONNECTIONS} conexões, cada medida após 3 s de aquecimento.\n` +
      `Sem cache: ${options.durationS} s por medida, pelo wrk, na ordem 1, ${many}, ${many}, 1 instâncias (duas rodadas). ` +
      `Carga mista: ${options.mixedDurationS} s, pelo cliente HTTPS do Node, uma vez para cada número.\n`,
  );
  const result = await measureScaling({
    env: { ...serverEnv, QUOTE_MIN_FILL_SECONDS: "0" },
    instances: many,
    durationS: options.durationS,
    mixedDurationS: options.mixedDurationS,
    uncachedPaths: [articlePath, "/blog", "/", "/obras", "/servicos"],
    mixedPaths: [articlePath, "/blog", "/", "/obras", "/servicos", "/contato", "/sitemap.xml"],
    storedLeads: (prefix) => storedLeadEmails(site, database.env, `${prefix}%`),
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
      `Carga mista ${decimal(result.mixedRatio, 2)}×. ${machine.cpus} CPUs, carga ao começar ${decimal(loadAtStart, 1)}.`,
  );
  const failed =
    result.uncached.reduce((sum, r) => sum + r.failed, 0) +
    result.mixed.reduce((sum, r) => sum + r.failed + r.leadsLost, 0);
  if (failed) process.exitCode = 1;
  writeReport(clusterReportPath, {
    ...reportHeader(prepared, loadAtStart),
    only: "cluster",
    targets: { clusterScaling: TARGETS.clusterScaling, lostLeads: TARGETS.lostLeads },
    ...result,
    meetsTarget: met,
    failedRequests: failed,
  });
}

/** `--only busca`: the blog search alone, at 1 and 50 connections. */
async function benchSearchOnly(prepared: PreparedDatabase, serverEnv: Record<string, string>): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const main = await startServer("principal", serverEnv, "server.log");
  const memory = watchMemory(main.pid);
  console.log(
    `Só a busca ${SEARCH_PATH}; ${WARMUP_SECONDS} s de aquecimento, ${options.durationS} s medidos, ` +
      `a ${CONNECTIONS.join(" e a ")} conexões.\n`,
  );
  const rows = await measureSearch(main, memory);
  const memoryReport = memory.stop();
  await main.stop();
  applyTargets(rows, "");
  console.log(`\nResultados (${database.engine}, ${integer(prepared.publishedPosts)} artigos):\n`);
  printTable(caseColumns, rows);
  console.log("");
  const rssMet = printMemory("principal", memoryReport);
  const missed = [
    ...rows.filter((r) => r.target && !r.target.met).map((r) => `${r.case} × ${r.connections}`),
    ...(rssMet ? [] : ["memória do servidor"]),
  ];
  console.log(missed.length ? `Metas não atingidas: ${missed.join("; ")}.` : "Todas as metas atingidas.");
  const failed = reportFailures(rows, null);
  if (failed) process.exitCode = 1;
  writeReport(searchReportPath, {
    ...reportHeader(prepared, loadAtStart),
    only: "busca",
    targets: { searchRequestsPerSecond: TARGETS.searchRequestsPerSecond, serverRssMb: TARGETS.serverRssMb },
    cases: rows,
    memory: { server: { ...memoryReport, meetsTarget: rssMet } },
    missedTargets: missed,
    failedRequests: failed,
  });
}

/** Every case, the ceiling and the mixed load: the full `npm run bench`. */
async function benchEverything(
  prepared: PreparedDatabase,
  serverEnv: Record<string, string>,
  articlePath: string,
  articleCheck: Check,
): Promise<void> {
  const main = await startServer("principal", serverEnv, "server.log");
  const memory = watchMemory(main.pid);
  const loadAtStart = os.loadavg()[0] ?? 0;
  console.log(
    `Servidor em ${main.url} (NODE_ENV=production, PID ${main.pid}); cada caso: ${WARMUP_SECONDS} s de aquecimento, ` +
      `${options.durationS} s medidos, a ${CONNECTIONS.join(" e a ")} conexões.`,
  );
  // Client and server share this machine: other work running now shows up in the numbers.
  if (loadAtStart > machine.cpus) {
    console.log(
      `Aviso: a máquina já está ocupada (carga ${decimal(loadAtStart, 1)} em ${machine.cpus} CPUs); os números vão oscilar.`,
    );
  }
  console.log("");

  memory.phase("fotos da obra");
  await seedWork(main);
  memory.phase("páginas em cache");
  const sitemapUrls = staticSitemapPaths.length + prepared.publishedPosts + (await publishedWorks());
  const pages: Array<{ name: string; path: string; check: Check }> = [
    { name: "/", path: "/", check: contains("<h1") },
    { name: "/blog", path: "/blog", check: contains(BLOG_HEADING, 'id="artigo-1"') },
    { name: "artigo", path: articlePath, check: articleCheck },
    {
      name: "/sitemap.xml",
      path: "/sitemap.xml",
      check: (body) => {
        const urls = body.split("<url>").length - 1;
        return urls === sitemapUrls ? null : `sitemap com ${urls} URLs em vez de ${sitemapUrls}`;
      },
    },
  ];
  const rows: Row[] = [];
  for (const page of pages) {
    await checkPage(new URL(page.path, main.url).href, page.check);
    rows.push(
      ...(await measureCase(page.name, "site", main.url, page.path, options.durationS, memory, main.pid)),
    );
  }

  memory.phase("obra em cache");
  rows.push(...(await measureWorkCases(main, memory)));
  memory.phase("busca");
  rows.push(...(await measureSearch(main, memory)));

  memory.phase("biblioteca de mídia");
  const mediaLibrary = await measureMediaCases(main, prepared);
  memory.phase("listas do admin");
  const adminLists = await measureAdminCases(main, prepared);

  memory.phase("os outros servidores medidos");
  const counting = await measureCounting(serverEnv, articlePath, articleCheck);
  const uncached = await measureUncachedArticle(serverEnv, articlePath, articleCheck);
  rows.push(...uncached.rows);
  const uncachedMemoryReport = uncached.memory;

  // The ceiling answers the exact bytes the site sends for the article to these headers.
  const captured = await captureResponse(new URL(articlePath, main.url).href, BROWSER_HEADERS);
  if (captured.status !== 200) throw new Error(`${articlePath}: HTTP ${captured.status} ao capturar o teto`);
  const ceiling = await startCeiling(captured, workDir);
  cleanups.push(() => ceiling.stop());
  rows.push(
    ...(await measureCase(
      "teto (artigo)",
      "teto",
      ceiling.url,
      articlePath,
      options.durationS,
      null,
      ceiling.pid,
    )),
  );
  await ceiling.stop();
  applyTargets(rows, articlePath);

  console.log(
    `\nCarga mista: ${MIXED_CONNECTIONS} conexões, ${options.mixedDurationS} s (após ${WARMUP_SECONDS} s de aquecimento), ` +
      "90% páginas e 10% pedidos de orçamento...",
  );
  const mixedPages = [
    "/",
    "/servicos",
    "/obras",
    "/contato",
    "/blog",
    `/blog?categoria=${prepared.category.slug}`,
    BENCH_WORK_PATH,
    ...prepared.articleSlugs.map((slug) => `/blog/${slug}`),
  ];
  memory.phase("carga mista");
  memory.takeCasePeakMb();
  const mixed = await runMixedLoad({
    baseUrl: main.url,
    pages: mixedPages,
    durationS: options.mixedDurationS,
    warmupS: WARMUP_SECONDS,
    storedEmails: () => storedLeadEmails(site, database.env, LEAD_EMAIL_LIKE),
  });
  const mixedPeakRssMb = memory.takeCasePeakMb();
  const mainMemoryReport = memory.stop();
  await main.stop();
  const counts = await mixedCounts(mixed);

  console.log(
    `\nResultados (${database.engine}, ${integer(prepared.publishedPosts)} artigos; artigo: ${articlePath}; Accept-Encoding: ` +
      `${BROWSER_HEADERS["accept-encoding"]}; teto: node:http com os ${integer(captured.body.length)} bytes ` +
      `${captured.contentEncoding ?? "sem compressão"} do artigo):\n`,
  );
  printTable(caseColumns, rows);
  console.log("");
  printMixed(mixed);
  printMixedCounts(counts);
  console.log(`  (pico de RSS do servidor durante a carga mista: ${optional(mixedPeakRssMb, 0)} MB)\n`);
  printCounting(counting);
  console.log("");
  const rssMet = printMemory("principal", mainMemoryReport);
  const uncachedRssMet = printMemory("sem cache", uncachedMemoryReport);

  const missed = [
    ...rows.filter((r) => r.target && !r.target.met).map((r) => `${r.case} × ${r.connections}`),
    ...(rssMet ? [] : ["memória do servidor principal"]),
    ...(uncachedRssMet ? [] : ["memória do servidor sem cache"]),
    ...(mixed.leads.lost > TARGETS.lostLeads ? ["lost leads"] : []),
    ...(counts.met ? [] : ["lost counts"]),
    ...(counting.met ? [] : ["artigo em cache com contagem"]),
    ...adminLists.filter((r) => !r.target.met).map((r) => `${r.case} (${r.kind})`),
  ];
  console.log(missed.length ? `Metas não atingidas: ${missed.join("; ")}.` : "Todas as metas atingidas.");

  const mixedFailureCount =
    mixed.errors +
    mixed.views.failedAnswers +
    mixed.submissions.failedAnswers +
    mixed.leads.lost +
    counts.lost;
  const failed = reportFailures(
    [...rows, ...counting.rows],
    mixedFailureCount > 0
      ? `Falhas na carga mista: ${mixed.errors} erros, páginas ${JSON.stringify(mixed.views.statusCodes)}, ` +
          `pedidos ${JSON.stringify(mixed.submissions.statusCodes)}, ${mixed.leads.lost} leads perdidos, ` +
          `${counts.lost} visualizações não contadas.`
      : null,
  );
  if (failed) process.exitCode = 1;

  writeReport(reportPath, {
    ...reportHeader(prepared, loadAtStart),
    ceiling: {
      page: articlePath,
      bytes: captured.body.length,
      contentType: captured.contentType,
      contentEncoding: captured.contentEncoding,
    },
    targets: TARGETS,
    cases: rows,
    mediaLibrary,
    adminLists: { targets: ADMIN_LIST_TARGETS, cases: adminLists },
    mixed: { ...mixed, peakRssMb: mixedPeakRssMb, counts },
    visitCounting: counting,
    memory: {
      server: { ...mainMemoryReport, meetsTarget: rssMet },
      uncachedServer: { ...uncachedMemoryReport, meetsTarget: uncachedRssMet },
    },
    missedTargets: missed,
    failedRequests: failed,
  });
}

/** Measured while the machine is otherwise idle, before the database and the servers. */
const machine = measureMachine();

try {
  console.log(
    `Máquina: ${machine.cpus} núcleos, ${machine.cpuModel ?? "modelo desconhecido"}` +
      `${machine.cpuMhz ? ` a ${integer(machine.cpuMhz)} MHz` : ""}; referência (melhor de 7): ` +
      `React ${decimal(machine.renderMs, 1)} ms, gzip ${decimal(machine.gzipMs, 2)} ms ` +
      "(docs/benchmarks.md: comparar execuções em máquinas diferentes).",
  );
  console.log(`Preparando o banco (${database.engine}) com ${integer(options.posts)} artigos extras...`);
  const prepared = await prepareDatabase(site, database.env, options.posts);
  const { timings } = prepared;
  console.log(
    `${prepared.description}: ${integer(prepared.publishedPosts)} artigos publicados, pronto em ${seconds(timings.totalMs)} ` +
      `(migração e demonstração ${seconds(timings.setupMs)}; gerar ${seconds(timings.generateMs)}, ` +
      `inserir ${seconds(timings.insertMs)}).`,
  );

  const serverEnv: Record<string, string> = {
    ...database.env,
    // No e-mail: leads are stored with their outbox row, which waits.
    SMTP_URL: "",
    // Every submission comes from 127.0.0.1, thousands an hour: neither the per-address limit
    // nor the hourly cap on all requests together may refuse them.
    QUOTE_RATE_LIMIT_PER_HOUR: "1000000",
    QUOTE_GLOBAL_LIMIT_PER_HOUR: "1000000",
    QUOTE_MIN_FILL_SECONDS: String(MIN_FILL_SECONDS),
  };
  const articlePath = `/blog/${prepared.article.slug}`;
  const articleCheck = contains(`>${prepared.article.title}</h1>`, "Artigos relacionados");
  if (options.instances > 1) {
    await benchScaling(prepared, serverEnv, articlePath);
  } else if (options.uncachedOnly) {
    await benchUncachedOnly(prepared, serverEnv, articlePath, articleCheck);
  } else if (options.workOnly) {
    const loadAtStart = os.loadavg()[0] ?? 0;
    const main = await startServer("principal", serverEnv, "server.log");
    await seedWork(main);
    console.log(
      `Só a página da obra em cache e o seu teto; ${WARMUP_SECONDS} s de aquecimento, ${options.durationS} s medidos, ` +
        `a ${CONNECTIONS.join(" e a ")} conexões.\n`,
    );
    const rows = await measureWorkCases(main, null);
    await main.stop();
    applyTargets(rows, articlePath);
    console.log(`\nResultados (${database.engine}; página: ${BENCH_WORK_PATH}):\n`);
    printTable(caseColumns, rows);
    const missed = rows.filter((r) => r.target && !r.target.met).map((r) => `${r.case} × ${r.connections}`);
    console.log(missed.length ? `Metas não atingidas: ${missed.join("; ")}.` : "Todas as metas atingidas.");
    if (reportFailures(rows, null)) process.exitCode = 1;
    writeReport(workReportPath, {
      ...reportHeader(prepared, loadAtStart),
      only: "obra",
      targets: { cachedShareOfCeiling: TARGETS.cachedShareOfCeiling, cachedP99Ms: TARGETS.cachedP99Ms },
      cases: rows,
      missedTargets: missed,
    });
  } else if (options.searchOnly) {
    await benchSearchOnly(prepared, serverEnv);
  } else if (options.countingOnly) {
    const loadAtStart = os.loadavg()[0] ?? 0;
    console.log(
      `Só o artigo em cache com e sem contagem de visitas, em turnos; ${WARMUP_SECONDS} s de aquecimento, ` +
        `${options.durationS} s medidos, a 50 conexões.\n`,
    );
    const counting = await measureCounting(serverEnv, articlePath, articleCheck);
    console.log(`\nResultados (${database.engine}; artigo: ${articlePath}):\n`);
    printCounting(counting);
    if (reportFailures(counting.rows, null)) process.exitCode = 1;
    writeReport(countingReportPath, {
      ...reportHeader(prepared, loadAtStart),
      only: "contagem",
      targets: { countingShareOfUncounted: TARGETS.countingShareOfUncounted },
      visitCounting: counting,
      missedTargets: counting.met ? [] : ["artigo em cache com contagem"],
    });
  } else if (options.mediaOnly) {
    const loadAtStart = os.loadavg()[0] ?? 0;
    const main = await startServer("principal", serverEnv, "server.log");
    const mediaLibrary = await measureMediaCases(main, prepared);
    await main.stop();
    writeReport(mediaReportPath, { ...reportHeader(prepared, loadAtStart), only: "midia", mediaLibrary });
  } else if (options.adminOnly) {
    const loadAtStart = os.loadavg()[0] ?? 0;
    const main = await startServer("principal", serverEnv, "server.log");
    const cases = await measureAdminCases(main, prepared);
    await main.stop();
    const missed = cases.filter((r) => !r.target.met).map((r) => `${r.case} (${r.kind})`);
    console.log(
      missed.length ? `\nMetas não atingidas: ${missed.join("; ")}.` : "\nTodas as metas atingidas.",
    );
    writeReport(adminReportPath, {
      ...reportHeader(prepared, loadAtStart),
      only: "admin",
      targets: ADMIN_LIST_TARGETS,
      adminLists: cases,
      missedTargets: missed,
    });
  } else {
    await benchEverything(prepared, serverEnv, articlePath, articleCheck);
  }
} catch (error) {
  console.error(`O benchmark falhou: ${(error as Error).message}`);
  for (const { name, server } of servers) {
    console.error(`\nÚltimas linhas do servidor ${name}:\n${server.logTail(20)}`);
  }
  process.exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(process.exitCode ?? 0);
