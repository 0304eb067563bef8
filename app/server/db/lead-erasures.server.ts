import { createHash } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { Kysely, Transaction } from "kysely";
import type { DatabaseHandle } from "./connection.server.ts";
import type { Database } from "./schema";

// LGPD erasure of quote requests, and the log that makes it stick.
//
// Deleting a request on its owner's request also writes a row to lead_erasures, in the same
// transaction: the request's id and hashes of its e-mail and phone, never the data itself.
// A backup taken before the deletion still holds the request; restoring it re-applies the log
// (restore.server.ts, `npm run db:reapply-erasures` on PostgreSQL), so a restore never brings
// back a person who asked to be deleted. Requests deleted because they expired (24 months) are
// not logged: the retention job deletes them again on the restored site's first start.
// See docs/decisions/0017-lead-erasure-log.md.

export interface ErasureEntry {
  leadId: string;
  emailHash: string;
  phoneHash: string;
  erasedAt: string;
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The e-mail as its owner would type it again (trimmed, lower case), hashed. */
export function erasureEmailHash(email: string): string {
  return sha256(email.trim().toLowerCase());
}

/** The phone's digits, hashed, so "(41) 99999-0000" and "41999990000" match. */
export function erasurePhoneHash(phone: string): string {
  return sha256(phone.replace(/\D/g, ""));
}

/**
 * Delete the quote request `id` (and, through the foreign key, its pending e-mail) because its
 * owner asked, recording the erasure in the same transaction. False when there is no such
 * request. On SQLite the deleted text is also wiped from the database's files.
 */
export async function eraseLead(handle: DatabaseHandle, id: string, now = new Date()): Promise<boolean> {
  const erased = await handle.db
    .transaction()
    .execute(async (trx) => (await eraseLeadsIn(trx, [id], now)) > 0);
  if (erased) scrubErasedText(handle);
  return erased;
}

/**
 * Inside the caller's transaction: delete the quote requests `ids` (their outbox rows go with
 * them through the foreign key) and log each in lead_erasures. Returns how many were deleted.
 * Call `scrubErasedText` once the transaction has committed.
 */
export async function eraseLeadsIn(
  trx: Transaction<Database>,
  ids: readonly string[],
  now = new Date(),
): Promise<number> {
  if (ids.length === 0) return 0;
  const leads = await trx
    .deleteFrom("leads")
    .where("id", "in", ids)
    .returning(["id", "email", "phone"])
    .execute();
  if (leads.length === 0) return 0;
  await trx
    .insertInto("lead_erasures")
    .values(
      leads.map((lead) => ({
        lead_id: lead.id,
        email_hash: erasureEmailHash(lead.email),
        phone_hash: erasurePhoneHash(lead.phone),
        erased_at: now.toISOString(),
      })),
    )
    .onConflict((conflict) => conflict.column("lead_id").doNothing())
    .execute();
  return leads.length;
}

/** After an erasure has committed: on SQLite, wipe the deleted text from the -wal file too. */
export function scrubErasedText(handle: DatabaseHandle): void {
  if (handle.sqlite) purgeWalSoon(handle.sqlite);
}

/**
 * The erasure log, oldest first; null when the database predates it (no lead_erasures table).
 */
export async function readErasureLog(db: Kysely<Database>): Promise<ErasureEntry[] | null> {
  try {
    const rows = await db
      .selectFrom("lead_erasures")
      .select(["lead_id", "email_hash", "phone_hash", "erased_at"])
      .orderBy("erased_at")
      .orderBy("lead_id")
      .execute();
    return rows.map((row) => ({
      leadId: row.lead_id,
      emailHash: row.email_hash,
      phoneHash: row.phone_hash,
      erasedAt: row.erased_at,
    }));
  } catch (error) {
    if (isMissingTable(error)) return null;
    throw error;
  }
}

function isMissingTable(error: unknown): boolean {
  // PostgreSQL: undefined_table; SQLite: "no such table".
  return (
    (error as { code?: unknown }).code === "42P01" || /no such table/i.test((error as Error).message ?? "")
  );
}

export interface ReapplyResult {
  /** Quote requests that were back (a restored backup) and were deleted again. */
  reErased: number;
  /** Entries in the log afterwards. */
  logged: number;
}

/** Rows per INSERT: well under both engines' limit on bound parameters. */
const INSERT_BATCH = 500;

/**
 * Add `entries` to the database's erasure log (those it lacks) and delete again every quote
 * request the log names, in one transaction. The database must have the lead_erasures table.
 */
export async function reapplyErasures(db: Kysely<Database>, entries: ErasureEntry[]): Promise<ReapplyResult> {
  return db.transaction().execute(async (trx) => {
    for (let start = 0; start < entries.length; start += INSERT_BATCH) {
      await trx
        .insertInto("lead_erasures")
        .values(
          entries.slice(start, start + INSERT_BATCH).map((entry) => ({
            lead_id: entry.leadId,
            email_hash: entry.emailHash,
            phone_hash: entry.phoneHash,
            erased_at: entry.erasedAt,
          })),
        )
        .onConflict((conflict) => conflict.column("lead_id").doNothing())
        .execute();
    }
    const deleted = await trx
      .deleteFrom("leads")
      .where("id", "in", trx.selectFrom("lead_erasures").select("lead_id"))
      .executeTakeFirst();
    const { n } = await trx
      .selectFrom("lead_erasures")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return { reErased: Number(deleted.numDeletedRows), logged: Number(n) };
  });
}

const WAL_PURGE_RETRY_MS = 2000;
const WAL_PURGE_ATTEMPTS = 30;

/**
 * secure_delete (node-sqlite-dialect.server.ts) zeroes the deleted rows in the database's
 * pages, but the -wal file still holds earlier versions of those pages until SQLite happens
 * to overwrite them. Checkpoint the WAL into the database and truncate it now; when another
 * connection is reading (a backup in progress) or this one is inside a transaction, try again
 * a little later rather than make the site wait.
 */
function purgeWalSoon(native: DatabaseSync, attempt = 1): void {
  if (!native.isOpen) return;
  if (truncateWal(native) || attempt >= WAL_PURGE_ATTEMPTS) return;
  setTimeout(() => purgeWalSoon(native, attempt + 1), WAL_PURGE_RETRY_MS).unref();
}

/** One non-blocking TRUNCATE checkpoint; whether it emptied the WAL. */
function truncateWal(native: DatabaseSync): boolean {
  if (native.isTransaction) return false;
  const { timeout } = native.prepare("PRAGMA busy_timeout").get() as { timeout: number };
  try {
    native.exec("PRAGMA busy_timeout = 0");
    const result = native.prepare("PRAGMA wal_checkpoint(TRUNCATE)").get() as { busy: number };
    return result.busy === 0;
  } catch {
    return false;
  } finally {
    native.exec(`PRAGMA busy_timeout = ${Number(timeout)}`);
  }
}
