import { type Kysely, sql } from "kysely";
import { columnTypes } from "./column-types.server.ts";

// Post revisions and optimistic concurrency (docs/decisions/0030-post-revisions.md).
//
// blog_posts.version counts the saves of a post: the editor carries the version it was loaded
// from, and a save is one conditional UPDATE … WHERE version = ?, so two people saving from the
// same version cannot both win, on either engine.
//
// post_revisions keeps a copy of the post's saved fields per save (the version it produced, who
// saved it and how: a save, an autosave or a restore). Rows go with their post (ON DELETE
// CASCADE); the application keeps the last 50 per post. Revisions are never public, so no
// render-cache trigger announces them.

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await sql.raw("ALTER TABLE blog_posts ADD COLUMN version INTEGER NOT NULL DEFAULT 1").execute(db);
  await db.schema
    .createTable("post_revisions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("post_id", "text", (col) => col.notNull().references("blog_posts.id").onDelete("cascade"))
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('save', 'autosave', 'restore')`))
    .addColumn("author_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("restored_from", t.timestamp)
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("excerpt", "text", (col) => col.notNull())
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("category_id", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("featured", t.flag, (col) => col.notNull())
    .addColumn("read_time", "integer", (col) => col.notNull())
    .addColumn("featured_image_url", "text")
    .addColumn("scheduled_at", t.timestamp)
    .addColumn("meta_title", "text")
    .addColumn("meta_description", "text")
    .addColumn("social_image_url", "text")
    .addColumn("noindex", t.flag, (col) => col.notNull())
    .execute();
  // The editor's list (newest first) and the pruning both walk one post's versions.
  await db.schema
    .createIndex("post_revisions_post_version_idx")
    .on("post_revisions")
    .columns(["post_id", "version"])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("post_revisions").execute();
  await sql.raw("ALTER TABLE blog_posts DROP COLUMN version").execute(db);
}
