import type { SiteConfig } from "~/lib/company-settings";
import {
  type Configuration,
  configurationFrom,
  type EnvironmentVariables,
} from "../config/configuration.server";
import type { MailAddress } from "../platform/mailbox.server";
import { LOCAL_RELAY_VARIABLE } from "./smtp-without-tls.server";

export type MailConfig =
  | { enabled: false; from: MailAddress; to: string[] }
  | {
      enabled: true;
      /** smtp://user:pass@host:port or smtps://…; never log it (it may hold a password). */
      smtpUrl: string;
      /** host:port, safe for logs. */
      server: string;
      /**
       * smtp:// must upgrade with STARTTLS or send nothing; false only when the configuration
       * declares a local relay without TLS (smtps:// is TLS from the first byte either way).
       */
      requireTls: boolean;
      from: MailAddress;
      to: string[];
      /** How long an instance's claim on a message holds before another may send it. */
      leaseMs: number;
    };

/**
 * E-mail settings of a configuration. Without SMTP_URL e-mail is off: requests are still
 * stored (and shown in the admin) and their messages wait in the outbox until it is set.
 */
export function mailConfig({ mail }: Configuration, site: SiteConfig): MailConfig {
  const from = mail.from
    ? { ...mail.from }
    : { name: site.name, address: `no-reply@${new URL(site.publicUrl).hostname}` };
  const to = mail.to ? [...mail.to] : [site.email];
  if (!mail.smtpUrl) return { enabled: false, from, to };
  // Checked by the configuration: an smtp:// or smtps:// URL with a host.
  const url = new URL(mail.smtpUrl);
  const port = url.port || (url.protocol === "smtps:" ? "465" : "587");
  return {
    enabled: true,
    smtpUrl: mail.smtpUrl,
    server: `${url.hostname}:${port}`,
    requireTls: !mail.localRelayWithoutTls,
    from,
    to,
    leaseMs: mail.leaseSeconds * 1000,
  };
}

/** The e-mail settings an environment map gives (tests); throws the configuration's problems. */
export function mailConfigFromEnv(env: EnvironmentVariables, site: SiteConfig): MailConfig {
  return mailConfig(configurationFrom(env), site);
}

/** The start-up line about e-mail. */
export function describeMail(config: MailConfig): string {
  if (!config.enabled) {
    return "E-mail desativado: defina SMTP_URL (ex.: smtp://usuario:senha@servidor:587) para receber os pedidos de orçamento por e-mail; os pedidos continuam salvos e aparecem no painel.";
  }
  const tls = config.requireTls ? "" : `, sem TLS: ${LOCAL_RELAY_VARIABLE}=true`;
  return `E-mail: envio via SMTP para ${config.to.join(", ")} (servidor ${config.server}${tls}).`;
}
