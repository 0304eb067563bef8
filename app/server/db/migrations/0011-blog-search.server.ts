import { type Kysely, PostgresAdapter, sql } from "kysely";

// Full-text search over published posts (/blog?busca=…): title, excerpt and the text of the
// content (its HTML tags left out), in Portuguese, accents ignored. The database keeps the index
// in step with the posts, whoever writes them (admin, script, SQL console), and this migration
// indexes the posts that exist. docs/decisions/0025-blog-search.md explains the choices.
//
// SQLite: a contentless FTS5 table (unicode61, remove_diacritics 2) of published posts only,
// filled by triggers. Its rowids come from blog_search_rows (an INTEGER PRIMARY KEY, which
// VACUUM never renumbers, unlike the hidden rowid of blog_posts, whose key is text), which also
// holds each post's category and date: a search filters, ranks and cuts the matches there, and
// reads only the posts it shows (a post's row, with its content, costs far more to read).
// PostgreSQL: a stored generated tsvector column on blog_posts (Portuguese configuration over
// accent-folded text, title weighted A, excerpt B, content C) with a GIN index.

/** The FTS5 table; its columns, in order, are what bm25() weights. */
export const SEARCH_TABLE = "blog_search";
/** Maps a published post to its FTS5 rowid, with what a search filters and orders by. */
export const SEARCH_ROWS_TABLE = "blog_search_rows";
/** PostgreSQL: the tsvector column of blog_posts. */
export const SEARCH_DOCUMENT_COLUMN = "search_document";
/** PostgreSQL: the accent-folding function both the column and the queries use. */
export const SEARCH_FOLD_FUNCTION = "blog_search_fold";

/** Entities a sanitised post may hold that would otherwise index as words ("nbsp", "amp"). */
const ENTITIES = ["&nbsp;", "&amp;", "&lt;", "&gt;", "&quot;", "&#39;", "&#x27;", "&apos;"];

/**
 * The text of an HTML column in plain SQLite SQL (a trigger cannot call an application function,
 * and SQLite has no regular expressions): the JSON-quoted HTML is split at each "<" into a JSON
 * array, and each piece after the first keeps what follows its ">". json_quote escapes only
 * quotes, backslashes and control characters, so a "<" can never fall inside an escape and
 * the array is always valid JSON: no post can fail to save because of its content.
 */
function sqliteHtmlText(column: string): string {
  const pieces = `json_each('[' || replace(json_quote(${column}), '<', '","') || ']')`;
  const text = `(SELECT group_concat(CASE WHEN key = 0 THEN value ELSE substr(value, instr(value, '>') + 1) END, ' ') FROM ${pieces})`;
  return ENTITIES.reduce((sqlText, entity) => `replace(${sqlText}, '${entity}', ' ')`, text);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await upPostgres(db);
  } else {
    await upSqlite(db);
  }
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  const indexRow = (row: "NEW" | "p") =>
    `INSERT INTO ${SEARCH_TABLE} (rowid, title, excerpt, body)
       SELECT r.id, ${row}.title, ${row}.excerpt, ${sqliteHtmlText(`${row}.content`)}
       FROM ${SEARCH_ROWS_TABLE} r`;
  const indexedPost = (row: "NEW" | "p") =>
    `(post_id, category_id, published_at) SELECT ${row}.id, ${row}.category_id, ${row}.published_at`;
  const forget = `
    DELETE FROM ${SEARCH_TABLE} WHERE rowid = (SELECT id FROM ${SEARCH_ROWS_TABLE} WHERE post_id = OLD.id);
    DELETE FROM ${SEARCH_ROWS_TABLE} WHERE post_id = OLD.id;`;
  const statements = [
    `CREATE TABLE ${SEARCH_ROWS_TABLE} (
       id INTEGER PRIMARY KEY,
       post_id TEXT NOT NULL UNIQUE,
       category_id TEXT NOT NULL,
       published_at TEXT
     )`,
    // contentless_delete: rows can be deleted by rowid without repeating what was indexed.
    `CREATE VIRTUAL TABLE ${SEARCH_TABLE} USING fts5(
       title, excerpt, body,
       content = '', contentless_delete = 1,
       tokenize = 'unicode61 remove_diacritics 2'
     )`,
    `CREATE TRIGGER blog_posts_search_insert AFTER INSERT ON blog_posts
       WHEN NEW.status = 'published'
       BEGIN
         INSERT INTO ${SEARCH_ROWS_TABLE} ${indexedPost("NEW")};
         ${indexRow("NEW")} WHERE r.post_id = NEW.id;
       END`,
    // Whatever changed among the columns a search reads, the row is indexed again from
    // scratch: removed, and added back when the post is (still) published.
    `CREATE TRIGGER blog_posts_search_update
       AFTER UPDATE OF id, title, excerpt, content, status, category_id, published_at ON blog_posts
       BEGIN
         ${forget}
         INSERT INTO ${SEARCH_ROWS_TABLE} ${indexedPost("NEW")} WHERE NEW.status = 'published';
         ${indexRow("NEW")} WHERE r.post_id = NEW.id;
       END`,
    `CREATE TRIGGER blog_posts_search_delete AFTER DELETE ON blog_posts
       BEGIN ${forget} END`,
    // The posts published before this migration.
    `INSERT INTO ${SEARCH_ROWS_TABLE} ${indexedPost("p")} FROM blog_posts p WHERE p.status = 'published'`,
    `${indexRow("p")} JOIN blog_posts p ON p.id = r.post_id`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * Accent folding on PostgreSQL: the unaccent extension when it is there or can be created, or
 * else a translate() of the Latin letters Portuguese (and its loanwords) use. Both are
 * declared IMMUTABLE so a generated column may call them; unaccent's rules file is the only
 * input besides the text, and it changes only with a PostgreSQL upgrade (then rebuild: see the
 * decision record).
 */
async function createFoldFunction(db: Kysely<unknown>): Promise<"unaccent" | "translate"> {
  const schema = await unaccentSchema(db);
  if (schema) {
    const dictionary = `${quoteIdentifier(schema)}.unaccent`;
    await sql
      .raw(`CREATE FUNCTION ${SEARCH_FOLD_FUNCTION}(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT ${dictionary}('${dictionary}'::regdictionary, $1) $$`)
      .execute(db);
    return "unaccent";
  }
  const from = "ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ";
  const to = "AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy";
  await sql
    .raw(`CREATE FUNCTION ${SEARCH_FOLD_FUNCTION}(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT translate($1, '${from}', '${to}') $$`)
    .execute(db);
  return "translate";
}

/**
 * The schema of the unaccent extension, creating it in `public` when it is missing and this
 * role may (the extension is trusted: a database owner can). One extension serves every site
 * schema of the database, so it never goes in a site's own schema, which a test run or an
 * operator may drop. Kysely's migration lock is one advisory lock for the whole database, so
 * two sites migrating at once cannot both try to create it.
 */
async function unaccentSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const installed = async () => {
    const { rows } = await sql<{ schema: string }>`
      SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
      WHERE e.extname = 'unaccent'`.execute(db);
    return rows[0]?.schema;
  };
  const existing = await installed();
  if (existing) return existing;
  // A failed statement would abort the migration's transaction: try it under a savepoint.
  await sql`SAVEPOINT blog_search_unaccent`.execute(db);
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public`.execute(db);
    await sql`RELEASE SAVEPOINT blog_search_unaccent`.execute(db);
  } catch {
    await sql`ROLLBACK TO SAVEPOINT blog_search_unaccent`.execute(db);
    return undefined;
  }
  return installed();
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await createFoldFunction(db);
  const vector = (expression: string, weight: "A" | "B" | "C") =>
    `setweight(to_tsvector('pg_catalog.portuguese'::regconfig, ${SEARCH_FOLD_FUNCTION}(${expression})), '${weight}')`;
  const contentText = `regexp_replace(regexp_replace(content, '<[^>]*>', ' ', 'g'), '&(nbsp|amp|lt|gt|quot|apos|#39|#x27);', ' ', 'g')`;
  // A stored generated column: computed by PostgreSQL on every insert and update, and for the
  // existing rows right here, without firing the content-change triggers.
  await sql
    .raw(`ALTER TABLE blog_posts ADD COLUMN ${SEARCH_DOCUMENT_COLUMN} tsvector GENERATED ALWAYS AS (
      ${vector("title", "A")} || ${vector("excerpt", "B")} || ${vector(contentText, "C")}
    ) STORED`)
    .execute(db);
  await sql
    .raw(`CREATE INDEX blog_posts_search_document_idx ON blog_posts USING gin (${SEARCH_DOCUMENT_COLUMN})`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw(`ALTER TABLE blog_posts DROP COLUMN ${SEARCH_DOCUMENT_COLUMN}`).execute(db);
    await sql.raw(`DROP FUNCTION ${SEARCH_FOLD_FUNCTION}(text)`).execute(db);
    return;
  }
  for (const event of ["insert", "update", "delete"]) {
    await sql.raw(`DROP TRIGGER blog_posts_search_${event}`).execute(db);
  }
  await sql.raw(`DROP TABLE ${SEARCH_TABLE}`).execute(db);
  await sql.raw(`DROP TABLE ${SEARCH_ROWS_TABLE}`).execute(db);
}
