import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { AuditAction } from "~/lib/audit-actions";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import { currentRequestAddress } from "../platform/request-address.server";

// The audit log's only writer. Each audited action calls `recordAudit` once, after it did what
// it records. The application never updates an entry; the only deletes are the 12-month
// retention and the LGPD erasure of the entries naming a person (both below).

/** Who acted: a session's user, or nobody (a failed sign-in, a password reset by e-mail link). */
export interface AuditActor {
  user: { id: string; email: string } | null;
}

export interface AuditEntry {
  action: AuditAction;
  target?: { type: string; id?: string | null; label?: string | null };
  /** What changed: field names, before/after. Never passwords, tokens or a lead's full data. */
  details?: Record<string, unknown>;
  /** The e-mail or phone the entry names (an attempted e-mail, a visitor), for the LGPD tool. */
  subject?: string | null;
  /** The user, when the entry is about someone not signed in (a failed sign-in's account). */
  userEmail?: string | null;
}

/** Entries are kept this long (the housekeeping deletes older ones). */
export const AUDIT_RETENTION_MONTHS = 12;

const LABEL_MAX = 200;

export async function recordAudit(
  actor: AuditActor | null,
  entry: AuditEntry,
  /** The transaction the audited change runs in, when there is one (so both commit together). */
  within?: Kysely<Database> | Transaction<Database>,
): Promise<void> {
  const db = within ?? (await database());
  const user = actor?.user ?? null;
  await db
    .insertInto("audit_log")
    .values({
      id: randomUUID(),
      at: new Date().toISOString(),
      user_id: user?.id ?? null,
      user_email: user?.email ?? entry.userEmail ?? null,
      action: entry.action,
      target_type: entry.target?.type ?? null,
      target_id: entry.target?.id ?? null,
      target_label: entry.target?.label?.slice(0, LABEL_MAX) ?? null,
      ip_address: currentRequestAddress(),
      details: entry.details && Object.keys(entry.details).length > 0 ? JSON.stringify(entry.details) : null,
      subject: entry.subject ? entry.subject.trim().toLowerCase().slice(0, 320) : null,
    })
    .execute();
}

/** Delete the entries older than the retention period; returns how many went. */
export async function deleteAuditEntriesOlderThan(cutoff: Date): Promise<number> {
  const db = await database();
  const result = await db.deleteFrom("audit_log").where("at", "<", cutoff.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The retention cutoff as of `now`: AUDIT_RETENTION_MONTHS before it. */
export function auditRetentionCutoff(now: Date = new Date()): Date {
  const cutoff = new Date(now);
  cutoff.setMonth(cutoff.getMonth() - AUDIT_RETENTION_MONTHS);
  return cutoff;
}
