import { BROWSER_HEADERS } from "../../harness/browser-headers.ts";
import { processCpuSeconds } from "../bench-cpu.ts";
import { integer, seconds } from "../bench-format.ts";
import { type LoadResult, measureUrl } from "../bench-load.ts";
import type { Bound } from "./margins.ts";

export const CONNECTIONS = [1, 50] as const;
export const WARMUP_SECONDS = 3;

/**
 * Whether a row met its target (every one of its bounds), how the target reads, and its bounds
 * (for the thin margins); null for rows without one.
 */
export type Target = { text: string; met: boolean; bounds: Bound[] } | null;

/** Which server answered: the site (render cache on), the site with RENDER_CACHE=off, the ceiling. */
type ServerKind = "site" | "sem cache" | "sem contagem" | "teto";

export interface Row extends LoadResult {
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
export type Check = (body: string) => string | null;

export const contains =
  (...texts: string[]): Check =>
  (body) => {
    const missing = texts.find((text) => !body.includes(text));
    return missing === undefined ? null : `resposta sem "${missing}"`;
  };

/** Fetch the page once (decoded) and check it, so the load below measures the right page. */
export async function checkPage(url: string, check: Check): Promise<void> {
  const response = await fetch(url, { headers: BROWSER_HEADERS, redirect: "manual" });
  const body = await response.text();
  const problem = response.status === 200 ? check(body) : `HTTP ${response.status}`;
  if (problem) throw new Error(`${url}: ${problem}`);
}

/** One page under load at each connection count, with the server's CPU time and memory. */
export async function measureCase(
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
