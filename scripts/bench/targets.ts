import type { LoadResult } from "../bench-load.ts";
import { BENCH_WORK_PATH } from "../bench-work.ts";
import type { Row, Target } from "./cases.ts";
import { type Bound, limitText, meetsBound } from "./margins.ts";
import { SEARCH_PATH } from "./search-page.ts";

/** The performance and reliability targets (docs/benchmarks.md). */
export const TARGETS = {
  /**
   * A cached page ('/', '/blog', the article, the work page) at 50 connections: at least this
   * share of the req/s of its own ceiling (its bytes and headers from bare node:http)...
   */
  cachedShareOfCeiling: 0.95,
  /** ...with p99 below this and no errors. */
  cachedP99Ms: 20,
  /** '/sitemap.xml' and '/blog/rss.xml' at 50 connections: this share of their own ceiling, no errors. */
  feedShareOfCeiling: 0.9,
  /** Article with RENDER_CACHE=off, at 50 connections. */
  uncachedRequestsPerSecond: 500,
  /** A blog search (never cached) at 50 connections, on SQLite. */
  searchRequestsPerSecond: 300,
  /** The main server's peak RSS, MB, at most: sampled VmRSS and VmHWM, throughout the run. */
  serverRssMb: 180,
  /** The same for the second server, the one with RENDER_CACHE=off. */
  uncachedServerRssMb: 200,
  /** The image process's peak RSS (its VmHWM), MB, at most (docs/decisions/0056). */
  imageProcessRssMb: 200,
  lostLeads: 0,
  /** Cached article at 50 connections, visit counting on, over the same with counting off. */
  countingShareOfUncounted: 0.95,
  /** Page views of the mixed load answered 200 and missing from the visit counts. */
  lostCounts: 0,
  /** Uncached req/s of two instances behind Caddy over one instance's. */
  clusterScaling: 1.4,
} as const;

/** The cached feeds, held to `feedShareOfCeiling` of their ceiling rather than a page's share. */
export const FEED_PATHS: readonly string[] = ["/sitemap.xml", "/blog/rss.xml"];

/** Requests that failed: connection errors and timeouts, and answers outside 2xx. */
export const failedRequests = (row: LoadResult) => row.errors + row.non2xx;

/** A target made of its bounds: met when every one is. */
export const targetOf = (text: string, bounds: Bound[]): NonNullable<Target> => ({
  text,
  met: bounds.every(meetsBound),
  bounds,
});

const rowName = (row: Row) => `${row.case} × ${row.connections}`;

const ratioBound = (row: Row, share: number): Bound => ({
  target: rowName(row),
  value: row.ratioToCeiling,
  comparison: "≥",
  limit: share,
  unit: "×",
  digits: 2,
});

const noErrors = (row: Row): Bound => ({
  target: rowName(row),
  measure: "erros",
  value: failedRequests(row),
  comparison: "≤",
  limit: 0,
  unit: "",
  digits: 0,
});

const requestsBound = (row: Row, limit: number): Bound => ({
  target: rowName(row),
  value: row.requestsPerSecond,
  comparison: "≥",
  limit,
  unit: " req/s",
  digits: 0,
});

/**
 * Each row's ratio to the ceiling row of the same path and connection count (each page has its
 * own: its bytes and headers), and the target of the rows that have one.
 */
export function applyTargets(rows: Row[], articlePath: string): void {
  const ceilingKey = (row: Row) => `${row.path} ${row.connections}`;
  const ceilings = new Map(rows.filter((r) => r.server === "teto").map((r) => [ceilingKey(r), r]));
  const pagePaths = new Set(["/", "/blog", articlePath, BENCH_WORK_PATH]);
  for (const row of rows) {
    const top = ceilings.get(ceilingKey(row));
    if (row.server !== "teto" && top && top.requestsPerSecond > 0) {
      row.ratioToCeiling = row.requestsPerSecond / top.requestsPerSecond;
    }
    if (row.connections !== 50) continue;
    if (row.path === SEARCH_PATH) {
      const limit = TARGETS.searchRequestsPerSecond;
      row.target = targetOf(`≥ ${limit} req/s`, [requestsBound(row, limit), noErrors(row)]);
    } else if (row.server === "sem cache" && row.path === articlePath) {
      const limit = TARGETS.uncachedRequestsPerSecond;
      row.target = targetOf(`≥ ${limit} req/s`, [requestsBound(row, limit)]);
    } else if (row.server === "site" && pagePaths.has(row.path)) {
      const { cachedShareOfCeiling: share, cachedP99Ms: p99 } = TARGETS;
      row.target = targetOf(`≥ ${limitText(share, 2)}× teto, p99 < ${p99} ms, 0 erros`, [
        ratioBound(row, share),
        {
          target: rowName(row),
          measure: "p99",
          value: row.p99Ms,
          comparison: "<",
          limit: p99,
          unit: " ms",
          digits: 1,
        },
        noErrors(row),
      ]);
    } else if (row.server === "site" && FEED_PATHS.includes(row.path)) {
      const share = TARGETS.feedShareOfCeiling;
      row.target = targetOf(`≥ ${limitText(share, 2)}× teto, 0 erros`, [
        ratioBound(row, share),
        noErrors(row),
      ]);
    }
  }
}

/** The bounds of the met targets among `rows`, for the thin-margin line. */
export const metRowBounds = (rows: readonly Row[]): Bound[] =>
  rows.flatMap((row) => (row.target?.met ? row.target.bounds : []));
