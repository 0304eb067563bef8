import type { Kysely } from "kysely";
import { addDays, saoPauloLocalToUtc, siteDay } from "~/lib/site-time";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import { LEAD_DIGEST } from "../email/lead-digest-email.server";
import { enqueueMessage } from "../email/outbox.server";
import { wakeOutboxWorker } from "../email/outbox-worker.server";
import { defineJob, type JobDefinition } from "../jobs/job.server";
import { LEAD_DIGEST_JOB } from "../jobs/site-jobs.server";
import { logEvent } from "../platform/log.server";

// Nobody forgotten: every day at 08:00 São Paulo time, one e-mail lists the requests still "Novo"
// and unanswered 24 hours after they arrived. The day is claimed by inserting its lead_digests
// row in the transaction that queues the e-mail: with several instances on one PostgreSQL the
// second INSERT waits for the first's commit and then does nothing, so the e-mail is queued once.
// An empty list claims the day and sends nothing. The job service runs it at 08:00 once across
// instances; a site that was down at 08:00 sends the day's digest when it starts (the job's row
// is still due).

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
      // A repeat waits as part of its first request (docs/decisions/0090).
      .where("repeat_of", "is", null)
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

/** The next 08:00 in São Paulo after `after` (today's when it has not passed yet). */
function nextDigestTime(after: Date): Date {
  const today = siteDay(after);
  const dueToday = saoPauloLocalToUtc(`${today}T${DIGEST_TIME}`);
  if (dueToday && after < dueToday) return dueToday;
  const tomorrow = saoPauloLocalToUtc(`${addDays(today, 1)}T${DIGEST_TIME}`);
  return tomorrow ?? new Date(after.getTime() + CHECK_EVERY_MS);
}

/**
 * The job that queues the digest at 08:00, once across instances; its row is looked at every
 * minute, and a new row (a new database, a server down at 08:00) is due at once.
 */
export function leadDigestJob(): JobDefinition {
  return defineJob({
    name: LEAD_DIGEST_JOB,
    scope: "once-across-instances",
    everyMs: CHECK_EVERY_MS,
    nextRunAt: nextDigestTime,
    run: async () => {
      const outcome = await queueLeadDigestIfDue(await database(), new Date());
      if (outcome.status === "queued") {
        logEvent("info", "lead digest queued", { day: outcome.day, count: outcome.count });
        wakeOutboxWorker();
      }
    },
  });
}
