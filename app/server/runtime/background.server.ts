import { type Configuration, configuration } from "../config/configuration.server";
import { describeMail, mailConfig } from "../email/mail-config.server";
import { outboxWorkerJob } from "../email/outbox-worker.server";
import type { JobDefinition } from "../jobs/job.server";
import { startJobs } from "../jobs/job-service.server";
import { leadDigestJob } from "../leads/lead-digest.server";
import { logEvent } from "../platform/log.server";
import { postSchedulerJob } from "../posts/post-scheduler.server";
import { companyDefaults } from "../settings/company-defaults.server";
import { housekeepingJob } from "./housekeeping.server";

export type StopBackgroundTask = () => Promise<void>;

/**
 * Work the server process does besides answering requests: the site's jobs, on one job service
 * (app/server/jobs/site-jobs.server.ts names them; `more` adds the ones of services started
 * elsewhere, the visit counter's). The stop function awaits the runs in progress, so in-flight
 * work (an e-mail being sent) can finish.
 */
export function startBackgroundWork(
  config: Configuration = configuration(),
  more: readonly JobDefinition[] = [],
): StopBackgroundTask {
  const mail = mailConfig(config, companyDefaults(config));
  logEvent("info", describeMail(mail));
  const jobs = [housekeepingJob(), postSchedulerJob()];
  if (mail.enabled) {
    jobs.push(outboxWorkerJob({ mail, policy: { leaseMs: mail.leaseMs } }));
    // Without SMTP a digest would only wait in the outbox and go out stale: none is queued.
    jobs.push(leadDigestJob());
  }
  return startJobs([...jobs, ...more]).stop;
}
