import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type LaunchedChrome, launch } from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { chromiumFlags } from "../../harness/chromium.ts";
import { cleanups } from "../cleanups.ts";
import { detailsItems } from "./audits.ts";
import { type Category, categoriesOf, type Group } from "./budgets.ts";
import type { LiveSite } from "./measured-site.ts";

export const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
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

export interface Resource {
  url: string;
  resourceType: string;
  transferSize: number;
  resourceSize: number;
  /** The file gzipped at level 9 (see gzipBytes). */
  gzipBytes: number;
}

export interface RunSummary {
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

class ChromeDidNotStart extends Error {}

/**
 * Runs of Lighthouse on the site being measured (`live`): with --direct the server itself, else
 * through Caddy; with --reports (`reportsDir`) each run's whole report is written there as it ends.
 */
export function lighthouseRunner({
  direct,
  reportsDir,
  live,
}: {
  direct: boolean;
  reportsDir: string | undefined;
  live: LiveSite;
}): (url: string, group: Group) => Promise<RunSummary> {
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
        chromeFlags: direct ? CHROME_FLAGS : PROXY_CHROME_FLAGS,
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

  return measure;
}
