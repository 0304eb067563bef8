import { pruneEvents } from "./auth/rate-limit.server";
import { deleteExpiredSessions } from "./auth/sessions.server";

export type StopBackgroundTask = () => Promise<void>;

const HOUR = 60 * 60 * 1000;

/** Housekeeping that keeps tables small: expired sessions, old rate-limit events. */
function startHousekeeping(): StopBackgroundTask {
  const run = () => {
    Promise.all([deleteExpiredSessions(), pruneEvents()]).catch((error: unknown) =>
      console.error(JSON.stringify({ level: "error", msg: "housekeeping failed", error: String(error) })),
    );
  };
  const timer = setInterval(run, HOUR);
  timer.unref();
  run();
  return async () => clearInterval(timer);
}

/**
 * Work the server process does besides answering requests. Each task returns a stop function;
 * graceful shutdown awaits them all, so in-flight work (an e-mail being sent) can finish.
 */
export function startBackgroundWork(): StopBackgroundTask {
  const tasks: StopBackgroundTask[] = [startHousekeeping()];
  return async () => {
    await Promise.all(tasks.map((stop) => stop()));
  };
}
