import { privacyFacts } from "~/config/privacy";
import { siteDefaults } from "~/config/site-env.server";
import { deleteExpiredChallenges } from "../accounts/passkeys.server";
import { deleteExpiredPendingSignIns } from "../accounts/pending-sign-in.server";
import { pruneEvents } from "../accounts/rate-limit.server";
import { deleteExpiredSessions } from "../accounts/sessions.server";
import { auditRetentionCutoff, deleteAuditEntriesOlderThan } from "../audit/audit-log.server";
import { type Configuration, configuration } from "../config/configuration.server";
import { startDatabase } from "../db/database.server";
import { refreshPlannerStatistics } from "../db/planner-statistics.server";
import { describeMail, mailConfig } from "../email/mail-config.server";
import { deleteExpiredMessages } from "../email/outbox.server";
import { startOutboxWorker } from "../email/outbox-worker.server";
import { logEvent } from "../http/log.server";
import { startLeadDigest } from "../leads/lead-digest.server";
import { deleteLeadsOlderThan } from "../leads/leads.server";
import { startPostScheduler } from "../posts/post-scheduler.server";

export type StopBackgroundTask = () => Promise<void>;

const HOUR = 60 * 60 * 1000;

/** Quote requests older than the privacy policy's retention period. */
function deleteExpiredLeads(): Promise<number> {
  const cutoff = new Date();
  cutoff.setMonth(cutoff.getMonth() - privacyFacts.leadRetentionMonths);
  return deleteLeadsOlderThan(cutoff);
}

/**
 * Housekeeping that keeps tables small: expired sessions, pending sign-ins and passkey
 * challenges, rate-limit events older than a day (they hold client addresses), quote requests
 * past their retention period, audit entries older than 12 months, unsent e-mails whose
 * single-use link has died. Then SQLite's planner statistics of the visit and tap tables, which grow daily.
 */
function startHousekeeping(): StopBackgroundTask {
  const run = () => {
    Promise.all([
      deleteExpiredSessions(),
      deleteExpiredPendingSignIns(),
      deleteExpiredChallenges(),
      pruneEvents(),
      deleteExpiredLeads(),
      deleteAuditEntriesOlderThan(auditRetentionCutoff()),
      deleteExpiredMessages(),
    ])
      .then(async () => refreshPlannerStatistics(await startDatabase()))
      .catch((error: unknown) => logEvent("error", "housekeeping failed", { error }));
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
export function startBackgroundWork(config: Configuration = configuration()): StopBackgroundTask {
  const mail = mailConfig(config, siteDefaults(config));
  logEvent("info", describeMail(mail));
  const tasks: StopBackgroundTask[] = [startHousekeeping(), startPostScheduler().stop];
  if (mail.enabled) {
    tasks.push(startOutboxWorker({ mail, policy: { leaseMs: mail.leaseMs } }).stop);
    // Without SMTP a digest would only wait in the outbox and go out stale: none is queued.
    tasks.push(startLeadDigest().stop);
  }
  return async () => {
    await Promise.all(tasks.map((stop) => stop()));
  };
}
