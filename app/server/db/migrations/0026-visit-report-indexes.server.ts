import type { Kysely } from "kysely";

// Indexes that let the conversions dashboard read a long range without a sort
// (docs/decisions/0064-conversions-over-a-year.md). Each one holds the columns a grouping reads,
// the summed figure last, so the database answers from the index alone: per day, per page, and
// per source and campaign, of the views, the visitors and the contact taps; and the requests'
// arrival with their source. Plain column lists, which Debian's sqlite3 (3.40) reads.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("visit_counts_by_day").on("visit_counts").columns(["day", "views"]).execute();
  await db.schema
    .createIndex("visit_counts_by_page")
    .on("visit_counts")
    .columns(["page", "day", "views"])
    .execute();
  await db.schema
    .createIndex("visit_counts_by_source")
    .on("visit_counts")
    .columns(["utm_source", "referrer_host", "utm_campaign", "day", "views"])
    .execute();
  await db.schema
    .createIndex("visit_uniques_by_page")
    .on("visit_uniques")
    .columns(["grouping", "page", "day", "visitors"])
    .execute();
  await db.schema
    .createIndex("visit_uniques_by_source")
    .on("visit_uniques")
    .columns(["grouping", "utm_source", "referrer_host", "utm_campaign", "day", "visitors"])
    .execute();
  await db.schema.createIndex("contact_taps_by_day").on("contact_taps").columns(["day", "taps"]).execute();
  await db.schema
    .createIndex("contact_taps_by_page")
    .on("contact_taps")
    .columns(["page", "day", "taps"])
    .execute();
  await db.schema
    .createIndex("contact_taps_by_source")
    .on("contact_taps")
    .columns(["utm_source", "referrer_host", "utm_campaign", "day", "taps"])
    .execute();
  // The quote requests of a range, with what the dashboard groups them by.
  await db.schema
    .createIndex("leads_by_arrival_and_source")
    .on("leads")
    .columns(["created_at", "source_page", "utm_source", "source_referrer_host", "utm_campaign", "service"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    "leads_by_arrival_and_source",
    "contact_taps_by_source",
    "contact_taps_by_page",
    "contact_taps_by_day",
    "visit_uniques_by_source",
    "visit_uniques_by_page",
    "visit_counts_by_source",
    "visit_counts_by_page",
    "visit_counts_by_day",
  ]) {
    await db.schema.dropIndex(index).execute();
  }
}
