import type { DatabaseHandle } from "./connection.server.ts";

/**
 * The tables whose queries were written for SQLite's planner statistics (views, visitors, contact
 * taps): the conversions dashboard reads a long range of them through the indexes of migration
 * 0026, which the planner picks only when it knows how the rows spread (without statistics it
 * takes any date range for a small slice, and reads a year through the primary key and a sort).
 * The other tables' queries were tuned on the planner's default estimates, and statistics would
 * change their plans (the inbox's search, for one, gets slower), so they are not measured.
 */
const MEASURED_TABLES = ["visit_counts", "visit_uniques", "contact_taps"] as const;

/** Rows read per index: enough to see how the values spread, a few milliseconds on a large file. */
const ANALYSIS_LIMIT = 1000;

/**
 * Measure those tables again for SQLite's planner (sqlite_stat1): the server's housekeeping
 * does it when it starts and then every hour, as they grow. PostgreSQL's autovacuum keeps its
 * own statistics.
 */
export function refreshPlannerStatistics(handle: DatabaseHandle): void {
  if (!handle.sqlite) return;
  handle.sqlite.exec(
    `PRAGMA analysis_limit = ${ANALYSIS_LIMIT}; ${MEASURED_TABLES.map((table) => `ANALYZE ${table};`).join(" ")}`,
  );
}
