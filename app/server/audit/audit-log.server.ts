import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { AuditAction } from "~/lib/audit-actions";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import { currentRequestAddress } from "./request-address.server";

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

/** The person's quote requests, by id: entries about them (views, status changes) name them too. */
export interface MentionOptions {
  leadIds?: string[];
}

/** An entry as the LGPD tool shows and exports it. */
export interface AuditMention {
  id: string;
  at: string;
  userEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  ipAddress: string | null;
  details: string | null;
}

/**
 * For the LGPD tool: the entries that name this e-mail or phone, as the person it names (a
 * failed sign-in, a quote request's visitor) or as the user who acted. Compared lowercased;
 * a phone as digits only when it has any.
 */
export async function findAuditEntriesNaming(
  emailOrPhone: string,
  options: MentionOptions = {},
): Promise<AuditMention[]> {
  const db = await database();
  const keys = mentionKeys(emailOrPhone);
  if (keys.length === 0) return [];
  const leadIds = options.leadIds ?? [];
  const rows = await db
    .selectFrom("audit_log")
    .select([
      "id",
      "at",
      "user_email",
      "action",
      "target_type",
      "target_id",
      "target_label",
      "ip_address",
      "details",
    ])
    .where((eb) =>
      eb.or([
        eb("subject", "in", keys),
        eb("user_email", "in", keys),
        ...(leadIds.length > 0
          ? [eb.and([eb("target_type", "=", "lead"), eb("target_id", "in", leadIds)])]
          : []),
      ]),
    )
    .orderBy("at", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    userEmail: row.user_email,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    ipAddress: row.ip_address,
    details: row.details,
  }));
}

/**
 * For the LGPD erasure: delete the entries whose subject is this e-mail or phone (the person
 * was named, not acting). Entries where a team member acted stay: they are the company's
 * record of its own staff. Returns how many went.
 */
export async function eraseAuditMentions(
  emailOrPhone: string,
  options: MentionOptions = {},
): Promise<number> {
  const db = await database();
  const keys = mentionKeys(emailOrPhone);
  if (keys.length === 0) return 0;
  const leadIds = options.leadIds ?? [];
  const result = await db
    .deleteFrom("audit_log")
    .where((eb) =>
      eb.or([
        eb("subject", "in", keys),
        ...(leadIds.length > 0
          ? [eb.and([eb("target_type", "=", "lead"), eb("target_id", "in", leadIds)])]
          : []),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

function mentionKeys(emailOrPhone: string): string[] {
  const value = emailOrPhone.trim().toLowerCase();
  if (!value) return [];
  const digits = value.replace(/\D/g, "");
  return value.includes("@") || digits.length === 0 ? [value] : [...new Set([value, digits])];
}
