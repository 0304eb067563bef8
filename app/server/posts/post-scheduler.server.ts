import type { Kysely } from "kysely";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import { logEvent } from "../http/log.server";

// Scheduled posts go live at their minute with no visitor needed: a loop in every server
// process publishes the due posts and sleeps until the next one is due (docs/decisions/0028).
// One UPDATE both picks and publishes them, so when several instances share one PostgreSQL
// a post is published once: the second UPDATE waits for the first's row lock, sees status
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

export interface PostScheduler {
  /** Look for due posts now (a post was just scheduled, or a test moved the clock). */
  wake: () => void;
  /** Resolves when the current pass, if any, has finished. */
  idle: () => Promise<void>;
  stop: () => Promise<void>;
}

const runningSchedulers = new Set<PostScheduler>();

/**
 * This process scheduled, rescheduled or unscheduled a post: its schedulers look again at
 * once instead of at their next wake-up (other instances see it within the longest sleep).
 */
export function postScheduleChanged(): void {
  for (const scheduler of runningSchedulers) scheduler.wake();
}

export function startPostScheduler(options: PostSchedulerOptions = {}): PostScheduler {
  const getDb = options.db ?? database;
  const now = options.now ?? (() => new Date());
  const maxSleepMs = options.maxSleepMs ?? SCHEDULER_MAX_SLEEP_MS;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pass: Promise<void> | null = null;
  let passAgain = false;

  const sleep = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, Math.min(maxSleepMs, Math.max(SCHEDULER_MIN_SLEEP_MS, ms)));
    timer.unref();
  };

  const publishAndSleep = async () => {
    try {
      const db = await getDb();
      const published = await publishDuePosts(db, now());
      for (const post of published) {
        logEvent("info", "scheduled post published", { slug: post.slug, publishedAt: post.publishedAt });
      }
      if (published.length) options.onPublished?.(published);
      const next = await nextScheduledAt(db);
      sleep(next ? Date.parse(next) - now().getTime() : maxSleepMs);
    } catch (error) {
      logEvent("error", "scheduled publishing failed", { error: String(error) });
      sleep(RETRY_AFTER_ERROR_MS);
    }
  };

  function run() {
    if (stopped) return;
    if (pass) {
      passAgain = true;
      return;
    }
    pass = publishAndSleep().finally(() => {
      pass = null;
      if (passAgain) {
        passAgain = false;
        run();
      }
    });
  }

  const scheduler: PostScheduler = {
    wake: run,
    idle: async () => {
      while (pass) await pass;
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      runningSchedulers.delete(scheduler);
      await scheduler.idle();
    },
  };
  runningSchedulers.add(scheduler);
  // A schedule that passed while no server was running is published right away.
  run();
  return scheduler;
}
