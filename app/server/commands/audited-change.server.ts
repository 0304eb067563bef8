import type { Transaction } from "kysely";
import { type AuditActor, type AuditEntry, recordAudit } from "../audit/audit-log.server";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";

// A change and its audit entry commit together or not at all: the entry is written in the
// transaction that makes the change, so no change lands unrecorded and no entry records a
// change that rolled back (design.md, "Audit in the same transaction").

/** What a change gives back: its result, and the entry to record (null: nothing changed). */
export interface AuditedResult<T> {
  value: T;
  audit: AuditEntry | null;
}

/**
 * Thrown by a change that finds, part-way, that it must not happen: everything it wrote is
 * rolled back and `auditedChange` answers with `value` (a refusal) instead.
 */
export class ChangeRefused<T> extends Error {
  constructor(readonly value: T) {
    super("change refused");
  }
}

/** Runs `change` in one transaction with its audit entry. */
export async function auditedChange<T>(
  actor: AuditActor,
  change: (trx: Transaction<Database>) => Promise<AuditedResult<T>>,
): Promise<T> {
  const db = await database();
  try {
    return await db.transaction().execute(async (trx) => {
      const { value, audit } = await change(trx);
      if (audit) await recordAudit(actor, audit, trx);
      return value;
    });
  } catch (error) {
    if (error instanceof ChangeRefused) return error.value as T;
    throw error;
  }
}
