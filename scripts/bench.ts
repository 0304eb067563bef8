// `npm run bench`: how fast the production server renders the blog with 10,000 extra posts.
// Builds if needed, seeds a fresh database (a temporary SQLite directory, or with --pg a fresh
// schema in PostgreSQL), starts the server on it and runs each case of blogCases(); prints one
// table and writes bench/report.json. Exits 1 only when a request failed: a missed target is a
// number to read, not a test failure.
//
//   npm run bench                      SQLite
//   npm run bench -- --pg              PostgreSQL (BENCH_DATABASE_URL, DATABASE_URL or local)
//   npm run bench -- --requests 1000   requests per case (default 300)
import { execFile, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { sql } from "kysely";
import pg from "pg";
import { staticSitemapPaths } from "../app/lib/sitemap-pages.ts";
import type * as Site from "../app/server/http-app.server.ts";
import { startServer } from "../tests/support/server.ts";
import { type BenchCategory, seedBenchPosts } from "./bench-seed.ts";
import { loadBuiltSite } from "./built-site.ts";
import { cleanUp, cleanups } from "./cleanups.ts";

const root = path.resolve(import.meta.dirname, "..");
const reportPath = path.join(root, "bench/report.json");
const BENCH_POSTS = 10_000;
const INSERT_BATCH = 500;
/** Requests per case before timing: JIT, route modules and database caches get warm. */
const WARMUP_REQUESTS = 20;
/** The issue's target for /blog and /blog/:slug with 10,000 posts seeded. */
const TARGET_MEDIAN_MS = 20;
const RSS_SAMPLE_MS = 200;
const BLOG_HEADING = "Conhecimento para cuidar do seu condomínio";
const DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/test";

// ---------------------------------------------------------------------------------------------
// Command line and clean-up

interface Options {
  pg: boolean;
  requests: number;
}

function parseOptions(): Options {
  try {
    const { values } = parseArgs({
      options: { pg: { type: "boolean", default: false }, requests: { type: "string", default: "300" } },
    });
    const requests = Number(values.requests);
    if (!Number.isInteger(requests) || requests < 1) {
      throw new Error(`--requests precisa ser um inteiro positivo (recebido: ${values.requests}).`);
    }
    return { pg: values.pg, requests };
  } catch (error) {
    console.error(`${(error as Error).message}\nUso: npm run bench -- [--pg] [--requests N]`);
    process.exit(2);
  }
}

// Run in reverse order once, whether the run ends normally, fails or is interrupted, so no
// server, temporary directory or schema is left behind.

// ---------------------------------------------------------------------------------------------
// Database

interface BenchDatabase {
  engine: "sqlite" | "postgres";
  /** What the seeding code and the server both read (the server also inherits process.env). */
  env: Record<string, string>;
  drop: () => Promise<void>;
}

function sqliteDatabase(): BenchDatabase {
  const dir = mkdtempSync(path.join(os.tmpdir(), "site-bench-"));
  return {
    engine: "sqlite",
    // Empty values mean "unset" to the app: a DATABASE_URL in the shell must not win here.
    env: { DATA_DIR: dir, DATABASE_URL: "", DATABASE_SCHEMA: "" },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

function postgresDatabase(): BenchDatabase {
  const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || DEFAULT_PG_URL;
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const schema = `bench_${stamp}`;
  return {
    engine: "postgres",
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

interface PreparedDatabase {
  description: string;
  category: BenchCategory;
  article: { slug: string; title: string };
  publishedPosts: number;
  timings: { setupMs: number; generateMs: number; insertMs: number; totalMs: number };
  averageContentBytes: number;
  featuredInserted: number;
}

async function prepareDatabase(site: typeof Site, env: Record<string, string>): Promise<PreparedDatabase> {
  const start = performance.now();
  const config = site.databaseConfigFromEnv(env);
  const handle = await site.openDatabase(config);
  try {
    await site.migrateToLatest(handle);
    const demo = await site.seedDemoContentIfEmpty(handle.db);
    if (!demo.seeded) throw new Error(`O banco de benchmark deveria estar vazio (${demo.reason}).`);
    const categories = await handle.db
      .selectFrom("categories")
      .select(["id", "name", "slug"])
      .orderBy("slug")
      .execute();
    const setupMs = performance.now() - start;
    const seeded = await seedBenchPosts(handle.db, categories, {
      count: BENCH_POSTS,
      batchSize: INSERT_BATCH,
      years: 7,
    });
    // A real server's autovacuum analyzes a table that grew this much within a minute or so;
    // without statistics the planner expects ~100 posts and, e.g., sorts the sitemap on disk.
    // Analyzing now measures the steady state instead of whenever autovacuum happens to run.
    if (config.engine === "postgres") await sql`analyze blog_posts, categories`.execute(handle.db);
    const { count } = await handle.db
      .selectFrom("blog_posts")
      .where("status", "=", "published")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    const category = categories.find((c) => c.slug === "fachadas") ?? categories[0];
    if (!category) throw new Error("O conteúdo de demonstração não criou categorias.");
    return {
      description: site.describeDatabase(config),
      category,
      article: seeded.samplePost,
      publishedPosts: Number(count),
      timings: {
        setupMs,
        generateMs: seeded.generateMs,
        insertMs: seeded.insertMs,
        totalMs: performance.now() - start,
      },
      averageContentBytes: seeded.averageContentBytes,
      featuredInserted: seeded.featured,
    };
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Server memory

interface RssSampler {
  /** Start a new per-case peak. */
  startCase: () => void;
  /** Peak RSS (MB) since startCase, after one last sample. */
  casePeakMb: () => Promise<number | null>;
  /** Stop sampling; peak RSS (MB) over the whole run. */
  stop: () => Promise<number | null>;
}

const execFileAsync = promisify(execFile);

function sampleRss(pid: number): RssSampler {
  let peakKb = 0;
  let casePeakKb = 0;
  let pending: Promise<void> = Promise.resolve();
  const sample = async () => {
    try {
      const { stdout } = await execFileAsync("ps", ["-o", "rss=", "-p", String(pid)]);
      const kb = Number(stdout.trim());
      if (Number.isFinite(kb) && kb > 0) {
        peakKb = Math.max(peakKb, kb);
        casePeakKb = Math.max(casePeakKb, kb);
      }
    } catch {
      // The server exited; the requests report that.
    }
  };
  const timer = setInterval(() => {
    pending = sample();
  }, RSS_SAMPLE_MS);
  const toMb = (kb: number) => (kb > 0 ? kb / 1024 : null);
  return {
    startCase: () => {
      casePeakKb = 0;
    },
    casePeakMb: async () => {
      await sample();
      return toMb(casePeakKb);
    },
    stop: async () => {
      clearInterval(timer);
      await pending;
      await sample();
      return toMb(peakKb);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Cases. Each case runs against the started server and returns its rows; the table and the
// report show every row the same way, so new kinds of case (e.g. concurrent load) only add
// entries here.

interface BenchContext {
  baseUrl: string;
  requests: number;
  rss: RssSampler;
}

interface BenchRow {
  case: string;
  /** "sequencial": one request at a time, latency seen by the client. */
  kind: "sequencial";
  url: string;
  requests: number;
  medianMs: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  minMs: number | null;
  maxMs: number | null;
  requestsPerSecond: number | null;
  /** Failed requests, non-200 answers and pages without their expected content. */
  errors: number;
  errorSamples: string[];
  targetMedianMs: number | null;
  meetsTarget: boolean | null;
  peakRssMb: number | null;
}

interface BenchCase {
  name: string;
  run: (context: BenchContext) => Promise<BenchRow[]>;
}

/** Returns what is wrong with a response body, or null when it is the expected page. */
type BodyCheck = (body: string) => string | null;

const contains =
  (...texts: string[]): BodyCheck =>
  (body) => {
    const missing = texts.find((text) => !body.includes(text));
    return missing === undefined ? null : `resposta sem "${missing}"`;
  };

// Like a browser: the server compresses pages, and that cost belongs in the measurement.
const requestHeaders = { "accept-encoding": "gzip", "user-agent": "site-bench" };

async function timedRequest(url: string, check: BodyCheck): Promise<{ ms: number; problem: string | null }> {
  const start = performance.now();
  try {
    // Manual redirects: an unknown slug redirects to /blog, which must count as an error.
    const response = await fetch(url, { redirect: "manual", headers: requestHeaders });
    const body = await response.text();
    const ms = performance.now() - start;
    if (response.status !== 200) {
      const location = response.headers.get("location");
      return { ms, problem: `HTTP ${response.status}${location ? ` → ${location}` : ""}` };
    }
    // Checked after the clock stops: the check is the benchmark's cost, not the server's.
    return { ms, problem: check(body) };
  } catch (error) {
    return { ms: performance.now() - start, problem: (error as Error).message };
  }
}

function percentile(sorted: readonly number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  const position = (sorted.length - 1) * fraction;
  const lower = sorted[Math.floor(position)] ?? 0;
  const upper = sorted[Math.ceil(position)] ?? lower;
  return lower + (upper - lower) * (position - Math.floor(position));
}

function sequentialCase(spec: {
  name: string;
  path: string;
  check: BodyCheck;
  targetMs?: number;
}): BenchCase {
  return {
    name: spec.name,
    run: async ({ baseUrl, requests, rss }) => {
      const url = new URL(spec.path, baseUrl).href;
      for (let i = 0; i < WARMUP_REQUESTS; i++) await timedRequest(url, spec.check);
      rss.startCase();
      const latencies: number[] = [];
      const problems = new Map<string, number>();
      for (let i = 0; i < requests; i++) {
        const { ms, problem } = await timedRequest(url, spec.check);
        if (problem === null) latencies.push(ms);
        else problems.set(problem, (problems.get(problem) ?? 0) + 1);
      }
      latencies.sort((a, b) => a - b);
      const median = percentile(latencies, 0.5);
      const totalMs = latencies.reduce((sum, ms) => sum + ms, 0);
      const target = spec.targetMs ?? null;
      return [
        {
          case: spec.name,
          kind: "sequencial",
          url: spec.path,
          requests,
          medianMs: median,
          p95Ms: percentile(latencies, 0.95),
          p99Ms: percentile(latencies, 0.99),
          minMs: latencies[0] ?? null,
          maxMs: latencies.at(-1) ?? null,
          // From the request latencies rather than the loop's wall time, which also includes
          // checking each body.
          requestsPerSecond: totalMs > 0 ? (latencies.length * 1000) / totalMs : null,
          errors: requests - latencies.length,
          errorSamples: [...problems].slice(0, 3).map(([problem, n]) => `${n}× ${problem}`),
          targetMedianMs: target,
          meetsTarget: target === null || median === null ? null : median < target,
          peakRssMb: await rss.casePeakMb(),
        },
      ];
    },
  };
}

function blogCases(db: PreparedDatabase): BenchCase[] {
  const sitemapUrls = staticSitemapPaths.length + db.publishedPosts;
  return [
    sequentialCase({
      name: "/blog",
      path: "/blog",
      targetMs: TARGET_MEDIAN_MS,
      check: contains(BLOG_HEADING, 'id="artigo-1"'),
    }),
    sequentialCase({
      name: `/blog?categoria=${db.category.slug}`,
      path: `/blog?categoria=${db.category.slug}`,
      check: contains(BLOG_HEADING, `<title>${db.category.name} – Blog`, 'id="artigo-1"'),
    }),
    sequentialCase({
      name: "/blog?mostrar=40",
      path: "/blog?mostrar=40",
      check: contains(BLOG_HEADING, 'id="artigo-40"'),
    }),
    sequentialCase({
      name: "/blog/:slug",
      path: `/blog/${db.article.slug}`,
      targetMs: TARGET_MEDIAN_MS,
      check: contains(`>${db.article.title}</h1>`, "Artigos relacionados"),
    }),
    sequentialCase({
      name: "/sitemap.xml",
      path: "/sitemap.xml",
      check: (body) => {
        const urls = body.split("<url>").length - 1;
        return urls === sitemapUrls ? null : `sitemap com ${urls} URLs em vez de ${sitemapUrls}`;
      },
    }),
  ];
}

// ---------------------------------------------------------------------------------------------
// Output

const ms = (value: number | null) => (value === null ? "—" : value.toFixed(1));
const columns: Array<{ header: string; cell: (row: BenchRow) => string; right?: boolean }> = [
  { header: "caso", cell: (row) => row.case },
  { header: "mediana ms", cell: (row) => ms(row.medianMs), right: true },
  { header: "p95 ms", cell: (row) => ms(row.p95Ms), right: true },
  { header: "p99 ms", cell: (row) => ms(row.p99Ms), right: true },
  { header: "mín ms", cell: (row) => ms(row.minMs), right: true },
  {
    header: "req/s",
    cell: (row) => (row.requestsPerSecond === null ? "—" : row.requestsPerSecond.toFixed(0)),
    right: true,
  },
  { header: "erros", cell: (row) => String(row.errors), right: true },
  {
    header: `mediana < ${TARGET_MEDIAN_MS} ms`,
    cell: (row) => (row.meetsTarget === null ? "—" : row.meetsTarget ? "ok" : "ACIMA"),
  },
];

function printTable(rows: BenchRow[]): void {
  const cells = [columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => c.cell(row)))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => (line[i] ?? "").length)));
  for (const line of cells) {
    const padded = line.map((cell, i) =>
      columns[i]?.right ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
    );
    console.log(padded.join("  ").trimEnd());
  }
}

const decimal = (value: number, digits: number) => value.toFixed(digits).replace(".", ",");
const seconds = (value: number) => `${decimal(value / 1000, value < 1000 ? 2 : 1)} s`;
const number = (value: number) => value.toLocaleString("pt-BR");

// ---------------------------------------------------------------------------------------------
// Run

const options = parseOptions();

const site = await loadBuiltSite();
const database = options.pg ? postgresDatabase() : sqliteDatabase();
cleanups.push(database.drop);

try {
  console.log(`Preparando o banco (${database.engine}) com ${number(BENCH_POSTS)} artigos extras...`);
  const prepared = await prepareDatabase(site, database.env);
  const { timings } = prepared;
  console.log(
    `${prepared.description}: ${number(prepared.publishedPosts)} artigos publicados, pronto em ${seconds(timings.totalMs)} ` +
      `(migração e demonstração ${seconds(timings.setupMs)}; ${number(BENCH_POSTS)} artigos: gerar ${seconds(timings.generateMs)}, ` +
      `inserir ${seconds(timings.insertMs)}).`,
  );

  const server = await startServer(database.env);
  cleanups.push(() => server.stop());
  const pid = server.process.pid;
  if (pid === undefined) throw new Error("O servidor iniciou sem PID.");
  const rss = sampleRss(pid);
  cleanups.push(() => rss.stop());

  const serverNodeEnv = process.env.NODE_ENV ?? "(não definido)";
  console.log(
    `Servidor em ${server.url} (NODE_ENV=${serverNodeEnv}); ${options.requests} requisições sequenciais por caso, ` +
      `após ${WARMUP_REQUESTS} de aquecimento.`,
  );
  if (process.env.NODE_ENV !== "production") {
    // react-dom/server picks its build from NODE_ENV at run time, and the server bundle
    // imports it from node_modules: without it, pages render with React's slower dev build.
    console.log(
      "Aviso: NODE_ENV não é production; o servidor renderiza com o build de desenvolvimento do React (como o npm start hoje).",
    );
  }
  // Client and server share this machine: other work running now shows up in the numbers.
  const loadAtStart = os.loadavg()[0] ?? 0;
  if (loadAtStart > os.cpus().length) {
    console.log(
      `Aviso: a máquina já está ocupada (carga ${decimal(loadAtStart, 1)} em ${os.cpus().length} CPUs); os números vão oscilar.`,
    );
  }
  console.log("");
  const rows: BenchRow[] = [];
  for (const benchCase of blogCases(prepared)) {
    const started = performance.now();
    const caseRows = await benchCase.run({ baseUrl: server.url, requests: options.requests, rss });
    rows.push(...caseRows);
    console.log(`  ${benchCase.name}: ${seconds(performance.now() - started)}`);
  }
  const peakRssMb = await rss.stop();

  console.log("");
  printTable(rows);
  console.log(
    `\nPico de memória do servidor (RSS, amostrado a cada ${RSS_SAMPLE_MS} ms): ${peakRssMb === null ? "—" : `${peakRssMb.toFixed(0)} MB`}.`,
  );

  const failures = rows.filter((row) => row.errors > 0);
  for (const row of failures) console.error(`Erros em ${row.url}: ${row.errorSamples.join("; ")}`);
  if (failures.length) {
    console.error(`\nÚltimas linhas do servidor:\n${server.output().split("\n").slice(-20).join("\n")}`);
    process.exitCode = 1;
  }

  const report = {
    engine: database.engine,
    database: prepared.description,
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      totalMemoryMb: Math.round(os.totalmem() / 1024 / 1024),
      platform: `${os.platform()} ${os.release()}`,
      loadAverage1m: { start: loadAtStart, end: os.loadavg()[0] ?? 0 },
    },
    node: process.version,
    serverNodeEnv: process.env.NODE_ENV ?? null,
    requestsPerCase: options.requests,
    warmupRequests: WARMUP_REQUESTS,
    seed: {
      extraPosts: BENCH_POSTS,
      publishedPosts: prepared.publishedPosts,
      featuredInserted: prepared.featuredInserted,
      averageContentBytes: prepared.averageContentBytes,
      batchSize: INSERT_BATCH,
      ...prepared.timings,
    },
    serverPeakRssMb: peakRssMb,
    rows,
  };
  mkdirSync(path.dirname(reportPath), { recursive: true });
  // Hundredths of a millisecond are already below the noise; more digits only hinder reading.
  const rounded = (_key: string, value: unknown) =>
    typeof value === "number" && !Number.isInteger(value) ? Math.round(value * 100) / 100 : value;
  writeFileSync(reportPath, `${JSON.stringify(report, rounded, 2)}\n`);
  console.log(`Relatório: ${path.relative(root, reportPath)}`);
} catch (error) {
  console.error(`O benchmark falhou: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(process.exitCode ?? 0);
