import { z } from "zod";
import type { SiteConfig } from "~/config/site";

export interface MailAddress {
  name: string;
  address: string;
}

export type MailConfig =
  | { enabled: false; from: MailAddress; to: string[] }
  | {
      enabled: true;
      /** smtp://user:pass@host:port or smtps://…; never log it (it may hold a password). */
      smtpUrl: string;
      /** host:port, safe for logs. */
      server: string;
      from: MailAddress;
      to: string[];
      /** How long an instance's claim on a message holds before another may send it. */
      leaseMs: number;
    };

const emailAddress = z.email();

function parseSmtpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname ? url : null;
  } catch {
    return null;
  }
}

/** `"Name" <address>`, `Name <address>` or a bare address. */
export function parseMailbox(value: string): MailAddress | null {
  const match = value.match(/^\s*(?:"?([^"<>]*?)"?\s*)?<([^<>\s]+)>\s*$/);
  const name = match ? (match[1] ?? "").trim() : "";
  const address = (match ? match[2] : value.trim()) ?? "";
  return emailAddress.safeParse(address).success ? { name, address } : null;
}

// Messages name the variable and the expected shape, never the value (SMTP_URL may hold a password).
const mailEnvSchema = z.object({
  SMTP_URL: z
    .string()
    .refine(
      (value) => parseSmtpUrl(value) !== null,
      "use smtp://usuario:senha@servidor:587 (STARTTLS) ou smtps://usuario:senha@servidor:465 (TLS)",
    )
    .optional(),
  MAIL_FROM: z
    .string()
    .refine(
      (value) => parseMailbox(value) !== null,
      'use um endereço, como "Site da Empresa" <no-reply@empresa.com.br>',
    )
    .optional(),
  LEADS_TO: z
    .string()
    .refine(
      (value) =>
        value
          .split(",")
          .map((part) => part.trim())
          .every((part) => emailAddress.safeParse(part).success),
      "use um ou mais e-mails separados por vírgula, como contato@empresa.com.br",
    )
    .optional(),
  OUTBOX_LEASE_SECONDS: z.coerce
    .number({ error: "use segundos, de 10 a 3600, como 120" })
    .int("use segundos inteiros, de 10 a 3600, como 120")
    .min(10, "use segundos, de 10 a 3600, como 120")
    .max(3600, "use segundos, de 10 a 3600, como 120")
    .optional(),
});

/** How long a claim on a message holds unless OUTBOX_LEASE_SECONDS says otherwise. */
const DEFAULT_LEASE_SECONDS = 120;

/**
 * E-mail settings from the environment. Without SMTP_URL e-mail is off: requests are still
 * stored (and shown in the admin) and their messages wait in the outbox until it is set.
 * A malformed value throws a message that names the variable.
 */
export function mailConfigFromEnv(env: Record<string, string | undefined>, site: SiteConfig): MailConfig {
  const defined = (key: string) => env[key]?.trim() || undefined;
  const parsed = mailEnvSchema.safeParse({
    SMTP_URL: defined("SMTP_URL"),
    MAIL_FROM: defined("MAIL_FROM"),
    LEADS_TO: defined("LEADS_TO"),
    OUTBOX_LEASE_SECONDS: defined("OUTBOX_LEASE_SECONDS"),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Configuração inválida de e-mail:\n  ${problems.join("\n  ")}`);
  }
  const { SMTP_URL, MAIL_FROM, LEADS_TO, OUTBOX_LEASE_SECONDS } = parsed.data;
  const from = (MAIL_FROM && parseMailbox(MAIL_FROM)) || {
    name: site.name,
    address: `no-reply@${new URL(site.publicUrl).hostname}`,
  };
  const to = LEADS_TO ? LEADS_TO.split(",").map((part) => part.trim()) : [site.email];
  const url = SMTP_URL ? parseSmtpUrl(SMTP_URL) : null;
  if (!SMTP_URL || !url) return { enabled: false, from, to };
  const port = url.port || (url.protocol === "smtps:" ? "465" : "587");
  return {
    enabled: true,
    smtpUrl: SMTP_URL,
    server: `${url.hostname}:${port}`,
    from,
    to,
    leaseMs: (OUTBOX_LEASE_SECONDS ?? DEFAULT_LEASE_SECONDS) * 1000,
  };
}

/** The start-up line about e-mail. */
export function describeMail(config: MailConfig): string {
  if (!config.enabled) {
    return "E-mail desativado: defina SMTP_URL (ex.: smtp://usuario:senha@servidor:587) para receber os pedidos de orçamento por e-mail; os pedidos continuam salvos e aparecem no painel.";
  }
  return `E-mail: envio via SMTP para ${config.to.join(", ")} (servidor ${config.server}).`;
}
