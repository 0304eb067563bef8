import { type Kysely, PostgresAdapter, sql } from "kysely";

// The render cache must forget a page as soon as the content it shows changes, whoever
// changed it: this server, another instance, a script or an operator with a SQL console. So
// the database itself announces every change to public content, as a list of cache tags:
//   blog               every listing (blog list, sitemap, feed)
//   post:<slug>        one article page
//   category:<id>      the articles of that category (their related posts and category name)
// SQLite appends the tags to content_changes, which the server reads before serving from its
// cache; PostgreSQL sends them with NOTIFY (delivered at commit, to every instance).
// Drafts and archived posts are not public: changing one that was never published announces
// nothing.

export const CONTENT_CHANGES_CHANNEL = "site_content_changes";

const postTags = (row: "NEW" | "OLD", concat: (parts: string[]) => string) =>
  concat(["'blog post:'", `${row}.slug`, "' category:'", `${row}.category_id`]);

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await upPostgres(db);
  } else {
    await upSqlite(db);
  }
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE content_changes (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      tags TEXT NOT NULL,
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    )`.execute(db);
  const concat = (parts: string[]) => parts.join(" || ");
  const record = (tags: string) => `INSERT INTO content_changes (tags) VALUES (${tags});`;
  const statements = [
    `CREATE TRIGGER blog_posts_announce_insert AFTER INSERT ON blog_posts
       WHEN NEW.status = 'published'
       BEGIN ${record(postTags("NEW", concat))} END`,
    `CREATE TRIGGER blog_posts_announce_update AFTER UPDATE ON blog_posts
       WHEN OLD.status = 'published' OR NEW.status = 'published'
       BEGIN ${record(`${postTags("OLD", concat)} || ' ' || ${postTags("NEW", concat)}`)} END`,
    `CREATE TRIGGER blog_posts_announce_delete AFTER DELETE ON blog_posts
       WHEN OLD.status = 'published'
       BEGIN ${record(postTags("OLD", concat))} END`,
    ...(["INSERT", "UPDATE", "DELETE"] as const).map((event) => {
      const row = event === "DELETE" ? "OLD" : "NEW";
      return `CREATE TRIGGER categories_announce_${event.toLowerCase()} AFTER ${event} ON categories
         BEGIN ${record(`'blog category:' || ${row}.id`)} END`;
    }),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // TG_TABLE_SCHEMA lets several sites share one database (DATABASE_SCHEMA): each instance
  // listens on the one channel and keeps the changes of its own schema.
  await sql
    .raw(`
    CREATE FUNCTION announce_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      tags text := '';
    BEGIN
      IF TG_TABLE_NAME = 'blog_posts' THEN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'published' THEN
          tags := tags || ' blog post:' || OLD.slug || ' category:' || OLD.category_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'published' THEN
          tags := tags || ' blog post:' || NEW.slug || ' category:' || NEW.category_id;
        END IF;
      ELSIF TG_OP = 'DELETE' THEN
        tags := ' blog category:' || OLD.id;
      ELSE
        tags := ' blog category:' || NEW.id;
      END IF;
      IF tags <> '' THEN
        PERFORM pg_notify('${CONTENT_CHANGES_CHANNEL}', TG_TABLE_SCHEMA || tags);
      END IF;
      RETURN NULL;
    END
    $$`)
    .execute(db);
  for (const table of ["blog_posts", "categories"]) {
    await sql
      .raw(`CREATE TRIGGER ${table}_announce AFTER INSERT OR UPDATE OR DELETE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION announce_content_change()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of ["blog_posts", "categories"]) {
      await sql.raw(`DROP TRIGGER ${table}_announce ON ${table}`).execute(db);
    }
    await sql`DROP FUNCTION announce_content_change()`.execute(db);
    return;
  }
  for (const event of ["insert", "update", "delete"]) {
    await sql.raw(`DROP TRIGGER blog_posts_announce_${event}`).execute(db);
    await sql.raw(`DROP TRIGGER categories_announce_${event}`).execute(db);
  }
  await sql`DROP TABLE content_changes`.execute(db);
}
