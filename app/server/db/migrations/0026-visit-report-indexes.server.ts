import type { Kysely } from "kysely";

// Indexes that let the conversions dashboard read a long range without a sort
// (docs/decisions/0064-conversions-over-a-year.md). Each one holds the columns a grouping reads,
// the summed figure last, so the database answers from the index alone: per day, per page, and
// per source and campaign, of the views, the visitors and the contact taps; and the requests'
// arrival with their source. Plain column lists, which Debian's sqlite3 (3.40) reads.
const indexes: { name: string; table: string; columns: string[] }[] = [
  { name: "visit_counts_by_day", table: "visit_counts", columns: ["day", "views"] },
  { name: "visit_counts_by_page", table: "visit_counts", columns: ["page", "day", "views"] },
  {
    name: "visit_counts_by_source",
    table: "visit_counts",
    columns: ["utm_source", "referrer_host", "utm_campaign", "day", "views"],
  },
  { name: "visit_uniques_by_page", table: "visit_uniques", columns: ["grouping", "page", "day", "visitors"] },
  {
    name: "visit_uniques_by_source",
    table: "visit_uniques",
    columns: ["grouping", "utm_source", "referrer_host", "utm_campaign", "day", "visitors"],
  },
  { name: "contact_taps_by_day", table: "contact_taps", columns: ["day", "taps"] },
  { name: "contact_taps_by_page", table: "contact_taps", columns: ["page", "day", "taps"] },
  {
    name: "contact_taps_by_source",
    table: "contact_taps",
    columns: ["utm_source", "referrer_host", "utm_campaign", "day", "taps"],
  },
  // The quote requests of a range, with what the dashboard groups them by.
  {
    name: "leads_by_arrival_and_source",
    table: "leads",
    columns: ["created_at", "source_page", "utm_source", "source_referrer_host", "utm_campaign", "service"],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { name, table, columns } of indexes) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { name } of [...indexes].reverse()) {
    await db.schema.dropIndex(name).execute();
  }
}
