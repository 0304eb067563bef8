import type { Kysely } from "kysely";

// Visits and contact taps counted without cookies (docs/decisions/0059 and 0058). Every
// dimension column is NOT NULL with '' for "none": the aggregate rows are found again by their
// primary key in `insert … on conflict do update`, and a NULL would never conflict. Days are the
// São Paulo date ('2026-11-25') as text on both engines, so every primary key starts with the
// day and a date range reads one index range.
//
// - visit_salts: one random salt per day; deleted, with that day's visitor hashes, once the day
//   has ended (only aggregates remain).
// - visit_counts: page views per day and dimensions.
// - visit_visitors: the day's distinct visitor hashes, one row per hash and dimensions seen, so
//   today's unique visitors can be counted by any grouping; gone with the salt.
// - visit_uniques: what a finished day's hashes said, counted once before they go: unique
//   visitors of the whole site ('site'), per page ('page') and per source ('source').
// - contact_taps: taps on the WhatsApp, phone and e-mail links per day and dimensions.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("visit_salts")
    .addColumn("day", "text", (col) => col.primaryKey())
    .addColumn("salt", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("visit_counts")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("page", "text", (col) => col.notNull())
    .addColumn("referrer_host", "text", (col) => col.notNull())
    .addColumn("utm_source", "text", (col) => col.notNull())
    .addColumn("utm_medium", "text", (col) => col.notNull())
    .addColumn("utm_campaign", "text", (col) => col.notNull())
    .addColumn("device", "text", (col) => col.notNull())
    .addColumn("views", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("visit_counts_pkey", [
      "day",
      "page",
      "referrer_host",
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "device",
    ])
    .execute();

  await db.schema
    .createTable("visit_visitors")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("visitor_hash", "text", (col) => col.notNull())
    .addColumn("page", "text", (col) => col.notNull())
    .addColumn("referrer_host", "text", (col) => col.notNull())
    .addColumn("utm_source", "text", (col) => col.notNull())
    .addColumn("utm_medium", "text", (col) => col.notNull())
    .addColumn("utm_campaign", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("visit_visitors_pkey", [
      "day",
      "visitor_hash",
      "page",
      "referrer_host",
      "utm_source",
      "utm_medium",
      "utm_campaign",
    ])
    .execute();

  await db.schema
    .createTable("visit_uniques")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("grouping", "text", (col) => col.notNull())
    .addColumn("page", "text", (col) => col.notNull())
    .addColumn("referrer_host", "text", (col) => col.notNull())
    .addColumn("utm_source", "text", (col) => col.notNull())
    .addColumn("utm_medium", "text", (col) => col.notNull())
    .addColumn("utm_campaign", "text", (col) => col.notNull())
    .addColumn("visitors", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("visit_uniques_pkey", [
      "day",
      "grouping",
      "page",
      "referrer_host",
      "utm_source",
      "utm_medium",
      "utm_campaign",
    ])
    .execute();

  await db.schema
    .createTable("contact_taps")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("page", "text", (col) => col.notNull())
    .addColumn("referrer_host", "text", (col) => col.notNull())
    .addColumn("utm_source", "text", (col) => col.notNull())
    .addColumn("utm_medium", "text", (col) => col.notNull())
    .addColumn("utm_campaign", "text", (col) => col.notNull())
    .addColumn("taps", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("contact_taps_pkey", [
      "day",
      "kind",
      "page",
      "referrer_host",
      "utm_source",
      "utm_medium",
      "utm_campaign",
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["contact_taps", "visit_uniques", "visit_visitors", "visit_counts", "visit_salts"]) {
    await db.schema.dropTable(table).execute();
  }
}
