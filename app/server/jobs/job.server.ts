// A periodic task of the server, named, with its schedule and its scope
// (docs/decisions/0081-one-job-service.md). The job service (job-service.server.ts) runs it.

/**
 * once-across-instances: of the instances sharing the database, one runs each due run (it claims
 * it in the jobs table). every-instance: each process runs it for state of its own (a counter
 * kept in memory), on a timer of its own.
 */
export type JobScope = "once-across-instances" | "every-instance";

/** A job's last run and next one. */
export interface JobState {
  name: string;
  scope: JobScope;
  lastRunAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastDurationMs: number | null;
  nextRunAt: string | null;
  /** Failed runs in a row. */
  attempts: number;
}

export interface JobRunContext {
  /** Aborted when the service stops: a long run may end early (and leave its work for later). */
  signal: AbortSignal;
}

export interface JobDefinition {
  /** Unique in a registry; the jobs table's key and the Site health row's. */
  name: string;
  scope: JobScope;
  /** The time between two runs, and the longest an instance waits before it looks at the job again. */
  everyMs: number;
  /** When the next run is due after one that ended at `ranAt` (a time of day, the next post); default `ranAt + everyMs`. */
  nextRunAt?: (ranAt: Date) => Date | Promise<Date>;
  /** After the n-th failure in a row the job runs again min(everyMs, n × retryMs) later. */
  retryMs: number;
  /** How long a claimed run may take before another instance may take the job over. */
  leaseMs: number;
  /** Run once at start-up whatever the schedule says (work that may have come due while no server ran). */
  runAtStart: boolean;
  run: (context: JobRunContext) => Promise<void>;
  /** Called once the service stopped and the last run ended (close a connection the job opened). */
  dispose?: () => void;
}

export type JobOptions = Pick<JobDefinition, "name" | "scope" | "everyMs" | "run"> &
  Partial<Pick<JobDefinition, "nextRunAt" | "retryMs" | "leaseMs" | "runAtStart" | "dispose">>;

const MINUTE_MS = 60_000;

export function defineJob(options: JobOptions): JobDefinition {
  return {
    retryMs: MINUTE_MS,
    // Only a run holds it: a job is not due again before its next run anyway.
    leaseMs: 10 * MINUTE_MS,
    runAtStart: false,
    ...options,
  };
}
