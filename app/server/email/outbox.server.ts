import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { startDatabase } from "../db/database.server";
import type { Database } from "../db/schema";

// The outbox: e-mail to send, written in the same transaction as the data it is about, so a
// saved quote request always has its notification waiting. Any instance's worker may claim a
// row; the claim is a lease (locked_until), so a worker that dies mid-send only delays the
// message until the lease expires. Delivery is at least once.

export const LEAD_NOTIFICATION = "lead-notification";
/** The visitor's confirmation that their request arrived (optional, in the settings). */
export const LEAD_CONFIRMATION = "lead-confirmation";

export interface OutboxPolicy {
  /** Rows claimed per pass. */
  batchSize: number;
  /** How long a claim holds before another worker may take the row. */
  leaseMs: number;
  /** First retry delay; doubles per attempt up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
}

export const defaultOutboxPolicy: OutboxPolicy = {
  batchSize: 10,
  leaseMs: 2 * 60 * 1000,
  retryBaseMs: 30 * 1000,
  retryMaxMs: 60 * 60 * 1000,
};

export interface OutboxMessage {
  id: string;
  kind: string;
  leadId: string | null;
  payload: unknown;
  /** Attempts before this one. */
  attempts: number;
}

/** Add a message to send; call inside the transaction that writes what it is about. */
export async function enqueueMessage(
  trx: Kysely<Database> | Transaction<Database>,
  message: { kind: string; leadId: string | null; payload: unknown; expiresAt?: string | undefined },
  now = new Date(),
): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto("outbox")
    .values({
      id,
      kind: message.kind,
      lead_id: message.leadId,
      payload: JSON.stringify(message.payload),
      attempts: 0,
      next_attempt_at: now.toISOString(),
      locked_until: null,
      last_error: null,
      sent_at: null,
      created_at: now.toISOString(),
      expires_at: message.expiresAt ?? null,
    })
    .execute();
  return id;
}

/**
 * Claim due, unsent, unclaimed rows for this worker. On PostgreSQL the rows are also locked
 * with FOR UPDATE SKIP LOCKED while claiming, so two instances never take the same row.
 */
export async function claimDueMessages(
  policy: OutboxPolicy = defaultOutboxPolicy,
  now = new Date(),
): Promise<OutboxMessage[]> {
  const { db, config } = await startDatabase();
  const nowIso = now.toISOString();
  const rows = await db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom("outbox")
      .select(["id", "kind", "lead_id", "payload", "attempts"])
      .where("sent_at", "is", null)
      .where("next_attempt_at", "<=", nowIso)
      // A message whose single-use link has died is never sent (housekeeping deletes it).
      .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", nowIso)]))
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", nowIso)]))
      .orderBy("next_attempt_at")
      .limit(policy.batchSize);
    if (config.engine === "postgres") query = query.forUpdate().skipLocked();
    const due = await query.execute();
    if (due.length) {
      await trx
        .updateTable("outbox")
        .set({ locked_until: new Date(now.getTime() + policy.leaseMs).toISOString() })
        .where(
          "id",
          "in",
          due.map((row) => row.id),
        )
        .execute();
    }
    return due;
  });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    leadId: row.lead_id,
    payload: safeJson(row.payload),
    attempts: Number(row.attempts),
  }));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function markSent(message: OutboxMessage, now = new Date()): Promise<void> {
  const { db } = await startDatabase();
  await db
    .updateTable("outbox")
    .set({
      sent_at: now.toISOString(),
      locked_until: null,
      last_error: null,
      attempts: message.attempts + 1,
    })
    .where("id", "=", message.id)
    .execute();
}

/** The delay before attempt n+1 after n failures: exponential, capped, with ±20% jitter. */
export function retryDelayMs(failures: number, policy: OutboxPolicy, random = Math.random): number {
  const exponential = policy.retryBaseMs * 2 ** Math.max(0, failures - 1);
  return Math.round(Math.min(exponential, policy.retryMaxMs) * (0.8 + 0.4 * random()));
}

/** Give claimed but unattempted rows back (a worker stopping mid-batch). */
export async function releaseClaims(messages: OutboxMessage[]): Promise<void> {
  if (!messages.length) return;
  const { db } = await startDatabase();
  await db
    .updateTable("outbox")
    .set({ locked_until: null })
    .where(
      "id",
      "in",
      messages.map((message) => message.id),
    )
    .where("sent_at", "is", null)
    .execute();
}

/** Record a failed attempt and schedule the next one. Returns when that will be. */
export async function markFailed(
  message: OutboxMessage,
  error: unknown,
  policy: OutboxPolicy = defaultOutboxPolicy,
  now = new Date(),
): Promise<Date> {
  const { db } = await startDatabase();
  const attempts = message.attempts + 1;
  const next = new Date(now.getTime() + retryDelayMs(attempts, policy));
  await db
    .updateTable("outbox")
    .set({
      attempts,
      next_attempt_at: next.toISOString(),
      locked_until: null,
      last_error: describeError(error),
    })
    .where("id", "=", message.id)
    .execute();
  return next;
}

/** An error's message for the table and the log: one line, bounded. */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").slice(0, 500);
}

/** Delete unsent messages whose single-use link has died; returns how many went. */
export async function deleteExpiredMessages(now = new Date()): Promise<number> {
  const { db } = await startDatabase();
  const result = await db
    .deleteFrom("outbox")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
