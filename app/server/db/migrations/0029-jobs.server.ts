import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.server.ts";

// The job service's shared state (docs/decisions/0081-one-job-service.md): one row per job that
// runs once across instances. An instance claims a due run with one conditional UPDATE (due,
// and no live lease), so of several instances on one database one runs it; the row then says
// when it ran, how long it took, its last error and when it is due next (Site health reads it).
// Plain columns only: Debian's sqlite3 3.40 reads the file too.

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("jobs")
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("next_run_at", t.timestamp, (col) => col.notNull())
    .addColumn("lease_until", t.timestamp)
    .addColumn("owner", "text")
    .addColumn("last_run_at", t.timestamp)
    .addColumn("last_success_at", t.timestamp)
    .addColumn("last_error", "text")
    .addColumn("last_duration_ms", "integer")
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("jobs").execute();
}
