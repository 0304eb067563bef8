import type { DatabaseSync } from "node:sqlite";
import { tableNames } from "./backup-checks.server.ts";
import type { Database } from "./schema";

// Tables whose rows no backup holds, on either engine (docs/security.md). Visit counting's daily
// salts: with a day's salt, that day's visitor hashes (visit_visitors, contact_tap_visitors) can
// be tested against known addresses and browsers; without it they cannot. Leaving out the salt,
// not the hashes, keeps every hash table safe, including ones added later. A restored site makes
// a new salt for the day, so a visitor of that day who comes back counts again.

const TABLES = ["visit_salts"] as const satisfies ReadonlyArray<keyof Database>;

/** pg_dump's switches: the tables stay in the dump (restores need them), their rows do not. */
export const pgDumpExclusions: readonly string[] = TABLES.map((table) => `--exclude-table-data=*.${table}`);

/**
 * Delete those rows from a SQLite backup copy (never the live database), then rebuild it, so their
 * bytes stay in no free page (nor any page freed before the copy).
 */
export function deleteRowsLeftOutOfBackups(copy: DatabaseSync): void {
  const tables = tableNames(copy);
  copy.exec("PRAGMA secure_delete = ON");
  for (const table of TABLES) if (tables.has(table)) copy.exec(`DELETE FROM ${table}`);
  copy.exec("VACUUM");
}
