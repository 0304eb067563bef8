import { type Kysely, PostgresAdapter, type RawBuilder, type SqlBool, sql } from "kysely";
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from "../db/migrations/0012-admin-lists.server.ts";
import type { Database } from "../db/schema";

// The admin lists' search: "contains these characters", ignoring case and accents, the same on
// both engines ('joao' finds 'JOÃO', 'impermeabilizacao' finds 'Impermeabilização'). The
// database keeps a folded copy of each row's searchable text (admin_post_search,
// admin_lead_search; migration 0012), the typed term is folded the same way here, and the
// test is a plain substring test: '%', '_', '*' or '[' in a search are just characters (docs/decisions/0026-admin-lists-at-scale.md).

const folding = new Map([...SEARCH_FOLD_FROM].map((letter, i) => [letter, SEARCH_FOLD_TO[i] ?? letter]));

/** The term as the folded copies hold text: ASCII lower case, the listed accents removed. */
export function foldSearchTerm(term: string): string {
  return [...term]
    .map((char) => folding.get(char) ?? (/[A-Z]/.test(char) ? char.toLowerCase() : char))
    .join("");
}

/** The folded copies, by the list they serve. */
const searchTables = {
  posts: { table: "admin_post_search", key: "post_id" },
  leads: { table: "admin_lead_search", key: "lead_id" },
} as const;

/**
 * How SQLite tests the rows: `scan` reads the whole folded copy once and keeps the matching ids
 * (cheapest when every row is a candidate), `per row` looks up each candidate's copy by its id
 * (cheapest when other filters leave few candidates, or when a page of the first matches in the
 * list's order is all that is read). PostgreSQL's planner chooses for itself.
 */
export type SearchStrategy = "scan" | "per row";

/**
 * True for rows of the list whose folded text contains `term`: `id` is the row's id column
 * (e.g. "p.id"). The caller passes a non-empty term.
 */
export function idsMatching(
  db: Kysely<Database>,
  list: keyof typeof searchTables,
  id: string,
  term: string,
  strategy: SearchStrategy = "scan",
): RawBuilder<SqlBool> {
  const { table, key } = searchTables[list];
  const folded = foldSearchTerm(term);
  // PostgreSQL: LIKE rather than strpos, because its planner estimates how many rows a LIKE
  // keeps (and then reads the few matches by id), where a function gets a blind guess of a
  // third of the table and a plan that walks every row. SQLite's planner has no such estimate,
  // and its instr() is several times faster than its LIKE. Either way a plain substring test:
  // LIKE's own wildcards are escaped.
  const contains =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql<SqlBool>`text LIKE ${`%${folded.replace(/[\\%_]/g, (char) => `\\${char}`)}%`} ESCAPE '\\'`
      : sql<SqlBool>`instr(text, ${folded}) > 0`;
  if (strategy === "per row" && !(db.getExecutor().adapter instanceof PostgresAdapter)) {
    return sql<SqlBool>`EXISTS (SELECT 1 FROM ${sql.table(table)} WHERE ${sql.ref(key)} = ${sql.ref(id)} AND ${contains})`;
  }
  return sql<SqlBool>`${sql.ref(id)} IN (SELECT ${sql.ref(key)} FROM ${sql.table(table)} WHERE ${contains})`;
}
