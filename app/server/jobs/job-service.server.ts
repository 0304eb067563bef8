import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Kysely } from "kysely";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import { logEvent } from "../platform/log.server";
import type { JobDefinition, JobState } from "./job.server";
import {
  claimJobRun,
  ensureJobRow,
  finishJobRun,
  jobStateOfRow,
  makeJobDue,
  readJobRow,
  releaseJobRun,
} from "./job-store.server";

// The one place the server's periodic work runs (docs/decisions/0081-one-job-service.md), in
// the manner of Ghost's job manager: jobs registered by name with a schedule, each run where it
// belongs, their state visible (Site health). A job that runs once across instances claims each
// due run in the jobs table, so N instances run it once and a restart catches up on a run it
// missed (the row stays due); one that runs on every instance keeps a timer of its own and its
// state in memory. A failing run is logged, recorded and tried again after a backoff; it never
// takes the process down, nor the other jobs.

/** The shortest wait between two looks at a job (a due time just passed, a clock that lags). */
const MIN_SLEEP_MS = 10;
/** The longest a Node timer waits. */
const MAX_TIMER_MS = 2_147_483_647;

export interface JobServiceOptions {
  /** The database the claims are made in (tests run two services on two connections). */
  db?: () => Promise<Kysely<Database>>;
  /** The clock (tests move it instead of waiting). */
  now?: () => Date;
}

export interface JobService {
  /** Run the job now (its work just changed): a once-across-instances job is made due first. */
  wake: (name: string) => void;
  /** Resolves when no run (nor claim) of this service is in progress. */
  idle: () => Promise<void>;
  /** Stop the timers; resolves when the runs in progress have ended. */
  stop: () => Promise<void>;
  states: () => JobState[];
}

interface Runner {
  start: () => void;
  kick: (makeDue: boolean) => void;
  idle: () => Promise<void>;
  clear: () => void;
  state: JobState;
}

const running = new Set<JobService>();

/** Wake the job of that name in every service of this process (none: nothing happens). */
export function wakeJob(name: string): void {
  for (const service of running) service.wake(name);
}

/** The state this process holds of a job, when a running service has it. */
export function localJobState(name: string): JobState | undefined {
  for (const service of running) {
    const state = service.states().find((candidate) => candidate.name === name);
    if (state) return state;
  }
  return undefined;
}

function describeJobError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").slice(0, 500) || "erro sem mensagem";
}

/** When the n-th failure in a row is tried again. */
function retryDelayMs(job: JobDefinition, attempts: number): number {
  return Math.min(job.everyMs, job.retryMs * Math.max(1, attempts));
}

export function startJobs(jobs: readonly JobDefinition[], options: JobServiceOptions = {}): JobService {
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`two jobs named ${job.name}`);
    names.add(job.name);
  }
  const getDb = options.db ?? database;
  const now = options.now ?? (() => new Date());
  const owner = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const stopping = new AbortController();
  const runners = new Map(jobs.map((job) => [job.name, startRunner(job)]));

  function startRunner(job: JobDefinition): Runner {
    const once = job.scope === "once-across-instances";
    const state: JobState = {
      name: job.name,
      scope: job.scope,
      lastRunAt: null,
      lastSuccessAt: null,
      lastError: null,
      lastDurationMs: null,
      nextRunAt: null,
      attempts: 0,
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt: Promise<void> | undefined;
    let again = false;
    let dueNow = false;
    let rowEnsured = false;

    const sleep = (ms: number) => {
      if (stopping.signal.aborted) return;
      clearTimeout(timer);
      // A shared job's row may change on another instance: it is looked at again within everyMs.
      const longest = once ? job.everyMs : MAX_TIMER_MS;
      const wait = Number.isFinite(ms) ? Math.min(longest, Math.max(MIN_SLEEP_MS, ms)) : job.everyMs;
      timer = setTimeout(() => kick(false), wait);
      timer.unref();
    };

    /** Run the job and work out when it is due next; never throws. */
    const runOnce = async (attemptsBefore: number) => {
      const startedAt = now();
      let error: string | null = null;
      let next: Date;
      try {
        await job.run({ signal: stopping.signal });
        const ranAt = now();
        next = job.nextRunAt ? await job.nextRunAt(ranAt) : new Date(ranAt.getTime() + job.everyMs);
      } catch (failure) {
        error = describeJobError(failure);
        const retryAt = new Date(now().getTime() + retryDelayMs(job, attemptsBefore + 1));
        next = retryAt;
        logEvent("error", "job failed", {
          job: job.name,
          attempt: attemptsBefore + 1,
          retryAt: retryAt.toISOString(),
          error,
        });
      }
      const endedAt = now();
      const endedIso = endedAt.toISOString();
      state.lastRunAt = endedIso;
      state.lastDurationMs = Math.max(0, endedAt.getTime() - startedAt.getTime());
      state.lastError = error;
      state.attempts = error === null ? 0 : attemptsBefore + 1;
      if (error === null) state.lastSuccessAt = endedIso;
      state.nextRunAt = next.toISOString();
      return { startedAt, endedAt, error, nextRunAt: next };
    };

    const runHere = async () => {
      const outcome = await runOnce(state.attempts);
      sleep(outcome.nextRunAt.getTime() - now().getTime());
    };

    const claimAndRun = async (makeDue: boolean) => {
      const db = await getDb();
      if (!rowEnsured) {
        await ensureJobRow(db, job.name, now());
        rowEnsured = true;
      }
      if (makeDue) await makeJobDue(db, job.name, now());
      const claim = await claimJobRun(db, job.name, owner, now(), job.leaseMs);
      if (claim && stopping.signal.aborted) {
        await releaseJobRun(db, job.name, owner);
        return;
      }
      if (claim) await finishJobRun(db, job.name, owner, await runOnce(claim.attempts));
      // When to look again: its next run, or the end of another instance's lease.
      const row = await readJobRow(db, job.name);
      if (!row) return sleep(job.everyMs);
      Object.assign(state, jobStateOfRow(row, job.scope));
      const at = now().getTime();
      const leaseUntil = row.lease_until ? Date.parse(row.lease_until) : 0;
      sleep(leaseUntil > at ? leaseUntil - at : Date.parse(row.next_run_at) - at);
    };

    function kick(makeDue: boolean) {
      if (stopping.signal.aborted) return;
      if (makeDue) dueNow = true;
      if (attempt) {
        again = true;
        return;
      }
      clearTimeout(timer);
      const forced = dueNow;
      dueNow = false;
      attempt = (once ? claimAndRun(forced) : runHere())
        .catch((error: unknown) => {
          // The claim itself failed (the database is away): look again after the backoff.
          logEvent("error", "job could not be claimed", { job: job.name, error: describeJobError(error) });
          sleep(retryDelayMs(job, 1));
        })
        .finally(() => {
          attempt = undefined;
          if (again) {
            again = false;
            kick(false);
          }
        });
    }

    return {
      start: () => {
        if (job.runAtStart) kick(true);
        // A shared job looks at its row at once: a run missed while no server ran is due.
        else if (once) kick(false);
        else {
          state.nextRunAt = new Date(now().getTime() + job.everyMs).toISOString();
          sleep(job.everyMs);
        }
      },
      kick,
      idle: async () => {
        while (attempt) await attempt;
      },
      clear: () => clearTimeout(timer),
      state,
    };
  }

  const service: JobService = {
    wake: (name) => runners.get(name)?.kick(true),
    idle: async () => {
      await Promise.all([...runners.values()].map((runner) => runner.idle()));
    },
    stop: async () => {
      stopping.abort();
      running.delete(service);
      for (const runner of runners.values()) runner.clear();
      await service.idle();
      for (const job of jobs) job.dispose?.();
    },
    states: () => [...runners.values()].map((runner) => ({ ...runner.state })),
  };
  running.add(service);
  for (const runner of runners.values()) runner.start();
  return service;
}
