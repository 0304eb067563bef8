import { z } from "zod";
import type { SiteConfig } from "~/lib/company-settings";
import { startDatabase } from "../db/database.server";
import { defineJob, type JobDefinition } from "../jobs/job.server";
import { startJobs, wakeJob } from "../jobs/job-service.server";
import { OUTBOX_JOB } from "../jobs/site-jobs.server";
import { logEvent } from "../platform/log.server";
import { ACCOUNT_EMAIL, accountMail, forgetAccountEmail } from "./account-email.server";
import { companyMailInForce } from "./company-mail.server";
import { leadConfirmation } from "./lead-confirmation-email.server";
import { LEAD_DIGEST, leadDigestMail, leadDigestPayload } from "./lead-digest-email.server";
import { leadEmailColumns, leadNotification } from "./lead-email.server";
import { LEAD_REPLY, leadReplyMail, leadReplyPayload } from "./lead-reply-email.server";
import type { MailConfig } from "./mail-config.server";
import {
  claimDueMessages,
  defaultOutboxPolicy,
  describeError,
  LEAD_CONFIRMATION,
  LEAD_NOTIFICATION,
  markFailed,
  markSent,
  type OutboxMessage,
  type OutboxPolicy,
  releaseClaims,
} from "./outbox.server";
import { explainSmtpWithoutTls } from "./smtp-without-tls.server";

type EnabledMail = Extract<MailConfig, { enabled: true }>;

/** What the worker needs of a nodemailer transport (tests may pass their own). */
export interface MailTransport {
  sendMail(message: {
    messageId: string;
    from: { name: string; address: string };
    to: string[];
    replyTo: { name: string; address: string };
    subject: string;
    text: string;
    html: string;
  }): Promise<unknown>;
  close(): void;
}

/**
 * nodemailer's SMTP transport, created with the first message: a process that sends nothing
 * (most of the time, most processes) never holds nodemailer in memory. On smtp:// it upgrades
 * with STARTTLS or sends nothing, unless the configuration declares a local relay without TLS
 * (the configuration refuses URL parameters that would override this).
 */
export function createMailTransport({
  smtpUrl,
  requireTls,
}: Pick<EnabledMail, "smtpUrl" | "requireTls">): MailTransport {
  let smtp: Promise<MailTransport> | undefined;
  const open = () =>
    (smtp ??= import("nodemailer").then(({ createTransport }) =>
      createTransport({
        url: smtpUrl,
        requireTLS: requireTls,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      }),
    ));
  return {
    sendMail: async (message) => {
      try {
        return await (await open()).sendMail(message);
      } catch (error) {
        throw explainSmtpWithoutTls(error);
      }
    },
    close: () => {
      void smtp?.then((transport) => transport.close());
    },
  };
}

export interface OutboxWorkerOptions {
  /** `to` is where messages go until the owner saves the recipients in the settings. */
  mail: EnabledMail;
  /** The company facts and recipients to use instead of the settings in force (tests). */
  site?: SiteConfig;
  transport?: MailTransport;
  /** How often to look for due messages (retries, and rows other instances wrote). */
  pollIntervalMs?: number;
  policy?: Partial<OutboxPolicy>;
  log?: (entry: Record<string, unknown>) => void;
}

export interface OutboxWorker {
  /** Look for due messages now (after a new request was saved). */
  wake: () => void;
  /** Stop polling; resolves when the pass in progress (an e-mail being sent) has finished. */
  stop: () => Promise<void>;
}

const defaultLog = ({ level, msg, ...fields }: Record<string, unknown>) =>
  logEvent(level === "info" || level === "warn" ? level : "error", String(msg ?? "outbox"), fields);

/** Nudge this process's worker, if e-mail is on. */
export function wakeOutboxWorker(): void {
  wakeJob(OUTBOX_JOB);
}

const confirmationPayload = z.object({ text: z.string().min(1).max(5000) });

/** Send one outbox message. Throws when the SMTP server refuses it or cannot be reached. */
async function deliver(
  message: OutboxMessage,
  mail: Pick<EnabledMail, "from" | "to">,
  site: SiteConfig,
  transport: MailTransport,
): Promise<"sent" | "nothing-to-send"> {
  if (message.kind === ACCOUNT_EMAIL) {
    const outgoing = accountMail(message.payload, mail.from, message.id);
    if (!outgoing) return "nothing-to-send";
    await transport.sendMail(outgoing);
    await forgetAccountEmail(message.id);
    return "sent";
  }
  if (message.kind === LEAD_DIGEST) {
    const { leadIds, total } = leadDigestPayload.parse(message.payload);
    const { db } = await startDatabase();
    // Read when sent: a request erased meanwhile is left out.
    const leads = await db
      .selectFrom("leads")
      .select(["id", "name", "service", "created_at"])
      .where("id", "in", leadIds)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    if (leads.length === 0) return "nothing-to-send";
    await transport.sendMail(
      leadDigestMail(leads, total - (leadIds.length - leads.length), mail, site, message.id),
    );
    return "sent";
  }
  const known =
    message.kind === LEAD_NOTIFICATION || message.kind === LEAD_CONFIRMATION || message.kind === LEAD_REPLY;
  if (!known || !message.leadId) {
    throw new Error(`tipo de mensagem desconhecido: ${message.kind}`);
  }
  const { db } = await startDatabase();
  const lead = await db
    .selectFrom("leads")
    .select(leadEmailColumns)
    .where("id", "=", message.leadId)
    .executeTakeFirst();
  // The request was deleted meanwhile (its outbox rows go with it; this covers a race).
  if (!lead) return "nothing-to-send";
  if (message.kind === LEAD_REPLY) {
    // The text the team wrote, queued with it.
    await transport.sendMail(
      leadReplyMail(lead, leadReplyPayload.parse(message.payload), mail.from, site, message.id),
    );
    return "sent";
  }
  if (message.kind === LEAD_CONFIRMATION) {
    // The text as the owner had it when the request arrived (queued with it).
    const { text } = confirmationPayload.parse(message.payload);
    await transport.sendMail(leadConfirmation(lead, text, mail.from, site, message.id));
    return "sent";
  }
  // A repeat names the request it repeats, by the number the visitor was given.
  const first = lead.repeat_of
    ? await db.selectFrom("leads").select("number").where("id", "=", lead.repeat_of).executeTakeFirst()
    : undefined;
  await transport.sendMail(leadNotification(lead, mail, site, message.id, first?.number));
  return "sent";
}

/**
 * The outbox worker of this process as a job: sends due messages through SMTP, retries failures
 * with exponential backoff, and catches up on start (after a restart, or when SMTP_URL was just
 * set). It runs on every instance: each message is claimed on its own with a lease
 * (claimDueMessages), so several instances share the sending without sending a message twice,
 * and a claim on the whole job would only make one instance send everything.
 */
export function outboxWorkerJob(options: OutboxWorkerOptions): JobDefinition {
  const policy: OutboxPolicy = { ...defaultOutboxPolicy, ...options.policy };
  const transport = options.transport ?? createMailTransport(options.mail);
  const log = options.log ?? defaultLog;

  /**
   * The company facts and the recipients in force when a message is sent (not when it was
   * queued): a message waiting for SMTP goes to whoever receives quote requests by then.
   */
  async function companyMail(): Promise<[Pick<EnabledMail, "from" | "to">, SiteConfig]> {
    if (options.site) return [options.mail, options.site];
    const { to, site } = await companyMailInForce();
    return [{ from: options.mail.from, to: to ?? options.mail.to }, site];
  }

  async function pass(stopping: AbortSignal): Promise<void> {
    let again: boolean;
    do {
      again = false;
      const batch = await claimDueMessages(policy);
      for (const [index, message] of batch.entries()) {
        if (stopping.aborted) {
          await releaseClaims(batch.slice(index));
          return;
        }
        try {
          const result = await deliver(message, ...(await companyMail()), transport);
          await markSent(message);
          log({
            level: "info",
            msg: result === "sent" ? "e-mail enviado" : "e-mail descartado: pedido removido",
            outboxId: message.id,
            leadId: message.leadId,
            attempt: message.attempts + 1,
          });
        } catch (error) {
          const next = await markFailed(message, error, policy);
          log({
            level: "warn",
            msg: "falha ao enviar e-mail; nova tentativa agendada",
            outboxId: message.id,
            leadId: message.leadId,
            attempt: message.attempts + 1,
            nextAttemptAt: next.toISOString(),
            error: describeError(error),
          });
        }
      }
      if (batch.length === policy.batchSize) again = true;
    } while (again && !stopping.aborted);
  }

  return defineJob({
    name: OUTBOX_JOB,
    scope: "every-instance",
    // How often to look for due messages (retries, and rows other instances wrote).
    everyMs: options.pollIntervalMs ?? 10_000,
    runAtStart: true,
    run: async ({ signal }) => {
      try {
        await pass(signal);
      } catch (error) {
        log({ level: "error", msg: "falha ao processar a fila de e-mails", error: describeError(error) });
        throw error;
      }
    },
    dispose: () => transport.close(),
  });
}

/** The worker alone, on a job service of its own (the site runs its job with the others). */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const service = startJobs([outboxWorkerJob(options)]);
  return { wake: () => service.wake(OUTBOX_JOB), stop: service.stop };
}
