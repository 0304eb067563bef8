import { type Kysely, PostgresAdapter, sql } from "kysely";
import { CONTENT_CHANGES_CHANNEL } from "./0004-content-changes.server.ts";

// The boilerplate of the triggers that announce render-cache tags (migration 0004's scheme):
// on SQLite a row in `content_changes`, on PostgreSQL a NOTIFY on the content-changes channel.
// Each migration writes which tags a change names; this writes the rest. Migrations 0004–0008
// shipped with their own copies and stay as they are.

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** `(OLD.a, OLD.b)`: the columns of the row before or after the change. */
export const rowOf = (which: "OLD" | "NEW", columns: string[]) =>
  `(${columns.map((column) => `${which}.${column}`).join(", ")})`;

/** SQLite: true when one of the columns changed, NULLs compared as values. */
export const sqliteChanged = (columns: string[]) =>
  `${rowOf("OLD", columns)} IS NOT ${rowOf("NEW", columns)}`;

/** PostgreSQL: true when one of the columns changed, NULLs compared as values. */
export const postgresChanged = (columns: string[]) =>
  `ROW${rowOf("OLD", columns)} IS DISTINCT FROM ROW${rowOf("NEW", columns)}`;

/**
 * SQLite: the statement that records `tags` (an SQL expression of space-separated tags), or
 * nothing when it is empty: no row for a change nobody sees.
 */
export const sqliteRecord = (tags: string) =>
  `INSERT INTO content_changes (tags) SELECT tags FROM (SELECT trim(${tags}) AS tags) WHERE tags <> '';`;

/** SQLite: run the `CREATE TRIGGER` statements. */
export async function createSqliteTriggers(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export interface PostgresAnnouncer {
  /** The function's name: one per migration, so each migration owns what it created. */
  name: string;
  /** Variables besides `tags text := ''`, as plpgsql declarations ("ids text[];"). */
  declare?: string;
  /** plpgsql that appends ' tag' to `tags` for what the change shows (`RETURN NULL` to stop). */
  body: string;
  /** The tables whose every row change calls it. */
  tables: string[];
}

/**
 * PostgreSQL: the trigger function (its `tags` notified with the schema's name when not
 * empty) and an AFTER INSERT OR UPDATE OR DELETE row trigger `<table>_announce` on each table.
 */
export async function createPostgresAnnouncer(
  db: Kysely<unknown>,
  { name, declare = "", body, tables }: PostgresAnnouncer,
): Promise<void> {
  await sql
    .raw(`
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      tags text := '';
      ${declare}
    BEGIN
      ${body}
      IF tags <> '' THEN
        PERFORM pg_notify('${CONTENT_CHANGES_CHANNEL}', TG_TABLE_SCHEMA || tags);
      END IF;
      RETURN NULL;
    END
    $$`)
    .execute(db);
  for (const table of tables) {
    await sql
      .raw(`CREATE TRIGGER ${table}_announce AFTER INSERT OR UPDATE OR DELETE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION ${name}()`)
      .execute(db);
  }
}
