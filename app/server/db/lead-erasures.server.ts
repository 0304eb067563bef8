import { createHash } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { Kysely, Transaction } from "kysely";
import type { DatabaseHandle } from "./connection.server.ts";
import type { Database } from "./schema";
import { keyedHash } from "./site-secret.server.ts";

// LGPD erasure of quote requests, and the log that makes it stick.
//
// Deleting a request on its owner's request also writes a row to lead_erasures, in the same
// transaction: the request's id and keyed hashes of its e-mail and phone (HMAC-SHA-256 with the
// site secret, site-secret.server.ts), never the data itself. An erasure of everything about a
// person (/admin/titulares) also logs, in erased_rows, every other row it deleted (audit
// entries, e-mails, invitations, rate-limit events) by table and id.
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

/** The tables besides `leads` an erasure deletes rows of, each by its text `id`. */
export const ERASED_ROW_TABLES = [
  "audit_log",
  "outbox",
  "invitations",
  "rate_limit_events",
  "lead_events",
] as const;
export type ErasedRowTable = (typeof ERASED_ROW_TABLES)[number];

/** One row an erasure deleted (not a quote request: those are in lead_erasures). */
export interface ErasedRow {
  table: ErasedRowTable;
  rowId: string;
  erasedAt: string;
}

/** Everything the erasure log holds: what a restore must delete again. */
export interface ErasureLog {
  leadErasures: ErasureEntry[];
  erasedRows: ErasedRow[];
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * The log's keyed form of a plain SHA-256 (hex): HMAC-SHA-256 with the site's erasure key. The
 * plain hash inside is what the log held before migration 0022, which converted it this way.
 */
export function keyedErasureHash(plainSha256: string): string {
  return keyedHash("erasure-hash", plainSha256);
}

/** The e-mail as its owner would type it again (trimmed, lower case), hashed with the site's key. */
export function erasureEmailHash(email: string): string {
  return keyedErasureHash(sha256(email.trim().toLowerCase()));
}

/** The phone's digits, hashed with the site's key, so "(41) 99999-0000" and "41999990000" match. */
export function erasurePhoneHash(phone: string): string {
  return keyedErasureHash(sha256(phone.replace(/\D/g, "")));
}

/** A name as typed (any case, any spacing), hashed with the site's key. */
export function erasureNameHash(name: string): string {
  return keyedErasureHash(sha256(name.trim().replace(/\s+/g, " ").toLocaleLowerCase("pt-BR")));
}

/** Inside the erasure's transaction: remember the rows of `table` it deletes, by id. */
export async function logErasedRows(
  trx: Transaction<Database>,
  table: ErasedRowTable,
  ids: readonly string[],
  now: Date,
): Promise<void> {
  await insertErasedRows(
    trx,
    ids.map((rowId) => ({ table, rowId, erasedAt: now.toISOString() })),
  );
}

async function insertErasedRows(trx: Transaction<Database>, rows: readonly ErasedRow[]): Promise<void> {
  await inBatches(rows, (batch) =>
    trx
      .insertInto("erased_rows")
      .values(batch.map((row) => ({ table_name: row.table, row_id: row.rowId, erased_at: row.erasedAt })))
      .onConflict((conflict) => conflict.columns(["table_name", "row_id"]).doNothing())
      .execute(),
  );
}

/** Run `insert` on `items`, INSERT_BATCH at a time. */
async function inBatches<T>(items: readonly T[], insert: (batch: readonly T[]) => Promise<unknown>) {
  for (let start = 0; start < items.length; start += INSERT_BATCH) {
    await insert(items.slice(start, start + INSERT_BATCH));
  }
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
 * A database from before migration 0022 has no erased_rows: only its quote requests are logged.
 */
export async function readErasureLog(db: Kysely<Database>): Promise<ErasureLog | null> {
  let leadErasures: ErasureEntry[];
  try {
    const rows = await db
      .selectFrom("lead_erasures")
      .select(["lead_id", "email_hash", "phone_hash", "erased_at"])
      .orderBy("erased_at")
      .orderBy("lead_id")
      .execute();
    leadErasures = rows.map((row) => ({
      leadId: row.lead_id,
      emailHash: row.email_hash,
      phoneHash: row.phone_hash,
      erasedAt: row.erased_at,
    }));
  } catch (error) {
    if (isMissingTable(error)) return null;
    throw error;
  }
  let erasedRows: ErasedRow[] = [];
  try {
    const rows = await db
      .selectFrom("erased_rows")
      .select(["table_name", "row_id", "erased_at"])
      .orderBy("erased_at")
      .orderBy("table_name")
      .orderBy("row_id")
      .execute();
    erasedRows = rows.flatMap((row) =>
      isErasedRowTable(row.table_name)
        ? [{ table: row.table_name, rowId: row.row_id, erasedAt: row.erased_at }]
        : [],
    );
  } catch (error) {
    if (!isMissingTable(error)) throw error;
  }
  return { leadErasures, erasedRows };
}

function isErasedRowTable(name: string): name is ErasedRowTable {
  return (ERASED_ROW_TABLES as readonly string[]).includes(name);
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
  /** Other rows about erased people (audit entries, e-mails…) that were back and went again. */
  otherRowsReErased: number;
  /** Entries in the log afterwards. */
  logged: number;
}

/** Rows per INSERT: well under both engines' limit on bound parameters. */
const INSERT_BATCH = 500;

/**
 * Add `log` to the database's erasure log (what it lacks) and delete again every quote request
 * and every other row the log names, in one transaction. The database must have the
 * lead_erasures and erased_rows tables (migration 0022).
 */
export async function reapplyErasures(db: Kysely<Database>, log: ErasureLog): Promise<ReapplyResult> {
  return db.transaction().execute(async (trx) => {
    await inBatches(log.leadErasures, (batch) =>
      trx
        .insertInto("lead_erasures")
        .values(
          batch.map((entry) => ({
            lead_id: entry.leadId,
            email_hash: entry.emailHash,
            phone_hash: entry.phoneHash,
            erased_at: entry.erasedAt,
          })),
        )
        .onConflict((conflict) => conflict.column("lead_id").doNothing())
        .execute(),
    );
    await insertErasedRows(trx, log.erasedRows);
    const deleted = await trx
      .deleteFrom("leads")
      .where("id", "in", trx.selectFrom("lead_erasures").select("lead_id"))
      .executeTakeFirst();
    let otherRowsReErased = 0;
    for (const table of ERASED_ROW_TABLES) {
      const gone = await trx
        .deleteFrom(table)
        .where("id", "in", trx.selectFrom("erased_rows").select("row_id").where("table_name", "=", table))
        .executeTakeFirst();
      otherRowsReErased += Number(gone.numDeletedRows);
    }
    const { n } = await trx
      .selectFrom("lead_erasures")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return { reErased: Number(deleted.numDeletedRows), otherRowsReErased, logged: Number(n) };
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
