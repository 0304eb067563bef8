import { decimal } from "../bench-format.ts";
import type { LoadResult } from "../bench-load.ts";
import { BENCH_WORK_PATH } from "../bench-work.ts";
import type { Row } from "./cases.ts";
import { SEARCH_PATH } from "./search-page.ts";

/** The performance and reliability targets (docs/benchmarks.md). */
export const TARGETS = {
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

/** Requests that failed: connection errors and timeouts, and answers outside 2xx. */
export const failedRequests = (row: LoadResult) => row.errors + row.non2xx;

/** Each row's ratio to its ceiling, and the target of the rows that have one. */
export function applyTargets(rows: Row[], articlePath: string): void {
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
