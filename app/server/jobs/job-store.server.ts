import type { Kysely, Selectable } from "kysely";
import type { Database, JobsTable } from "../db/schema";
import type { JobScope, JobState } from "./job.server";

// The jobs table's rows (migration 0029): how an instance claims a due run of a job that runs
// once across instances. The claim is one conditional UPDATE, as the outbox's lease is a column:
// on PostgreSQL a second instance's UPDATE waits for the first's row lock, then finds the lease
// taken and changes nothing; SQLite has one writer at a time. Times are ISO strings in UTC,
// which compare in order as text on SQLite.

export type JobRow = Selectable<JobsTable>;

/** The job's row, made due now if it is new (a new job, or a new database, runs at once). */
export async function ensureJobRow(db: Kysely<Database>, name: string, now: Date): Promise<void> {
  await db
    .insertInto("jobs")
    .values({
      name,
      next_run_at: now.toISOString(),
      lease_until: null,
      owner: null,
      last_run_at: null,
      last_success_at: null,
      last_error: null,
      last_duration_ms: null,
      attempts: 0,
    })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
}

/** Bring the next run forward to now (the work just changed; a start-up catching up). */
export async function makeJobDue(db: Kysely<Database>, name: string, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  await db
    .updateTable("jobs")
    .set({ next_run_at: nowIso })
    .where("name", "=", name)
    .where("next_run_at", ">", nowIso)
    .execute();
}

/**
 * Claim the due run for `owner` until now + leaseMs: the failures in a row before it when this
 * instance is to run it, null when it is not due or another instance holds it.
 */
export async function claimJobRun(
  db: Kysely<Database>,
  name: string,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<{ attempts: number } | null> {
  const nowIso = now.toISOString();
  const claimed = await db
    .updateTable("jobs")
    .set({ lease_until: new Date(now.getTime() + leaseMs).toISOString(), owner })
    .where("name", "=", name)
    .where("next_run_at", "<=", nowIso)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", nowIso)]))
    .returning("attempts")
    .executeTakeFirst();
  return claimed ? { attempts: Number(claimed.attempts) } : null;
}

export interface JobOutcome {
  startedAt: Date;
  endedAt: Date;
  /** The error's text; null when the run succeeded. */
  error: string | null;
  nextRunAt: Date;
}

/** Record a claimed run's outcome and release the claim (only if this instance still holds it). */
export async function finishJobRun(
  db: Kysely<Database>,
  name: string,
  owner: string,
  outcome: JobOutcome,
): Promise<void> {
  const endedIso = outcome.endedAt.toISOString();
  await db
    .updateTable("jobs")
    .set((eb) => ({
      lease_until: null,
      owner: null,
      next_run_at: outcome.nextRunAt.toISOString(),
      last_run_at: endedIso,
      last_duration_ms: Math.max(0, Math.round(outcome.endedAt.getTime() - outcome.startedAt.getTime())),
      last_error: outcome.error,
      attempts: outcome.error === null ? 0 : eb("attempts", "+", 1),
      ...(outcome.error === null ? { last_success_at: endedIso } : {}),
    }))
    .where("name", "=", name)
    .where("owner", "=", owner)
    .execute();
}

/** Give a claim back unrun (the service stopped meanwhile). */
export async function releaseJobRun(db: Kysely<Database>, name: string, owner: string): Promise<void> {
  await db
    .updateTable("jobs")
    .set({ lease_until: null, owner: null })
    .where("name", "=", name)
    .where("owner", "=", owner)
    .execute();
}

export async function readJobRow(db: Kysely<Database>, name: string): Promise<JobRow | undefined> {
  return db.selectFrom("jobs").selectAll().where("name", "=", name).executeTakeFirst();
}

export async function readJobRows(db: Kysely<Database>, names: readonly string[]): Promise<JobRow[]> {
  if (names.length === 0) return [];
  return db.selectFrom("jobs").selectAll().where("name", "in", names).execute();
}

/** What a row says of its job's runs (Site health shows it). */
export function jobStateOfRow(row: JobRow, scope: JobScope): JobState {
  return {
    name: row.name,
    scope,
    lastRunAt: row.last_run_at,
    lastSuccessAt: row.last_success_at,
    lastError: row.last_error,
    lastDurationMs: row.last_duration_ms === null ? null : Number(row.last_duration_ms),
    nextRunAt: row.next_run_at,
    attempts: Number(row.attempts),
  };
}
