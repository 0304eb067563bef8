// `npm run lighthouse`: Lighthouse (mobile defaults: Moto G Power emulation, simulated slow 4G and
// 4x CPU) in Debian's Chromium on two groups of pages, each against its own budget:
// - every public page: performance ≥ 95, accessibility, best practices and SEO 100, JS ≤ 120 KB
//   and CSS ≤ 20 KB gzip;
// - the admin, signed in (/admin/inicio, /admin/solicitacoes, /admin/obras): performance ≥ 90,
//   accessibility and best practices 100; no SEO (the admin is noindex, so that category is not
//   run) and no byte budget, though its bytes are printed too.
// Builds if needed, starts its own server on a fresh temporary database (so the demo content is
// there) with an administrator it creates at start (ADMIN_EMAIL/ADMIN_PASSWORD), signs in over
// HTTP and hands Lighthouse the session cookie (its extraHeaders), adds a dozen quote requests
// (scripts/lighthouse-admin.ts), runs the pages one after another (one Chromium each) and prints
// one table, then the failing audits of every page that misses its group's target. Writes the
// summary to bench/lighthouse.json.
//
// The pages are measured as a visitor gets them in production (docs/operations.md): the server behind
// Caddy with deploy/Caddyfile, HTTPS from Caddy's own CA and HTTP/2. `--direct` measures the
// server's own HTTP/1.1 port instead (docs/decisions/0041-lighthouse-through-the-proxy.md).
//
// JS and CSS bytes are gzip bytes, counted as `npm run size` counts them: every Script and
// Stylesheet request of Lighthouse's `network-requests` audit, fetched again and gzipped (level 9),
// so the budget means the same whatever encoding the server chooses. The bytes Lighthouse saw on
// the wire (transferSize: as the server compressed them, headers included) stay in the JSON.
// Scripts inlined in the HTML count toward the HTML, not JS.
//
//   npm run lighthouse                          every public page and the admin's, once
//   npm run lighthouse -- --page /contato       one page (repeat --page for several; /admin/… too)
//   npm run lighthouse -- --runs 3              each page 3 times; the median of each number
//   npm run lighthouse -- --reports /tmp/lh     also keep each run's whole report (JSON) there
//   npm run lighthouse -- --direct              the server alone, without Caddy (HTTP/1.1)
//
// A run that overlaps a rebuild of build/ (someone else's `npm start` or build) is discarded and
// the server restarted on the new build; Lighthouse's own hiccups (NO_NAVSTART) are retried.
// A busy machine (load above the core count) makes TBT worse; the script says so when it is.
//
// Exit: 0 every page within its group's budget, 1 a page missed a target, 2 Lighthouse could not
// run (build, server, sign-in, Chromium or Lighthouse itself failed). CHROME_PATH picks another
// Chromium binary.
//
// The parts are in scripts/lighthouse/: the command line (options.ts), the pages (pages.ts) and
// their budgets (budgets.ts), the site being measured (measured-site.ts) and build/ changing under
// it (build-watch.ts), one Lighthouse run (lighthouse-run.ts), its failing audits (audits.ts), a
// page's runs summed up (page-summary.ts) and the report (report.ts).
import { accessSync, constants, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as site from "../app/server/runtime/maintenance.server.ts";
import { buildIfNeeded } from "../harness/built-site.ts";
import { seedBenchLeads } from "./bench-admin.ts";
import { BENCH_WORK_PATH, seedBenchWork } from "./bench-work.ts";
import { cleanUp, cleanups } from "./cleanups.ts";
import { BUDGETS, type Group, groupOf } from "./lighthouse/budgets.ts";
import { buildFingerprint, MAX_BUILD_CHANGES, settleBuild } from "./lighthouse/build-watch.ts";
import { kb } from "./lighthouse/format.ts";
import { CHROME_PATH, lighthouseRunner, type RunSummary } from "./lighthouse/lighthouse-run.ts";
import { measuredSite } from "./lighthouse/measured-site.ts";
import { parseOptions } from "./lighthouse/options.ts";
import { type PageSummary, summarizePage } from "./lighthouse/page-summary.ts";
import { describeBudget, printFailingAudits, printTable, writeSummary } from "./lighthouse/report.ts";
import { isAdminPath, lighthouseAdminEnv } from "./lighthouse-admin.ts";

/** Quote requests on the measured site: a dozen, so the admin's lists are not empty. */
const ADMIN_LEAD_ROWS = 12;

/** Lighthouse could not run: clean up and exit 2. */
async function abort(message: string): Promise<never> {
  console.error(message);
  await cleanUp();
  process.exit(2);
}

const options = parseOptions();
const reportsDir = options.reports ? path.resolve(options.reports) : undefined;

try {
  accessSync(CHROME_PATH, constants.X_OK);
} catch {
  await abort(
    `Chromium não encontrado em ${CHROME_PATH} (apt-get install -y chromium, ou CHROME_PATH); o Lighthouse não foi executado.`,
  );
}

if (!buildIfNeeded()) await abort("A compilação falhou; o Lighthouse não foi executado.");

const dataDir = mkdtempSync(path.join(os.tmpdir(), "alvorada-lighthouse-"));
const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
cleanups.push(removeDataDir);
process.once("exit", removeDataDir); // also after an unexpected crash
// A fresh SQLite database gets the demo content; DATABASE_URL is cleared so a PostgreSQL
// configuration in the environment cannot point the run elsewhere.
// NODE_ENV=production as `npm start` (React's production build), whatever this shell says.
// ADMIN_EMAIL/ADMIN_PASSWORD create the administrator the admin pages are measured as, at the
// first start (the database has no users yet; a restart on the same database keeps it).
const serverEnv = {
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  DATABASE_SCHEMA: "",
  NODE_ENV: "production",
  ...lighthouseAdminEnv,
};
const measuresAdmin = options.pages.some(isAdminPath);
const { live, restartServer } = measuredSite({ direct: options.direct, serverEnv, dataDir, measuresAdmin });
const measure = lighthouseRunner({ direct: options.direct, reportsDir, live });

try {
  const server = await restartServer();
  if (options.pages.includes(BENCH_WORK_PATH) || measuresAdmin) {
    const handle = await site.openDatabase(site.databaseConfigFromEnv(serverEnv));
    try {
      if (options.pages.includes(BENCH_WORK_PATH)) {
        process.stdout.write("Enviando 12 fotos de 4000 × 3000 para a obra de referência... ");
        const work = await seedBenchWork(handle.db, server.serverUrl, server.publicUrl);
        console.log(
          `${kb(work.jpegBytes / 1024)} MB em JPEG, processadas em ${(work.uploadMs / 1000).toFixed(0)} s.`,
        );
      }
      if (measuresAdmin) {
        await seedBenchLeads(handle.db, ADMIN_LEAD_ROWS);
        console.log(
          `Painel: sessão do administrador aberta; ${ADMIN_LEAD_ROWS} solicitações de orçamento inseridas.`,
        );
      }
    } finally {
      await handle.close();
    }
  }
} catch (error) {
  await abort(`O Lighthouse não foi executado: ${(error as Error).message}`);
}

console.log(
  `Lighthouse (mobile, padrões) em ${options.pages.length} página(s), ${options.runs} execução(ões) cada, ` +
    `${options.direct ? "servidor" : "Caddy (HTTPS, HTTP/2) na frente do servidor"} em ${live.server?.url}, Chromium em ${CHROME_PATH}.`,
);

// Lighthouse simulates a slow phone from the work it sees on this CPU: other processes competing
// for the 2 cores stretch the main-thread tasks, so TBT (and the performance score) come out worse.
const cores = os.availableParallelism();
const loadBefore = os.loadavg()[0] ?? 0;
const busyWarning = (load: number) =>
  load > cores
    ? `Aviso: máquina ocupada (carga ${load.toFixed(1)} em ${cores} núcleos); TBT e a nota de performance ` +
      `saem piores que numa máquina livre. Repita com a máquina livre${options.runs > 1 ? "" : " ou com --runs 3"}.`
    : null;
if (busyWarning(loadBefore)) console.log(busyWarning(loadBefore));

const summaries: PageSummary[] = [];
let environment: Record<string, unknown> = {};
let lighthouseError: string | null = null;
let buildChanges = 0;
for (const page of options.pages) {
  const runs: RunSummary[] = [];
  let url = "";
  for (let run = 1; run <= options.runs && !lighthouseError; run++) {
    const started = Date.now();
    process.stdout.write(`  ${page}${options.runs > 1 ? ` (${run}/${options.runs})` : ""}... `);
    try {
      if (!live.server || buildFingerprint() !== live.build) {
        process.stdout.write("(build/ mudou: aguardando a compilação e reiniciando o servidor) ");
        await settleBuild();
        await restartServer();
      }
      url = new URL(page, (live.server ?? (await restartServer())).url).href;
      const group = groupOf(page);
      const summary = await measure(url, group);
      // A session the server did not take would measure the sign-in page in the admin's place.
      if (group === "admin" && new URL(summary.finalUrl).pathname !== new URL(url).pathname) {
        throw new Error(`o Lighthouse mediu ${summary.finalUrl} em vez de ${url} (a sessão não valeu?).`);
      }
      if (buildFingerprint() !== live.build) {
        buildChanges += 1;
        if (buildChanges > MAX_BUILD_CHANGES) throw new Error("build/ não para de mudar durante a medição.");
        console.log("descartada (build/ mudou durante a medição)");
        run -= 1;
        continue;
      }
      runs.push(summary);
      environment = {
        lighthouseVersion: summary.lhr.lighthouseVersion,
        userAgent: summary.lhr.environment.hostUserAgent,
        formFactor: summary.lhr.configSettings.formFactor,
        throttlingMethod: summary.lhr.configSettings.throttlingMethod,
        throttling: summary.lhr.configSettings.throttling,
        servedBy: options.direct ? "the server itself (HTTP/1.1)" : "Caddy, deploy/Caddyfile (HTTPS, HTTP/2)",
      };
      console.log(`${((Date.now() - started) / 1000).toFixed(0)} s`);
    } catch (error) {
      console.log("erro");
      lighthouseError = `${page}: ${(error as Error).message}`;
    }
  }
  if (lighthouseError) break;
  summaries.push(summarizePage(page, url, runs));
}

await cleanUp();
const loadAfter = os.loadavg()[0] ?? 0;

console.log("");
printTable(summaries);

console.log("");
for (const group of Object.keys(BUDGETS) as Group[]) {
  if (summaries.some((p) => p.group === group)) console.log(describeBudget(group));
}
if (options.runs > 1) console.log(`Cada número é a mediana de ${options.runs} execuções.`);
const benchmarks = summaries.flatMap((p) => p.perRun.map((r) => r.benchmarkIndex));
if (benchmarks.length > 0) {
  console.log(
    `Lighthouse ${environment.lighthouseVersion}; benchmarkIndex da CPU entre ${Math.min(...benchmarks)} e ` +
      `${Math.max(...benchmarks)} (quanto menor, mais lenta ou ocupada a máquina).`,
  );
}
const busy = busyWarning(Math.max(loadBefore, loadAfter));
if (busy) console.log(busy);
printFailingAudits(summaries);

writeSummary({
  runs: options.runs,
  environment: { ...environment, cores, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
  lighthouseError,
  summaries,
});

if (lighthouseError) {
  console.error(`\nO Lighthouse não pôde ser executado: ${lighthouseError}`);
  process.exit(2);
}
process.exit(summaries.every((p) => p.ok) ? 0 : 1);
