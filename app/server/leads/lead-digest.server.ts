import type { Kysely } from "kysely";
import { saoPauloLocalToUtc, siteDay } from "~/lib/site-time";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import { LEAD_DIGEST } from "../email/lead-digest-email.server";
import { enqueueMessage } from "../email/outbox.server";
import { wakeOutboxWorker } from "../email/outbox-worker.server";
import { logEvent } from "../http/log.server";

// Nobody forgotten: every day at 08:00 São Paulo time, one e-mail lists the requests still "Novo"
// and unanswered 24 hours after they arrived. The day is claimed by inserting its lead_digests
// row in the transaction that queues the e-mail: with several instances on one PostgreSQL the
// second INSERT waits for the first's commit and then does nothing, so the e-mail is queued once.
// An empty list claims the day and sends nothing. A process that was down at 08:00 sends the
// day's digest when it starts.

/** The local time the digest goes out. */
export const DIGEST_TIME = "08:00";
/** How long a request may wait for its first answer before the digest names it. */
export const UNANSWERED_AFTER_MS = 24 * 60 * 60 * 1000;
/** The most requests one digest names (the rest are counted). */
export const DIGEST_MAX_LEADS = 100;
const CHECK_EVERY_MS = 60_000;

export type DigestOutcome =
  | { status: "not-due"; day: string }
  | { status: "already-handled"; day: string }
  | { status: "empty"; day: string }
  | { status: "queued"; day: string; count: number };

/** Queue today's digest if 08:00 has passed and no instance has handled today yet. */
export async function queueLeadDigestIfDue(db: Kysely<Database>, now: Date): Promise<DigestOutcome> {
  const day = siteDay(now);
  const dueAt = saoPauloLocalToUtc(`${day}T${DIGEST_TIME}`);
  if (!dueAt || now < dueAt) return { status: "not-due", day };
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx): Promise<DigestOutcome> => {
    const claimed = await trx
      .insertInto("lead_digests")
      .values({ day, lead_count: 0, sent_at: nowIso })
      .onConflict((conflict) => conflict.column("day").doNothing())
      .returning("day")
      .executeTakeFirst();
    if (!claimed) return { status: "already-handled", day };
    const waiting = trx
      .selectFrom("leads")
      .where("status", "=", "novo")
      .where("first_response_at", "is", null)
      .where("created_at", "<=", new Date(now.getTime() - UNANSWERED_AFTER_MS).toISOString());
    const { total } = await waiting
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow();
    const count = Number(total);
    if (count === 0) return { status: "empty", day };
    const oldest = await waiting
      .select("id")
      .orderBy("created_at")
      .orderBy("id")
      .limit(DIGEST_MAX_LEADS)
      .execute();
    await trx.updateTable("lead_digests").set({ lead_count: count }).where("day", "=", day).execute();
    await enqueueMessage(
      trx,
      {
        kind: LEAD_DIGEST,
        leadId: null,
        payload: { day, leadIds: oldest.map((row) => row.id), total: count },
      },
      now,
    );
    return { status: "queued", day, count };
  });
}

export interface LeadDigestOptions {
  db?: () => Promise<Kysely<Database>>;
  now?: () => Date;
}

/** Look every minute whether the digest is due; each process remembers the day it handled. */
export function startLeadDigest(options: LeadDigestOptions = {}): { stop: () => Promise<void> } {
  const getDb = options.db ?? database;
  const now = options.now ?? (() => new Date());
  let handledDay: string | null = null;
  let running: Promise<void> | null = null;
  const check = () => {
    if (running || handledDay === siteDay(now())) return;
    running = (async () => {
      try {
        const outcome = await queueLeadDigestIfDue(await getDb(), now());
        if (outcome.status !== "not-due") handledDay = outcome.day;
        if (outcome.status === "queued") {
          logEvent("info", "lead digest queued", { day: outcome.day, count: outcome.count });
          wakeOutboxWorker();
        }
      } catch (error) {
        logEvent("error", "lead digest failed", { error: String(error) });
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  check();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
