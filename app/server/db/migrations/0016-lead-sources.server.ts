import { type Kysely, sql } from "kysely";

// Where each quote request came from (docs/decisions/0032-lead-sources-without-cookies.md):
// the page the visitor was on when the form was opened, the external site that sent them, the
// campaign tags and the blog post. Every column may be empty (a request from before this
// migration, a browser that sends no Referer). The post is kept by id, without a foreign key:
// a deleted post still counts in the dashboard, as "post removido". The dashboard groups by
// source and by post over a date range, hence the two indexes.

const columns = [
  "source_page",
  "source_referrer_host",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "source_post_id",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of columns) {
    await sql.raw(`ALTER TABLE leads ADD COLUMN ${column} TEXT`).execute(db);
  }
  await db.schema
    .createIndex("leads_source_post_created_at_idx")
    .on("leads")
    .columns(["source_post_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("leads_source_post_created_at_idx").execute();
  for (const column of columns) {
    await sql.raw(`ALTER TABLE leads DROP COLUMN ${column}`).execute(db);
  }
}
