import { defaultSite } from "~/lib/company-settings";
import { type MailConfig, mailConfigFromEnv } from "~/server/email/mail-config.server";
import { LOCAL_RELAY } from "./smtp-sink";

export type EnabledMail = Extract<MailConfig, { enabled: true }>;

/**
 * E-mail on, through the SMTP server at `url` (a test's sink, a plain server declared a local
 * relay without TLS), with the demo company's facts.
 */
export function mailTo(url: string): EnabledMail {
  const config = mailConfigFromEnv(
    {
      SMTP_URL: url,
      ...LOCAL_RELAY,
      MAIL_FROM: '"Site Alvorada" <site@alvorada.test>',
      LEADS_TO: "orcamentos@alvorada.test",
    },
    defaultSite,
  );
  if (!config.enabled) throw new Error("mail should be enabled");
  return config;
}
