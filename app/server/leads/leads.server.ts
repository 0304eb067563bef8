import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import { enqueueMessage, LEAD_CONFIRMATION, LEAD_NOTIFICATION } from "../email/outbox.server";
import { wakeOutboxWorker } from "../email/outbox-worker.server";
import type { LeadSourceColumns } from "../visits/lead-source.server";
import { nextLeadNumber } from "./lead-number.server";
import { type FirstRequest, findEarlierRequest } from "./lead-repeats.server";
import type { QuoteInput } from "./quote-input.server";

/** One confirmation e-mail per address within this window (docs/decisions/0045). */
const CONFIRMATION_INTERVAL_MS = 60 * 60 * 1000;

export interface SavedLead {
  /** The request stored, or the one this post had already stored. */
  id: string;
  /**
   * False when the very same form had just been stored (a refresh re-posting it, a proxy's
   * retry): nothing new was written.
   */
  stored: boolean;
  /**
   * The request the visitor is answered for: this one, or the first one it repeats (its
   * number and arrival are what the confirmation shows).
   */
  first: FirstRequest;
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
  /** The form token the request came with: a re-post of the same form carries it again. */
  formToken?: string | null;
}

/**
 * Store a quote request and its notification e-mail in one transaction. When this resolves,
 * the request is committed and will be e-mailed (now, or once SMTP is reachable). A request
 * that repeats one of the last minutes (lead-repeats.server.ts) is stored too, pointing at the
 * first; its e-mail to the company says it is a repeat.
 */
export async function saveLead(
  input: QuoteInput,
  { source, confirmation = null, formToken = null }: LeadExtras = {},
  now = new Date(),
): Promise<SavedLead> {
  const db = await database();
  const saved = await db.transaction().execute(async (trx): Promise<SavedLead> => {
    // First, so that on PostgreSQL requests arriving together are checked one after the other.
    const number = await nextLeadNumber(trx);
    const earlier = await findEarlierRequest(trx, input, formToken, now);
    if (earlier.kind === "same-form") return { id: earlier.stored.id, stored: false, first: earlier.first };

    const id = randomUUID();
    const timestamp = now.toISOString();
    const repeatOf = earlier.kind === "repeat" ? earlier.first : null;
    await trx
      .insertInto("leads")
      .values({
        id,
        ...input,
        ...source,
        number,
        repeat_of: repeatOf?.id ?? null,
        form_token: formToken,
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
    return { id, stored: true, first: repeatOf ?? { id, number, created_at: timestamp } };
  });
  if (saved.stored) wakeOutboxWorker();
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
