import { type Kysely, sql } from "kysely";
import { columnTypes } from "./column-types.server.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable("categories")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("blog_posts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("excerpt", "text", (col) => col.notNull())
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("category_id", "text", (col) => col.notNull().references("categories.id").onDelete("restrict"))
    .addColumn("status", "text", (col) =>
      col.notNull().defaultTo("draft").check(sql`status in ('draft', 'published', 'archived')`),
    )
    .addColumn("featured", t.flag, (col) => col.notNull().defaultTo(t.flag === "boolean" ? sql`false` : 0))
    .addColumn("read_time", "integer", (col) => col.notNull().defaultTo(5).check(sql`read_time >= 1`))
    .addColumn("author_id", "text")
    .addColumn("published_at", t.timestamp)
    .addColumn("featured_image_url", "text")
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .addColumn("updated_at", t.timestamp, (col) => col.notNull())
    .execute();

  // Public list: published posts, newest first, optionally within one category.
  await db.schema
    .createIndex("blog_posts_status_published_at_idx")
    .on("blog_posts")
    .columns(["status", "published_at"])
    .execute();
  await db.schema
    .createIndex("blog_posts_category_status_published_at_idx")
    .on("blog_posts")
    .columns(["category_id", "status", "published_at"])
    .execute();
  // Admin list: all posts, newest created first.
  await db.schema.createIndex("blog_posts_created_at_idx").on("blog_posts").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blog_posts").execute();
  await db.schema.dropTable("categories").execute();
}
