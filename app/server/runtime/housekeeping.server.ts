import { privacyFacts } from "~/config/privacy";
import { deleteExpiredChallenges } from "../accounts/passkeys.server";
import { deleteExpiredPendingSignIns } from "../accounts/pending-sign-in.server";
import { pruneEvents } from "../accounts/rate-limit.server";
import { deleteExpiredSessions } from "../accounts/sessions.server";
import { auditRetentionCutoff, deleteAuditEntriesOlderThan } from "../audit/audit-log.server";
import { startDatabase } from "../db/database.server";
import { refreshPlannerStatistics } from "../db/planner-statistics.server";
import { deleteExpiredMessages } from "../email/outbox.server";
import { defineJob, type JobDefinition } from "../jobs/job.server";
import { HOUSEKEEPING_JOB } from "../jobs/site-jobs.server";
import { deleteLeadsOlderThan } from "../leads/leads.server";

const HOUR_MS = 60 * 60 * 1000;

/** Quote requests older than the privacy policy's retention period. */
function deleteExpiredLeads(): Promise<number> {
  const cutoff = new Date();
  cutoff.setMonth(cutoff.getMonth() - privacyFacts.leadRetentionMonths);
  return deleteLeadsOlderThan(cutoff);
}

/**
 * Housekeeping that keeps tables small, hourly and once across instances: expired sessions,
 * pending sign-ins and passkey challenges, rate-limit events older than a day (they hold client
 * addresses), quote requests past their retention period, audit entries older than 12 months,
 * unsent e-mails whose single-use link has died. Then SQLite's planner statistics of the visit
 * and tap tables, which grow daily. Each start-up runs it too, as before the job service: a
 * SQLite file restarted after a bulk import has fresh statistics at once.
 */
export function housekeepingJob(): JobDefinition {
  return defineJob({
    name: HOUSEKEEPING_JOB,
    scope: "once-across-instances",
    everyMs: HOUR_MS,
    runAtStart: true,
    run: async () => {
      await Promise.all([
        deleteExpiredSessions(),
        deleteExpiredPendingSignIns(),
        deleteExpiredChallenges(),
        pruneEvents(),
        deleteExpiredLeads(),
        deleteAuditEntriesOlderThan(auditRetentionCutoff()),
        deleteExpiredMessages(),
      ]);
      refreshPlannerStatistics(await startDatabase());
    },
  });
}
