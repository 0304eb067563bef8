import { sql, type Transaction } from "kysely";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";

// The name an audit entry shows for a row that is about to change or go: read before the
// action, since after a deletion there is nothing left to name it by.

const labelColumns = {
  categories: "name",
  works: "title",
  services: "title",
  media: "name",
  redirects: "from_path",
} as const;

export type LabelledTable = keyof typeof labelColumns;

/** The row's name (title, path…), or null when there is no such row. */
export async function targetLabel(
  table: LabelledTable,
  id: string | number,
  /** The transaction of the change it labels, so the label is the one that change saw. */
  within?: Transaction<Database>,
): Promise<string | null> {
  const db = within ?? (await database());
  const row = await db
    .selectFrom(table)
    .select(sql<string>`${sql.ref(labelColumns[table])}`.as("label"))
    .where(sql.ref("id"), "=", id)
    .executeTakeFirst();
  return row ? String(row.label) : null;
}
