import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import { enqueueMessage, LEAD_CONFIRMATION, LEAD_NOTIFICATION } from "../email/outbox.server";
import { wakeOutboxWorker } from "../email/outbox-worker.server";
import type { LeadSourceColumns } from "../visits/lead-source.server";
import type { QuoteInput } from "./quote-input.server";

/** One confirmation e-mail per address within this window (docs/decisions/0045). */
const CONFIRMATION_INTERVAL_MS = 60 * 60 * 1000;
/** A resubmission of the very same request within this window is the same lead. */
const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

export interface SavedLead {
  id: string;
  /** The same request had just been saved (a page refresh re-posting the form): not stored twice. */
  duplicate: boolean;
}

export interface LeadExtras {
  /** Where the visitor came from (docs/decisions/0032); unknown when absent. */
  source?: LeadSourceColumns;
  /**
   * The text of the confirmation e-mail to the address just typed, or null for none. Queued
   * once, with the request itself: a re-post of the same request sends nothing again, and an
   * address that had one within the hour gets none.
   */
  confirmation?: string | null;
}

/**
 * Store a quote request and its notification e-mail in one transaction. When this resolves,
 * the request is committed and will be e-mailed (now, or once SMTP is reachable).
 */
export async function saveLead(
  input: QuoteInput,
  { source, confirmation = null }: LeadExtras = {},
  now = new Date(),
): Promise<SavedLead> {
  const db = await database();
  const saved = await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("leads")
      .select("id")
      .where("email", "=", input.email)
      .where("created_at", ">", new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString())
      .where("name", "=", input.name)
      .where("phone", "=", input.phone)
      .where("condominium", "=", input.condominium)
      .where("service", "=", input.service)
      .where("message", "=", input.message)
      .executeTakeFirst();
    if (existing) return { id: existing.id, duplicate: true };

    const id = randomUUID();
    const timestamp = now.toISOString();
    await trx
      .insertInto("leads")
      .values({
        id,
        ...input,
        ...source,
        status: "novo",
        note: "",
        created_at: timestamp,
        updated_at: timestamp,
        stage_changed_at: timestamp,
      })
      .execute();
    await enqueueMessage(trx, { kind: LEAD_NOTIFICATION, leadId: id, payload: { leadId: id } }, now);
    if (confirmation !== null && !(await confirmedWithinTheHour(trx, input.email, now))) {
      await enqueueMessage(
        trx,
        { kind: LEAD_CONFIRMATION, leadId: id, payload: { leadId: id, text: confirmation } },
        now,
      );
    }
    return { id, duplicate: false };
  });
  if (!saved.duplicate) wakeOutboxWorker();
  return saved;
}

/**
 * Whether a confirmation was queued for this address within the hour: it then gets no other
 * one, so the form cannot be used to send the company's e-mail to someone over and over.
 */
async function confirmedWithinTheHour(
  trx: Transaction<Database>,
  email: string,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - CONFIRMATION_INTERVAL_MS).toISOString();
  // A confirmation is queued with its request, at the same instant: the hour's requests (an
  // index range) are the only ones whose confirmation can count, however long the tables grow.
  const row = await trx
    .selectFrom("outbox as o")
    .innerJoin("leads as l", "l.id", "o.lead_id")
    .select("o.id")
    .where("l.created_at", ">", since)
    .where("o.kind", "=", LEAD_CONFIRMATION)
    .where(sql`lower(l.email)`, "=", email.toLowerCase())
    .where("o.created_at", ">", since)
    .executeTakeFirst();
  return row !== undefined;
}

/** Delete requests older than the retention period (their outbox rows go with them). */
export async function deleteLeadsOlderThan(cutoff: Date): Promise<number> {
  const db = await database();
  const result = await db
    .deleteFrom("leads")
    .where("created_at", "<", cutoff.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
