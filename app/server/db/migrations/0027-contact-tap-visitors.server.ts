import type { Kysely } from "kysely";

// A contact tap counts once per visitor, kind and page a day (docs/decisions/0071): the browser's
// ping and the page's beacon for the same tap, or a second tap, add nothing, whichever instance
// each reaches. The day's visitor hashes of the taps live here beside visit_visitors' and go
// with the day's salt (visit-store.server.ts, closeFinishedDays).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contact_tap_visitors")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("visitor_hash", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("page", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("contact_tap_visitors_pkey", ["day", "visitor_hash", "kind", "page"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contact_tap_visitors").execute();
}
