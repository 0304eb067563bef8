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
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { type LaunchedChrome, launch } from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import * as site from "../app/server/runtime/maintenance.server.ts";
import { buildIfNeeded } from "../harness/built-site.ts";
import { chromiumFlags } from "../harness/chromium.ts";
import { startServer } from "../harness/server.ts";
import { startCluster } from "../harness/site-cluster.ts";
import { seedBenchLeads } from "./bench-admin.ts";
import { BENCH_WORK_PATH, seedBenchWork } from "./bench-work.ts";
import { cleanUp, cleanups } from "./cleanups.ts";
import { isAdminPath, lighthouseAdminEnv, type SiteRequest, signIn } from "./lighthouse-admin.ts";

const root = path.resolve(import.meta.dirname, "..");
const reportPath = path.join(root, "bench/lighthouse.json");

/** Quote requests on the measured site: a dozen, so the admin's lists are not empty. */
const ADMIN_LEAD_ROWS = 12;

/** Every public page: the 404 page is not one (nothing to rank), the admin and /auth neither. */
const PUBLIC_PAGES = [
  "/",
  "/servicos",
  "/obras",
  // A work with 12 photos from a phone (bench-work.ts), seeded after the server starts.
  BENCH_WORK_PATH,
  "/contato",
  "/blog",
  "/blog?categoria=fachadas",
  "/blog/plano-de-manutencao-nbr-5674",
  "/politica-de-privacidade",
];

/** The admin, signed in: its home, the quote requests (seeded, see lighthouse-admin.ts), the works. */
const ADMIN_PAGES = ["/admin/inicio", "/admin/solicitacoes", "/admin/obras"];

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const CATEGORY_LABEL: Record<Category, string> = {
  performance: "perf",
  accessibility: "a11y",
  "best-practices": "best-practices",
  seo: "SEO",
};

type Group = "public" | "admin";

/**
 * A group's targets: a minimum score per category it is judged by (a category without one is not
 * run) and, optionally, gzip bytes of JS and CSS.
 */
interface Budget {
  label: string;
  scores: Partial<Record<Category, number>>;
  jsBytes?: number;
  cssBytes?: number;
}

const BUDGETS: Record<Group, Budget> = {
  public: {
    label: "público",
    scores: { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 },
    jsBytes: 120 * 1024,
    cssBytes: 20 * 1024,
  },
  // The admin is noindex (no SEO target) and a signed-in tool: no byte budget, performance ≥ 90.
  admin: {
    label: "admin",
    scores: { performance: 90, accessibility: 100, "best-practices": 100 },
  },
};

const groupOf = (page: string): Group => (isAdminPath(page) ? "admin" : "public");
/** The categories Lighthouse runs for a group: those it has a target in. */
const categoriesOf = (group: Group) => CATEGORIES.filter((c) => BUDGETS[group].scores[c] !== undefined);

/**
 * The works pages: LCP and every byte loaded before the visitor scrolls (Lighthouse's
 * total-byte-weight: the page load, without scrolling), on /obras and a work with 12 photos.
 */
const PHOTO_PAGES_BUDGET = { lcpMs: 1200, totalBytes: 150 * 1024 } as const;
const PHOTO_PAGES = new Set<string>(["/obras", BENCH_WORK_PATH]);

const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
/** Without these Chromium does not start here (root, no display); see setup-notes. */
const CHROME_FLAGS = chromiumFlags;
/**
 * Through Caddy the certificate comes from Caddy's own CA, which this Chromium does not know; the
 * connection is still HTTPS with HTTP/2, as with a public certificate.
 */
const PROXY_CHROME_FLAGS = [...CHROME_FLAGS, "--ignore-certificate-errors"];
/** Runtime errors that mean the page itself is broken (an error status, not HTML), not Lighthouse. */
const PAGE_RUNTIME_ERRORS = new Set(["ERRORED_DOCUMENT_REQUEST", "FAILED_DOCUMENT_REQUEST", "NOT_HTML"]);
/** Attempts per run when Lighthouse itself fails (NO_NAVSTART, PROTOCOL_TIMEOUT, ...). */
const LIGHTHOUSE_ATTEMPTS = 3;
/** How many elements or URLs to print per failing audit (the JSON keeps up to 20). */
const ITEMS_SHOWN = 5;

// ---------------------------------------------------------------------------------------------
// Command line

interface Options {
  pages: string[];
  runs: number;
  /** The server's own port (HTTP/1.1) instead of Caddy in front of it (HTTPS, HTTP/2). */
  direct: boolean;
  /** Where to keep each run's whole Lighthouse report (JSON), to read why a number moved. */
  reports?: string;
}

function parseOptions(): Options {
  const usage = "Uso: npm run lighthouse -- [--page /caminho]... [--runs N] [--reports PASTA] [--direct]";
  try {
    const { values } = parseArgs({
      options: {
        page: { type: "string", multiple: true },
        runs: { type: "string", default: "1" },
        reports: { type: "string" },
        direct: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    const runs = Number(values.runs);
    if (!Number.isInteger(runs) || runs < 1) {
      throw new Error(`--runs precisa ser um inteiro positivo (recebido: ${values.runs}).`);
    }
    const pages = values.page ?? [...PUBLIC_PAGES, ...ADMIN_PAGES];
    for (const page of pages) {
      if (!page.startsWith("/")) throw new Error(`--page precisa começar com / (recebido: ${page}).`);
    }
    return { pages, runs, reports: values.reports, direct: values.direct };
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}

// ---------------------------------------------------------------------------------------------
// Clean-up: server, Chromium and the temporary database go away however the run ends.

/** Lighthouse could not run: clean up and exit 2. */
async function abort(message: string): Promise<never> {
  console.error(message);
  await cleanUp();
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// One Lighthouse run

interface Resource {
  url: string;
  resourceType: string;
  transferSize: number;
  resourceSize: number;
  /** The file gzipped at level 9 (see gzipBytes). */
  gzipBytes: number;
}

interface FailingAudit {
  id: string;
  category: Category | "network";
  title: string;
  score: number | null;
  /** The audit's weight in its category (0: a diagnostic that does not move the score). */
  weight: number;
  displayValue: string;
  items: string[];
}

interface RunSummary {
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Every byte the page load transferred (Lighthouse's total-byte-weight). */
  totalBytes: number | null;
  jsBytes: number;
  cssBytes: number;
  scripts: Resource[];
  stylesheets: Resource[];
  runtimeError: { code: string; message: string } | null;
  /** Lighthouse's CPU benchmark for this run: a busy or slow machine scores low. */
  benchmarkIndex: number;
  finalUrl: string;
  lhr: Result;
}

/** The loose shape of audit details this script reads (tables, lists and opportunities). */
interface DetailsNode {
  selector?: string;
  snippet?: string;
  nodeLabel?: string;
}
interface DetailsItem {
  [key: string]: unknown;
  type?: string;
  title?: string;
  node?: DetailsNode;
  url?: string;
  source?: { url?: string; line?: number; column?: number };
  value?: unknown;
  items?: DetailsItem[];
}
interface NetworkChain {
  url: string;
  navStartToEndTime?: number;
  isLongest?: boolean;
  children?: Record<string, NetworkChain>;
}

function detailsItems(audit: Result["audits"][string] | undefined): DetailsItem[] {
  const details = audit?.details as { items?: DetailsItem[] } | undefined;
  return Array.isArray(details?.items) ? details.items : [];
}

class ChromeDidNotStart extends Error {}

/** Set by --reports: each run's report is written there as it ends. */
let reportsDir: string | undefined;

function saveReport(lhr: Result): void {
  if (!reportsDir) return;
  mkdirSync(reportsDir, { recursive: true });
  const page = new URL(lhr.finalDisplayedUrl).pathname.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "");
  writeFileSync(path.join(reportsDir, `${page || "inicio"}-${Date.now()}.json`), JSON.stringify(lhr));
}

/**
 * One Lighthouse run of a page of `group`: the admin's with the session cookie on every request
 * (Lighthouse's extraHeaders), and only the categories the group has a target in.
 */
async function runLighthouse(url: string, group: Group): Promise<RunSummary> {
  const cookie = group === "admin" ? live.sessionCookie : undefined;
  if (group === "admin" && !cookie) throw new Error("sem sessão do painel para medir o admin.");
  let chrome: LaunchedChrome;
  try {
    chrome = await launch({
      chromePath: CHROME_PATH,
      chromeFlags: options.direct ? CHROME_FLAGS : PROXY_CHROME_FLAGS,
      handleSIGINT: false,
      logLevel: "silent",
    });
  } catch (error) {
    throw new ChromeDidNotStart(`o Chromium (${CHROME_PATH}) não iniciou: ${(error as Error).message}`);
  }
  const killChrome = () => chrome.kill();
  cleanups.push(killChrome);
  try {
    const flags: Flags = {
      port: chrome.port,
      logLevel: "error",
      onlyCategories: categoriesOf(group),
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error("o Lighthouse não devolveu resultado.");
    saveReport(result.lhr);
    return await summarize(result.lhr);
  } finally {
    cleanups.splice(cleanups.indexOf(killChrome), 1);
    chrome.kill();
  }
}

const gzipSizes = new Map<string, number>();

/**
 * The same file from the server's own port: through Caddy the certificate comes from a CA this
 * process does not trust. Files of other hosts stay as they are.
 */
function fromServerItself(url: string): string {
  const site = live.server;
  if (!site || new URL(url).origin !== new URL(site.url).origin) return url;
  const { pathname, search } = new URL(url);
  return new URL(pathname + search, site.serverUrl).href;
}

/**
 * gzip bytes of a script or stylesheet: the decoded file gzipped at level 9, as `npm run size`
 * counts. Hashed asset URLs never change content, so each is fetched once per run; a file that
 * cannot be fetched again (another host, a one-off URL) counts with its transfer size.
 */
async function gzipBytes(url: string, transferSize: number): Promise<number> {
  const known = gzipSizes.get(url);
  if (known !== undefined) return known;
  try {
    const response = await fetch(fromServerItself(url));
    if (!response.ok) return transferSize;
    const size = gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
    gzipSizes.set(url, size);
    return size;
  } catch {
    return transferSize;
  }
}

async function summarize(lhr: Result): Promise<RunSummary> {
  const score = (id: Category) => {
    const value = lhr.categories[id]?.score;
    return typeof value === "number" ? Math.round(value * 100) : null;
  };
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    return typeof value === "number" ? value : null;
  };
  const requests = await Promise.all(
    detailsItems(lhr.audits["network-requests"])
      .filter((item) => item.resourceType === "Script" || item.resourceType === "Stylesheet")
      .map(
        async (item): Promise<Resource> => ({
          url: String(item.url ?? ""),
          resourceType: String(item.resourceType ?? ""),
          transferSize: Number(item.transferSize ?? 0),
          resourceSize: Number(item.resourceSize ?? 0),
          gzipBytes: await gzipBytes(String(item.url ?? ""), Number(item.transferSize ?? 0)),
        }),
      ),
  );
  const scripts = requests.filter((r) => r.resourceType === "Script");
  const stylesheets = requests.filter((r) => r.resourceType === "Stylesheet");
  const sum = (list: Resource[]) => list.reduce((total, r) => total + r.gzipBytes, 0);
  return {
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    totalBytes: numeric("total-byte-weight"),
    jsBytes: sum(scripts),
    cssBytes: sum(stylesheets),
    scripts,
    stylesheets,
    runtimeError: lhr.runtimeError
      ? { code: String(lhr.runtimeError.code), message: lhr.runtimeError.message }
      : null,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    finalUrl: lhr.finalDisplayedUrl,
    lhr,
  };
}

/**
 * One run of a page. Lighthouse's own hiccups (a trace without navStart, a protocol timeout,
 * more likely on a busy machine) are retried; Chromium not starting is not.
 */
async function measure(url: string, group: Group): Promise<RunSummary> {
  for (let attempt = 1; ; attempt++) {
    let problem: string;
    try {
      const summary = await runLighthouse(url, group);
      const error = summary.runtimeError;
      if (!error || PAGE_RUNTIME_ERRORS.has(error.code)) return summary;
      problem = `${error.code}: ${error.message}`;
    } catch (error) {
      if (error instanceof ChromeDidNotStart || attempt >= LIGHTHOUSE_ATTEMPTS) throw error;
      problem = (error as Error).message;
    }
    if (attempt >= LIGHTHOUSE_ATTEMPTS) throw new Error(`${problem} (${attempt} tentativas)`);
    process.stdout.write(`(${problem.split(":")[0]}; de novo) `);
  }
}

// ---------------------------------------------------------------------------------------------
// Medians, budget and failing audits

function median(values: Array<number | null>): number | null {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  const upper = known[middle] ?? 0;
  return known.length % 2 ? upper : ((known[middle - 1] ?? upper) + upper) / 2;
}

interface PageSummary {
  page: string;
  /** Whose budget the page is judged by. */
  group: Group;
  url: string;
  runs: number;
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  totalBytes: number | null;
  jsBytes: number;
  cssBytes: number;
  ok: boolean;
  reasons: string[];
  failingAudits: FailingAudit[];
  scripts: Resource[];
  stylesheets: Resource[];
  runtimeErrors: Array<{ code: string; message: string }>;
  perRun: Array<Omit<RunSummary, "lhr" | "scripts" | "stylesheets" | "finalUrl">>;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function describeNode(node: DetailsNode): string {
  const label = node.nodeLabel ? ` "${node.nodeLabel.replace(/\s+/g, " ").slice(0, 60)}"` : "";
  return `${node.selector ?? ""} ${node.snippet ?? ""}${label}`.trim();
}

/** The longest request chain of a network-tree (network-dependency-tree-insight). */
function longestChain(chains: Record<string, NetworkChain> | undefined): string[] {
  const links = Object.values(chains ?? {});
  const next = links.find((link) => link.isLongest) ?? links[0];
  if (!next) return [];
  return [`${next.url} (${Math.round(next.navStartToEndTime ?? 0)} ms)`, ...longestChain(next.children)];
}

/** One line a developer can act on: the element, the URL or the numbers of a details item. */
function describeItem(item: DetailsItem): string {
  if (item.node && (item.node.selector || item.node.snippet)) return describeNode(item.node);
  if (item.type === "node") return describeNode(item as DetailsNode);
  if (item.source?.url) return `${item.source.url}:${item.source.line ?? 0}:${item.source.column ?? 0}`;
  if (item.type === "list-section") {
    const value = item.value as { type?: string; value?: unknown; chains?: Record<string, NetworkChain> };
    if (value?.type === "network-tree") return `cadeia mais longa: ${longestChain(value.chains).join(" → ")}`;
    return `${item.title ?? ""}: ${typeof value?.value === "string" ? value.value : JSON.stringify(value)}`;
  }
  const fields = Object.entries(item)
    .filter(([key, value]) => key !== "type" && ["string", "number", "boolean"].includes(typeof value))
    .map(([key, value]) =>
      typeof value === "number" ? `${key}=${Math.round(value * 1000) / 1000}` : `${key}=${value}`,
    );
  const line =
    typeof item.url === "string" ? [item.url, ...fields.filter((f) => !f.startsWith("url="))] : fields;
  return line.length ? line.join(" ").slice(0, 300) : JSON.stringify(item).slice(0, 200);
}

/** Audits of a category that keep its score down: below 1 (below 0.9 for performance), or errored. */
function failingAuditsOf(lhr: Result, category: Category): FailingAudit[] {
  const threshold = category === "performance" ? 0.9 : 1;
  const failing: FailingAudit[] = [];
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit) continue;
    const errored = audit.scoreDisplayMode === "error";
    const scored = !["notApplicable", "manual", "informative"].includes(audit.scoreDisplayMode);
    if (!errored && !(scored && typeof audit.score === "number" && audit.score < threshold)) continue;
    const items = detailsItems(audit).flatMap((item) =>
      // Accessibility and some insights nest their node lists one level down.
      Array.isArray(item.items) && !item.node && !item.url ? item.items : [item],
    );
    failing.push({
      id: audit.id,
      category,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: errored ? `erro: ${audit.errorMessage ?? ""}` : (audit.displayValue ?? ""),
      items: items.slice(0, 20).map(describeItem),
    });
  }
  return failing;
}

function summarizePage(page: string, url: string, runs: RunSummary[]): PageSummary {
  const group = groupOf(page);
  const budget = BUDGETS[group];
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]),
  ) as Record<Category, number | null>;
  const jsBytes = median(runs.map((r) => r.jsBytes)) ?? 0;
  const cssBytes = median(runs.map((r) => r.cssBytes)) ?? 0;
  // The run whose performance score is nearest the median tells which audits fail.
  const perfMedian = scores.performance ?? 0;
  const representative = [...runs].sort(
    (a, b) =>
      Math.abs((a.scores.performance ?? 0) - perfMedian) - Math.abs((b.scores.performance ?? 0) - perfMedian),
  )[0] as RunSummary;

  const reasons: string[] = [];
  const failingAudits: FailingAudit[] = [];
  const runtimeErrors = runs.flatMap((r) => (r.runtimeError ? [r.runtimeError] : []));
  for (const error of runtimeErrors) reasons.push(`Lighthouse: ${error.code}`);
  for (const category of CATEGORIES) {
    const value = scores[category];
    const target = budget.scores[category];
    if (target === undefined || (value !== null && value >= target)) continue;
    if (value !== null) reasons.push(`${CATEGORY_LABEL[category]} ${value} < ${target}`);
    else if (runtimeErrors.length === 0) reasons.push(`${CATEGORY_LABEL[category]} sem nota`);
    // A page Lighthouse could not load has nothing but errored audits: its runtime error says it all.
    if (!representative.runtimeError) failingAudits.push(...failingAuditsOf(representative.lhr, category));
  }
  const overBudget = (kind: "JS" | "CSS", bytes: number, limit: number | undefined, list: Resource[]) => {
    if (limit === undefined || bytes <= limit) return;
    reasons.push(`${kind} ${kb(bytes)} KB > ${kb(limit)} KB`);
    failingAudits.push({
      id: kind === "JS" ? "network-requests (Script)" : "network-requests (Stylesheet)",
      category: "network",
      title: `${kind} acima do orçamento (bytes gzip por arquivo)`,
      score: null,
      weight: 0,
      displayValue: `${kb(bytes)} KB > ${kb(limit)} KB`,
      items: [...list]
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .map(
          (r) =>
            `${r.url} ${kb(r.gzipBytes)} KB gzip (${kb(r.transferSize)} KB transferidos, ${kb(r.resourceSize)} KB sem compressão)`,
        ),
    });
  };
  overBudget("JS", jsBytes, budget.jsBytes, representative.scripts);
  overBudget("CSS", cssBytes, budget.cssBytes, representative.stylesheets);
  const lcpMs = median(runs.map((r) => r.lcpMs));
  const totalBytes = median(runs.map((r) => r.totalBytes));
  if (PHOTO_PAGES.has(page)) {
    if (lcpMs !== null && lcpMs > PHOTO_PAGES_BUDGET.lcpMs) {
      reasons.push(`LCP ${(lcpMs / 1000).toFixed(1)} s > ${PHOTO_PAGES_BUDGET.lcpMs / 1000} s`);
      failingAudits.push(...failingAuditsOf(representative.lhr, "performance"));
    }
    if (totalBytes !== null && totalBytes > PHOTO_PAGES_BUDGET.totalBytes) {
      reasons.push(`${kb(totalBytes)} KB carregados > ${kb(PHOTO_PAGES_BUDGET.totalBytes)} KB`);
      failingAudits.push({
        id: "total-byte-weight",
        category: "network",
        title: "Bytes carregados antes de rolar a página acima do orçamento",
        score: null,
        weight: 0,
        displayValue: `${kb(totalBytes)} KB > ${kb(PHOTO_PAGES_BUDGET.totalBytes)} KB`,
        items: detailsItems(representative.lhr.audits["total-byte-weight"]).map(
          (item) => `${String(item.url ?? "")} ${kb(Number(item.totalBytes ?? 0))} KB`,
        ),
      });
    }
  }

  return {
    page,
    group,
    url,
    runs: runs.length,
    scores,
    lcpMs,
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    totalBytes,
    jsBytes,
    cssBytes,
    ok: reasons.length === 0,
    reasons,
    failingAudits,
    scripts: representative.scripts,
    stylesheets: representative.stylesheets,
    runtimeErrors,
    perRun: runs.map(({ lhr: _lhr, scripts: _s, stylesheets: _c, finalUrl: _f, ...rest }) => rest),
  };
}

// ---------------------------------------------------------------------------------------------
// Output

function printTable(pages: PageSummary[]): void {
  const fixed = (value: number | null, digits: number, scale = 1) =>
    value === null ? "—" : (value / scale).toFixed(digits);
  const rows: string[][] = [
    [
      "página",
      "orçamento",
      "perf",
      "a11y",
      "best-practices",
      "SEO",
      "LCP (s)",
      "TBT (ms)",
      "CLS",
      "KB total",
      "JS KB gz",
      "CSS KB gz",
      "status",
    ],
  ];
  for (const p of pages) {
    rows.push([
      p.page,
      BUDGETS[p.group].label,
      ...CATEGORIES.map((c) => (p.scores[c] === null ? "—" : String(p.scores[c]))),
      fixed(p.lcpMs, 1, 1000),
      fixed(p.tbtMs, 0),
      fixed(p.cls, 3),
      p.totalBytes === null ? "—" : kb(p.totalBytes),
      kb(p.jsBytes),
      kb(p.cssBytes),
      p.ok ? "ok" : `FALHOU (${p.reasons.join("; ")})`,
    ]);
  }
  const numeric = new Set([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  for (const row of rows) {
    const cells = row.map((cell, i) =>
      numeric.has(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
    );
    console.log(cells.join("  ").trimEnd());
  }
}

function printFailingAudits(pages: PageSummary[]): void {
  for (const p of pages.filter((page) => !page.ok)) {
    console.log(`\n${p.page} — ${p.reasons.join("; ")}`);
    for (const error of p.runtimeErrors) console.log(`  Lighthouse: ${error.code}: ${error.message}`);
    if (p.failingAudits.length === 0 && p.runtimeErrors.length === 0) {
      console.log("  (nenhuma auditoria isolada abaixo do limite; a nota vem da soma das métricas)");
    }
    for (const audit of p.failingAudits) {
      const score = audit.score === null ? "—" : audit.score.toFixed(2);
      const weight = audit.category === "network" ? "" : `, peso ${audit.weight}`;
      const value = audit.displayValue ? ` — ${audit.displayValue}` : "";
      console.log(`  [${audit.category}] ${audit.id} (nota ${score}${weight}): ${audit.title}${value}`);
      for (const item of audit.items.slice(0, ITEMS_SHOWN)) console.log(`      ${item}`);
      if (audit.items.length > ITEMS_SHOWN) console.log(`      … e mais ${audit.items.length - ITEMS_SHOWN}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Main

// The working tree is shared: another `npm start` or `npm run build` may rebuild build/ while
// this measures (Vite empties build/client first, so the stylesheet 404s for a moment, and the
// server started here keeps the old server bundle). A run that overlaps a change of build/ is
// thrown away; the build is left to settle, brought up to date, and the server restarted.
const buildDir = path.join(root, "build");
const MAX_BUILD_CHANGES = 5;

function buildFingerprint(): string {
  return [".build-stamp", "client", "client/assets", "server"]
    .map((entry) => {
      const target = path.join(buildDir, entry);
      return existsSync(target) ? statSync(target).mtimeMs : 0;
    })
    .join("|");
}

/** Wait until nothing in build/ has moved for 5 s (at most 3 minutes), then build if still needed. */
async function settleBuild(): Promise<void> {
  let last = buildFingerprint();
  let quietSince = Date.now();
  const deadline = Date.now() + 180_000;
  while (Date.now() - quietSince < 5_000 && Date.now() < deadline) {
    await sleep(1_000);
    const now = buildFingerprint();
    if (now !== last) {
      last = now;
      quietSince = Date.now();
    }
  }
  if (!buildIfNeeded()) throw new Error("a compilação falhou; veja as mensagens acima.");
}

const options = parseOptions();
reportsDir = options.reports ? path.resolve(options.reports) : undefined;

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

/** What Lighthouse loads: the address of the pages, and the server's own one (for the uploads). */
interface MeasuredSite {
  /** Where the pages are loaded: Caddy (https://…) or, with --direct, the server itself. */
  url: string;
  /** The server itself (http://127.0.0.1:…), whatever is in front of it. */
  serverUrl: string;
  /** The site's PUBLIC_URL: its session cookie's name depends on it. */
  publicUrl: string;
  /** A request to `url` (through Caddy when it is in front), redirects not followed. */
  request: SiteRequest;
  stop: () => Promise<void>;
}

/** A request to the server's own port (plain HTTP), in the shape of the cluster's `request`. */
function directRequest(baseUrl: string): SiteRequest {
  return async (pathname, init) => {
    const response = await fetch(new URL(pathname, baseUrl), { ...init, redirect: "manual" });
    const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
    headers["set-cookie"] = response.headers.getSetCookie();
    return { status: response.status, headers, text: await response.text() };
  };
}

async function startMeasuredSite(): Promise<MeasuredSite> {
  if (options.direct) {
    const server = await startServer(serverEnv);
    return {
      url: server.url,
      serverUrl: server.url,
      publicUrl: server.url,
      request: directRequest(server.url),
      stop: server.stop,
    };
  }
  const cluster = await startCluster({
    instances: 1,
    env: serverEnv,
    workDir: mkdtempSync(path.join(dataDir, "caddy-")),
  });
  const serverUrl = cluster.instances[0]?.url ?? cluster.url;
  return {
    url: cluster.url,
    serverUrl,
    publicUrl: cluster.url,
    request: cluster.request,
    stop: cluster.stop,
  };
}

/**
 * The site being measured, the build/ it was started on and, when admin pages are measured, the
 * administrator's session cookie on it ("name=value").
 */
const live: { server: MeasuredSite | null; build: string; sessionCookie?: string } = {
  server: null,
  build: "",
};
cleanups.push(() => live.server?.stop());

async function restartServer(): Promise<MeasuredSite> {
  await live.server?.stop();
  live.server = null;
  live.sessionCookie = undefined;
  live.build = buildFingerprint();
  try {
    live.server = await startMeasuredSite();
  } catch (error) {
    throw new Error(
      `o servidor não iniciou: ${(error as Error).message}${options.direct ? "" : " (--direct mede sem o Caddy)"}`,
    );
  }
  // Signed in again on every start: through Caddy the site's address (and so its origin) is new.
  if (measuresAdmin) live.sessionCookie = await signIn(live.server.request, live.server.publicUrl);
  return live.server;
}

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
/** A group's targets in one line, as the table's "orçamento" column names them. */
function describeBudget(group: Group): string {
  const budget = BUDGETS[group];
  const scores = categoriesOf(group)
    .map((c) => `${CATEGORY_LABEL[c]} ${c === "performance" ? "≥ " : ""}${budget.scores[c]}`)
    .join(", ");
  const bytes =
    budget.jsBytes !== undefined && budget.cssBytes !== undefined
      ? `JS ≤ ${kb(budget.jsBytes)} KB, CSS ≤ ${kb(budget.cssBytes)} KB ` +
        "(bytes gzip, nível 9, de cada arquivo, como no npm run size)"
      : "sem SEO (noindex) nem orçamento de bytes (JS e CSS só informados)";
  const photos =
    group === "public"
      ? `; /obras e ${BENCH_WORK_PATH}: LCP ≤ ${PHOTO_PAGES_BUDGET.lcpMs / 1000} s e ≤ ` +
        `${kb(PHOTO_PAGES_BUDGET.totalBytes)} KB carregados`
      : "";
  return `Orçamento ${budget.label}: ${scores}; ${bytes}${photos}.`;
}

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

mkdirSync(path.dirname(reportPath), { recursive: true });
writeFileSync(
  reportPath,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      runsPerPage: options.runs,
      budgets: {
        public: {
          ...BUDGETS.public,
          pages: PUBLIC_PAGES,
          photoPages: { pages: [...PHOTO_PAGES], ...PHOTO_PAGES_BUDGET },
        },
        admin: { ...BUDGETS.admin, pages: ADMIN_PAGES, signedIn: true },
      },
      bytes:
        "gzip level 9 of every Script/Stylesheet request in Lighthouse's network-requests audit (transferSize kept per file)",
      environment: { ...environment, cores, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
      lighthouseError,
      pages: summaries,
    },
    null,
    2,
  )}\n`,
);
console.log(`\nResumo em ${path.relative(root, reportPath)}.`);

if (lighthouseError) {
  console.error(`\nO Lighthouse não pôde ser executado: ${lighthouseError}`);
  process.exit(2);
}
process.exit(summaries.every((p) => p.ok) ? 0 : 1);
