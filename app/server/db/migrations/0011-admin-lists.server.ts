import type { Kysely } from "kysely";

// The admin's lists at 10,000 posts and 10,000 quote requests: each filter the lists offer
// reads its page newest first from an index instead of sorting the whole table
// (docs/decisions/0026-admin-lists-at-scale.md). The unfiltered lists and the inbox's status
// filter already have theirs (blog_posts_created_at_idx, leads_created_at_idx,
// leads_status_created_at_idx); a search scans the rows it narrows down to.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("blog_posts_status_created_at_idx")
    .on("blog_posts")
    .columns(["status", "created_at"])
    .execute();
  await db.schema
    .createIndex("blog_posts_category_created_at_idx")
    .on("blog_posts")
    .columns(["category_id", "created_at"])
    .execute();
  // Also what the inbox's list of services reads (distinct values, in order).
  await db.schema
    .createIndex("leads_service_created_at_idx")
    .on("leads")
    .columns(["service", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("leads_service_created_at_idx").execute();
  await db.schema.dropIndex("blog_posts_category_created_at_idx").execute();
  await db.schema.dropIndex("blog_posts_status_created_at_idx").execute();
}
