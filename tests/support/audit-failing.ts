import { sql } from "kysely";
import { database } from "~/server/db/database.server";

// Vitest only: a real failure of the audit insert, for the tests that a command's change and
// its audit entry commit together or not at all. The audit table is renamed away while the
// command runs, so its insert fails as a database error would, on both engines.

/** Runs `command` while no audit entry can be written: what it threw, or "no error". */
export async function withAuditFailing<T>(command: () => Promise<T>): Promise<unknown> {
  const db = await database();
  await sql`alter table audit_log rename to audit_log_away`.execute(db);
  try {
    return await command().then(
      () => "no error",
      (error: unknown) => error,
    );
  } finally {
    await sql`alter table audit_log_away rename to audit_log`.execute(db);
  }
}
