import { type Kysely, PostgresAdapter, sql } from "kysely";
import { CONTENT_CHANGES_CHANNEL } from "./0004-content-changes.server.ts";

// The company facts the owner edits in /admin/configuracoes live in one row of `settings`
// (key 'company', JSON). Nothing is written here: without that row the site shows the code's
// defaults and the environment's overrides, exactly as before. Every page shows the facts
// (header, footer, JSON-LD), and every instance keeps them memoised, so a change to the row,
// whoever makes it, announces the tag `site`, which empties the render cache and drops the
// memoised facts. Other rows of `settings` (the quote form's secret) announce nothing.

export const COMPANY_SETTINGS_KEY = "company";

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(`
      CREATE FUNCTION announce_settings_change() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        changed boolean := false;
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          changed := OLD.key = '${COMPANY_SETTINGS_KEY}';
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NOT changed THEN
          changed := NEW.key = '${COMPANY_SETTINGS_KEY}';
        END IF;
        IF changed THEN
          PERFORM pg_notify('${CONTENT_CHANGES_CHANNEL}', TG_TABLE_SCHEMA || ' site');
        END IF;
        RETURN NULL;
      END
      $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER settings_announce AFTER INSERT OR UPDATE OR DELETE ON settings
         FOR EACH ROW EXECUTE FUNCTION announce_settings_change()`)
      .execute(db);
    return;
  }
  const record = "INSERT INTO content_changes (tags) VALUES ('site');";
  const company = (row: "NEW" | "OLD") => `${row}.key = '${COMPANY_SETTINGS_KEY}'`;
  const statements = [
    `CREATE TRIGGER settings_announce_insert AFTER INSERT ON settings
       WHEN ${company("NEW")} BEGIN ${record} END`,
    `CREATE TRIGGER settings_announce_update AFTER UPDATE ON settings
       WHEN ${company("OLD")} OR ${company("NEW")} BEGIN ${record} END`,
    `CREATE TRIGGER settings_announce_delete AFTER DELETE ON settings
       WHEN ${company("OLD")} BEGIN ${record} END`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`DROP TRIGGER settings_announce ON settings`.execute(db);
    await sql`DROP FUNCTION announce_settings_change()`.execute(db);
    return;
  }
  for (const event of ["insert", "update", "delete"]) {
    await sql.raw(`DROP TRIGGER settings_announce_${event}`).execute(db);
  }
}
