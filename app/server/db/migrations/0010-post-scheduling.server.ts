import { type Kysely, PostgresAdapter, sql } from "kysely";
import { columnTypes } from "./column-types.server.ts";

// Scheduled posts and draft previews (docs/decisions/0028-scheduled-posts-and-previews.md).
//
// blog_posts gains the status 'scheduled' and the instant it goes live (scheduled_at, UTC).
// The background scheduler publishes due posts with one UPDATE that sets status 'published',
// so the content-change triggers of migration 0004 announce them like any publication.
//
// PostgreSQL replaces the status CHECK constraint. SQLite cannot alter a CHECK constraint (and
// node:sqlite's defensive mode forbids editing sqlite_schema), so the table is rebuilt: same
// CREATE TABLE text with the longer status list, rows copied, its indexes and triggers (0004's
// announcements) recreated from their stored SQL, so whatever earlier migrations added to the
// table comes along. It runs before the migrations that add tables referencing blog_posts
// (0011's search rows, 0012's admin search text): dropping the old table would cascade to them.
//
// post_share_links holds the share links of drafts: a SHA-256 of a random token, an expiry
// and a revocation time.

const OLD_STATUS_CHECK = "status in ('draft', 'published', 'archived')";
const NEW_STATUS_CHECK = "status in ('draft', 'scheduled', 'published', 'archived')";
const SCHEDULE_CHECK = "status <> 'scheduled' OR scheduled_at IS NOT NULL";

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await upPostgres(db);
  } else {
    await rebuildSqlitePosts(db, OLD_STATUS_CHECK, NEW_STATUS_CHECK);
    await sql
      .raw(`ALTER TABLE blog_posts ADD COLUMN scheduled_at TEXT CHECK (${SCHEDULE_CHECK})`)
      .execute(db);
  }
  // The scheduler asks for the next due post: only scheduled rows are in this index.
  await sql
    .raw("CREATE INDEX blog_posts_scheduled_at_idx ON blog_posts (scheduled_at) WHERE status = 'scheduled'")
    .execute(db);

  await db.schema
    .createTable("post_share_links")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("post_id", "text", (col) => col.notNull().references("blog_posts.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_by", "text")
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .addColumn("expires_at", t.timestamp, (col) => col.notNull())
    .addColumn("revoked_at", t.timestamp)
    .execute();
  await db.schema
    .createIndex("post_share_links_post_id_idx")
    .on("post_share_links")
    .column("post_id")
    .execute();
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  const checks = await sql<{ conname: string }>`
    SELECT conname FROM pg_constraint
    WHERE conrelid = 'blog_posts'::regclass AND contype = 'c'
      AND pg_get_constraintdef(oid) LIKE '%''archived''%'`.execute(db);
  for (const { conname } of checks.rows) {
    await sql`ALTER TABLE blog_posts DROP CONSTRAINT ${sql.id(conname)}`.execute(db);
  }
  await sql
    .raw(`ALTER TABLE blog_posts
      ADD COLUMN scheduled_at timestamptz,
      ADD CONSTRAINT blog_posts_status_check CHECK (${NEW_STATUS_CHECK}),
      ADD CONSTRAINT blog_posts_schedule_check CHECK (${SCHEDULE_CHECK})`)
    .execute(db);
}

/**
 * SQLite: rebuild blog_posts with one piece of its CREATE TABLE text replaced (the documented
 * way to change a constraint), inside the migration's transaction. Foreign keys stay on, so
 * dropping the old table would cascade to rows that reference a post: refused instead.
 */
async function rebuildSqlitePosts(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  const table = await sql<{ sql: string }>`
    SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'blog_posts'`.execute(db);
  const createSql = table.rows[0]?.sql ?? "";
  if (!createSql.includes(from)) throw new Error("blog_posts: restrição de status inesperada.");
  const referencing = await sql<{ name: string }>`
    SELECT m.name FROM sqlite_master m, pragma_foreign_key_list(m.name) f
    WHERE m.type = 'table' AND f."table" = 'blog_posts'`.execute(db);
  for (const { name } of referencing.rows) {
    const rows = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.id(name)}`.execute(db);
    if (Number(rows.rows[0]?.n ?? 0) > 0) {
      throw new Error(`blog_posts não pode ser reconstruída: ${name} tem linhas que apontam para ela.`);
    }
  }
  const dependents = await sql<{ sql: string }>`
    SELECT sql FROM sqlite_master
    WHERE tbl_name = 'blog_posts' AND type IN ('index', 'trigger') AND sql IS NOT NULL
    ORDER BY type, name`.execute(db);
  const nextSql = createSql
    .replace(from, to)
    .replace(/^CREATE TABLE\s+"?blog_posts"?/i, 'CREATE TABLE "blog_posts_next"');
  await sql.raw(nextSql).execute(db);
  await sql.raw(`INSERT INTO blog_posts_next SELECT * FROM blog_posts`).execute(db);
  await sql.raw("DROP TABLE blog_posts").execute(db);
  // Other tables' triggers may name blog_posts: the legacy rename leaves them alone instead of
  // refusing because blog_posts is briefly missing.
  await sql.raw("PRAGMA legacy_alter_table = ON").execute(db);
  await sql.raw("ALTER TABLE blog_posts_next RENAME TO blog_posts").execute(db);
  await sql.raw("PRAGMA legacy_alter_table = OFF").execute(db);
  for (const dependent of dependents.rows) await sql.raw(dependent.sql).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("post_share_links").execute();
  await sql.raw("DROP INDEX blog_posts_scheduled_at_idx").execute(db);
  // Scheduled posts go back to drafts, which the old status list allows.
  await sql.raw("UPDATE blog_posts SET status = 'draft' WHERE status = 'scheduled'").execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(`ALTER TABLE blog_posts
        DROP CONSTRAINT blog_posts_schedule_check,
        DROP CONSTRAINT blog_posts_status_check,
        DROP COLUMN scheduled_at,
        ADD CONSTRAINT blog_posts_status_check CHECK (${OLD_STATUS_CHECK})`)
      .execute(db);
    return;
  }
  await sql.raw("ALTER TABLE blog_posts DROP COLUMN scheduled_at").execute(db);
  await rebuildSqlitePosts(db, NEW_STATUS_CHECK, OLD_STATUS_CHECK);
}
