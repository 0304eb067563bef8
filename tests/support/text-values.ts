import { type Kysely, PostgresAdapter, sql } from "kysely";
import { expect } from "vitest";
import type { Database } from "~/server/db/schema";

// What a database holds as text, read back with SQL from every table it has (not a list the
// tests keep), for the LGPD tests: after an erasure, no value may name the person.

/** Every text value of every table, as SQL reads it (pragma table_info / information_schema). */
export async function everyTextValue(db: Kysely<Database>): Promise<Array<{ place: string; value: string }>> {
  const values: Array<{ place: string; value: string }> = [];
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const columns = postgres
    ? (
        await sql<{ table_name: string; column_name: string }>`
          select table_name, column_name from information_schema.columns
          where table_schema = current_schema()
            and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`.execute(db)
      ).rows
    : (
        await sql<{ table_name: string; column_name: string }>`
          select m.name as table_name, c.name as column_name
          from sqlite_master m, pragma_table_info(m.name) c
          where m.type = 'table' and m.name not like 'sqlite_%'
            and (c.type = '' or upper(c.type) like '%TEXT%' or upper(c.type) like '%CHAR%')`.execute(db)
      ).rows;
  expect(columns.length).toBeGreaterThan(50);
  for (const { table_name, column_name } of columns) {
    const rows = await sql<{ value: string | null }>`
      select cast(${sql.ref(column_name)} as text) as value from ${sql.table(table_name)}`.execute(db);
    for (const row of rows.rows) {
      if (row.value !== null) values.push({ place: `${table_name}.${column_name}`, value: row.value });
    }
  }
  return values;
}
