import { type Kysely, PostgresAdapter, sql } from "kysely";

// The admin's lists at 10,000 posts and 10,000 quote requests (docs/decisions/0026):
//
// - Indexes that serve each filter's page newest first, and, being (…, created_at, id), let a
//   page deep in the list be found in the index alone: reading the rows themselves means
//   walking past a post's content or a request's message for every skipped row.
// - The search: 'joao' must find 'JOÃO' on both engines, and SQLite has no accent folding.
//   Each post (title, excerpt) and each request (name, e-mail, phone, message) keeps a folded
//   copy (lower case, without accents) in a narrow table of its own, written by the database
//   itself (triggers) whoever writes the row, and deleted with it (foreign key): an LGPD
//   erasure of a request erases its copy too. A search is then a plain substring test over
//   small rows. The application folds the typed term with the same table (SEARCH_FOLD_*).

/** Accented letters (both cases) and what the search sees instead, one for one. */
export const SEARCH_FOLD_FROM = "áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ";
export const SEARCH_FOLD_TO = "aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn";

/** SQL that folds `expression` as the search compares text (ASCII lower case, no accents). */
function foldSql(postgres: boolean, expression: string): string {
  if (postgres) return `translate(lower(${expression}), '${SEARCH_FOLD_FROM}', '${SEARCH_FOLD_TO}')`;
  // SQLite's lower() folds ASCII only and it has no translate(): one replace() per letter.
  let folded = `lower(${expression})`;
  const from = [...SEARCH_FOLD_FROM];
  const to = [...SEARCH_FOLD_TO];
  from.forEach((letter, i) => {
    folded = `replace(${folded}, '${letter}', '${to[i]}')`;
  });
  return folded;
}

interface SearchCopy {
  table: string;
  key: string;
  source: string;
  columns: string[];
}

const copies: SearchCopy[] = [
  { table: "admin_post_search", key: "post_id", source: "blog_posts", columns: ["title", "excerpt"] },
  {
    table: "admin_lead_search",
    key: "lead_id",
    source: "leads",
    columns: ["name", "email", "phone", "message"],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createIndex("blog_posts_created_at_id_idx")
    .on("blog_posts")
    .columns(["created_at", "id"])
    .execute();
  await db.schema
    .createIndex("blog_posts_status_created_at_idx")
    .on("blog_posts")
    .columns(["status", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("blog_posts_category_created_at_idx")
    .on("blog_posts")
    .columns(["category_id", "created_at", "id"])
    .execute();
  await db.schema.createIndex("leads_created_at_id_idx").on("leads").columns(["created_at", "id"]).execute();
  await db.schema
    .createIndex("leads_status_created_at_id_idx")
    .on("leads")
    .columns(["status", "created_at", "id"])
    .execute();
  // Also what the inbox's list of services reads (distinct values, in order).
  await db.schema
    .createIndex("leads_service_created_at_idx")
    .on("leads")
    .columns(["service", "created_at", "id"])
    .execute();

  for (const copy of copies) {
    await db.schema
      .createTable(copy.table)
      .addColumn(copy.key, "text", (col) =>
        col.primaryKey().references(`${copy.source}.id`).onDelete("cascade"),
      )
      .addColumn("text", "text", (col) => col.notNull())
      .execute();
    const joined = (row: string) =>
      copy.columns.map((column) => `${row}${column}`).join(postgres ? " || chr(10) || " : " || char(10) || ");
    await sql
      .raw(
        `INSERT INTO ${copy.table} (${copy.key}, text) SELECT id, ${foldSql(postgres, joined(""))} FROM ${copy.source}`,
      )
      .execute(db);
    const folded = foldSql(postgres, joined("NEW."));
    const watched = copy.columns.join(", ");
    if (postgres) {
      await sql
        .raw(`
        CREATE FUNCTION ${copy.table}_sync() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO ${copy.table} (${copy.key}, text) VALUES (NEW.id, ${folded})
            ON CONFLICT (${copy.key}) DO UPDATE SET text = EXCLUDED.text;
          RETURN NULL;
        END
        $$`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${copy.table}_sync AFTER INSERT OR UPDATE OF ${watched} ON ${copy.source}
           FOR EACH ROW EXECUTE FUNCTION ${copy.table}_sync()`)
        .execute(db);
    } else {
      await sql
        .raw(`CREATE TRIGGER ${copy.table}_insert AFTER INSERT ON ${copy.source} BEGIN
           INSERT INTO ${copy.table} (${copy.key}, text) VALUES (NEW.id, ${folded}); END`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${copy.table}_update AFTER UPDATE OF ${watched} ON ${copy.source} BEGIN
           UPDATE ${copy.table} SET text = ${folded} WHERE ${copy.key} = NEW.id; END`)
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const copy of copies) {
    if (postgres) {
      await sql.raw(`DROP TRIGGER ${copy.table}_sync ON ${copy.source}`).execute(db);
      await sql.raw(`DROP FUNCTION ${copy.table}_sync()`).execute(db);
    } else {
      await sql.raw(`DROP TRIGGER ${copy.table}_insert`).execute(db);
      await sql.raw(`DROP TRIGGER ${copy.table}_update`).execute(db);
    }
    await db.schema.dropTable(copy.table).execute();
  }
  for (const index of [
    "leads_service_created_at_idx",
    "leads_status_created_at_id_idx",
    "leads_created_at_id_idx",
    "blog_posts_category_created_at_idx",
    "blog_posts_status_created_at_idx",
    "blog_posts_created_at_id_idx",
  ]) {
    await db.schema.dropIndex(index).execute();
  }
}
