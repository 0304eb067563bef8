import type { Kysely } from "kysely";
import { z } from "zod";
import type { DatabaseConfig } from "./config.server.ts";
import { openDatabase } from "./connection.server.ts";
import type { Database } from "./schema";

// The record of the last successful `npm run db:backup`: one row of `settings`, written by the
// command once the copy is checked and has its final name, in the database it copied (so the
// copy itself never holds its own record). The admin's health list reads it, on every
// instance and both engines. Part of the maintenance scripts' import graph
// (docs/decisions/0016): explicit .ts extensions, no alias, erasable TypeScript only.

/** The settings key; no trigger announces it (only the company row purges rendered pages). */
export const BACKUP_RECORD_KEY = "last_backup";

const backupRecordSchema = z.object({
  /** When the checked copy got its final name (UTC ISO). */
  finishedAt: z.iso.datetime(),
  /** Where it is, on the machine that ran the command. */
  file: z.string().min(1),
  bytes: z.number().int().nonnegative(),
});

export type BackupRecord = z.infer<typeof backupRecordSchema>;

/** Store `record` as the last backup (replacing the previous record). */
export async function recordBackup(db: Kysely<Database>, record: BackupRecord): Promise<void> {
  const value = JSON.stringify(backupRecordSchema.parse(record));
  const updatedAt = new Date().toISOString();
  await db
    .insertInto("settings")
    .values({ key: BACKUP_RECORD_KEY, value, updated_at: updatedAt })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value, updated_at: updatedAt }))
    .execute();
}

/** The command's way in: open the site's database, store the record, close it again. */
export async function recordBackupIn(config: DatabaseConfig, record: BackupRecord): Promise<void> {
  const handle = await openDatabase(config);
  try {
    await recordBackup(handle.db, record);
  } finally {
    await handle.close();
  }
}

/** The last backup's record, or null when none was ever recorded (or it cannot be read). */
export async function readBackupRecord(db: Kysely<Database>): Promise<BackupRecord | null> {
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", BACKUP_RECORD_KEY)
    .executeTakeFirst();
  if (!row) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(row.value);
  } catch {
    return null;
  }
  const parsed = backupRecordSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
