import type { Kysely } from "kysely";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import { defineJob, type JobDefinition } from "../jobs/job.server";
import { startJobs, wakeJob } from "../jobs/job-service.server";
import { SCHEDULED_POSTS_JOB } from "../jobs/site-jobs.server";
import { logEvent } from "../platform/log.server";

// Scheduled posts go live at their minute with no visitor needed: a job of the job service
// publishes the due posts and is due again when the next one is (docs/decisions/0028, 0081).
// The job runs once across instances, and one UPDATE both picks and publishes the posts, so
// when several instances share one PostgreSQL a post is published once even if two passes
// overlap (a lease that ran out): the second UPDATE waits for the first's row lock, sees status
// 'published' and skips the row. The status change fires the content-change triggers of
// migration 0004, which purge the list, article, category, sitemap and feed at once.

/** Longest sleep: a post scheduled on another instance is seen within this time. */
export const SCHEDULER_MAX_SLEEP_MS = 30_000;
/** Shortest sleep, so that a failing database is not asked again in a tight loop. */
const SCHEDULER_MIN_SLEEP_MS = 50;
const RETRY_AFTER_ERROR_MS = 5_000;

export interface ScheduledPublication {
  id: string;
  slug: string;
  publishedAt: string | null;
}

/**
 * Publish every scheduled post whose time has come, in one statement; its publication date
 * is the scheduled time, not the moment the job ran. Returns what this call published.
 */
export async function publishDuePosts(db: Kysely<Database>, now: Date): Promise<ScheduledPublication[]> {
  const nowIso = now.toISOString();
  const rows = await db
    .updateTable("blog_posts")
    .set((eb) => ({
      status: "published",
      published_at: eb.ref("scheduled_at"),
      scheduled_at: null,
      updated_at: nowIso,
    }))
    .where("status", "=", "scheduled")
    .where("scheduled_at", "<=", nowIso)
    .returning(["id", "slug", "published_at"])
    .execute();
  return rows.map((row) => ({ id: row.id, slug: row.slug, publishedAt: row.published_at }));
}

/** When the next scheduled post is due (UTC ISO), or null when none is scheduled. */
export async function nextScheduledAt(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom("blog_posts")
    .select((eb) => eb.fn.min("scheduled_at").as("next"))
    .where("status", "=", "scheduled")
    .executeTakeFirst();
  return row?.next ?? null;
}

export interface PostSchedulerOptions {
  /** The database to publish in (tests race two handles on one PostgreSQL). */
  db?: () => Promise<Kysely<Database>>;
  /** The clock (tests move it forward instead of waiting). */
  now?: () => Date;
  maxSleepMs?: number;
  onPublished?: (posts: ScheduledPublication[]) => void;
}

/**
 * The job that publishes due posts and is due again when the next one is (at the latest after
 * the longest sleep). It runs at start-up on every instance: a schedule that passed while no
 * server was running is published right away.
 */
export function postSchedulerJob(options: PostSchedulerOptions = {}): JobDefinition {
  const getDb = options.db ?? database;
  const now = options.now ?? (() => new Date());
  const maxSleepMs = options.maxSleepMs ?? SCHEDULER_MAX_SLEEP_MS;
  return defineJob({
    name: SCHEDULED_POSTS_JOB,
    scope: "once-across-instances",
    everyMs: maxSleepMs,
    retryMs: RETRY_AFTER_ERROR_MS,
    // A pass is two short statements: an instance that died in one holds the job this long at most.
    leaseMs: maxSleepMs,
    runAtStart: true,
    run: async () => {
      const published = await publishDuePosts(await getDb(), now());
      for (const post of published) {
        logEvent("info", "scheduled post published", { slug: post.slug, publishedAt: post.publishedAt });
      }
      if (published.length) options.onPublished?.(published);
    },
    nextRunAt: async (ranAt) => {
      const next = await nextScheduledAt(await getDb());
      const sleep = next ? Date.parse(next) - ranAt.getTime() : maxSleepMs;
      return new Date(ranAt.getTime() + Math.min(maxSleepMs, Math.max(SCHEDULER_MIN_SLEEP_MS, sleep)));
    },
  });
}

export interface PostScheduler {
  /** Look for due posts now (a post was just scheduled, or a test moved the clock). */
  wake: () => void;
  /** Resolves when the current pass, if any, has finished. */
  idle: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * This process scheduled, rescheduled or unscheduled a post: its schedulers look again at
 * once instead of at their next wake-up (other instances see it within the longest sleep).
 */
export function postScheduleChanged(): void {
  wakeJob(SCHEDULED_POSTS_JOB);
}

/** The scheduler alone, on a job service of its own (the site runs its job with the others). */
export function startPostScheduler(options: PostSchedulerOptions = {}): PostScheduler {
  const service = startJobs([postSchedulerJob(options)], { db: options.db, now: options.now });
  return {
    wake: () => service.wake(SCHEDULED_POSTS_JOB),
    idle: service.idle,
    stop: service.stop,
  };
}
