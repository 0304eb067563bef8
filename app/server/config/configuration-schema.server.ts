import { isIP } from "node:net";
import { z } from "zod";
import { internationalPhoneDigits } from "../../lib/phone-digits.ts";
import { isEmailAddress, type MailAddress, parseMailbox } from "../platform/mailbox.server.ts";
import { type ProxyEntry, proxyEntry, type TrustProxySetting } from "../platform/proxy-entry.server.ts";
import { emailSchema, passwordSchema } from "./admin-credentials.server.ts";
import { isAcceptableApiUrl } from "./runware-url.server.ts";

// The schema of the configuration: every environment variable the site reads, each with its
// pt-BR rule, its default value and its documentation side by side. configuration.server.ts
// parses an environment with it; configuration-docs.server.ts writes .env.example and the table
// of docs/configuration.md from it. Loaded by the maintenance scripts without a build: relative
// .ts imports and erasable TypeScript only.

/** The sections of .env.example, in order. */
export const VARIABLE_GROUPS = [
  "Server",
  "Database",
  "First administrator",
  "E-mail",
  "Company facts",
  "Quote form",
  "Render cache",
  "AI images",
] as const;

export interface VariableDoc {
  group: (typeof VARIABLE_GROUPS)[number];
  /** Markdown, English: the table's meaning, and the comment above the line in .env.example. */
  description: string;
  /** Markdown: what applies when the variable is unset or empty. */
  default: string;
  /** A value the start accepts, shown commented out in .env.example. */
  example: string;
  /** The value may hold a password or a key: a message never repeats it. */
  secret?: boolean;
}

/** The documentation of each variable of the schema (read by configuration-docs.server.ts). */
export const variableDocs = z.registry<VariableDoc>();

/**
 * Adds a pt-BR problem (without the variable's name, which the report prefixes, nor the value,
 * which it appends unless the variable is secret or the problem already quotes it).
 */
type Reject = (problem: string, options?: { quotesValue?: boolean }) => never;

/**
 * A variable's rule: unset and empty (or blank) mean "the default", so a `NAME=` line in .env
 * is harmless; otherwise `read` turns the text into its value or rejects it with a problem.
 */
function rule<T>(read: (text: string, reject: Reject) => T, trim: boolean) {
  return z
    .string({ error: "deve ser um texto" })
    .optional()
    .transform((value, ctx): T | undefined => {
      if (value === undefined || value.trim() === "") return undefined;
      const text = trim ? value.trim() : value;
      const rejected = Symbol("rejected");
      try {
        return read(text, (problem, options) => {
          ctx.addIssue({ code: "custom", message: problem, params: { quotesValue: options?.quotesValue } });
          throw rejected;
        });
      } catch (error) {
        if (error === rejected) return z.NEVER;
        throw error;
      }
    });
}

/** A variable without a default value: undefined when unset. */
function variable<T>(doc: VariableDoc, read: (text: string, reject: Reject) => T, { trim = true } = {}) {
  return rule(read, trim).register(variableDocs, doc);
}

/**
 * A variable with a default value, which its documentation shows (as code) unless it says more.
 * `fallback` is the value as `read` gives it, not the text.
 */
function defaulted<T>(
  fallback: T,
  doc: Omit<VariableDoc, "default"> & { default?: string },
  read: (text: string, reject: Reject) => T,
  shown: string = String(fallback),
) {
  return rule(read, true)
    .transform((value): T => value ?? fallback)
    .register(variableDocs, { ...doc, default: doc.default ?? `\`${shown}\`` });
}

const anyText = (text: string) => text;

function integer(min: number, max: number, unit: string, example: number) {
  return (text: string, reject: Reject): number => {
    const value = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
    if (!(value >= min && value <= max)) {
      reject(`deve ser um número inteiro de ${unit}, de ${min} a ${max} (ex.: ${example})`);
    }
    return value;
  };
}

function decimal(min: number, max: number, unit: string, example: string) {
  return (text: string, reject: Reject): number => {
    const value = /^\d{1,9}(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    if (!(value >= min && value <= max))
      reject(`deve ser um número de ${unit}, de ${min} a ${max} (ex.: ${example})`);
    return value;
  };
}

function oneOf<const T extends string>(values: readonly T[]) {
  return (text: string, reject: Reject): T => {
    const value = values.find((candidate) => candidate === text);
    if (value === undefined) reject(`deve ser ${values.map((v) => `"${v}"`).join(" ou ")}`);
    return value as T;
  };
}

function httpUrl(text: string, reject: Reject): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {}
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname) {
    reject("deve ser o endereço público do site, com https:// (ex.: https://www.empresa.com.br)");
  }
  return text.replace(/\/+$/, "");
}

/** postgres://… that the driver can parse, with a host (or a socket directory in ?host=). */
function isPostgresUrl(value: string): boolean {
  if (!/^postgres(ql)?:\/\//.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== "" || url.searchParams.has("host");
  } catch {
    return false;
  }
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * nodemailer lets the URL's query override the transport's options, so `?requireTLS=false` or
 * `?ignoreTLS=true` would quietly send the password in clear: TLS is the scheme's and
 * SMTP_LOCAL_RELAY_WITHOUT_TLS's to decide, not the URL's.
 */
const SMTP_TLS_PARAMETERS = ["requireTLS", "ignoreTLS", "opportunisticTLS", "secure"];

function smtpTlsParameter(value: string): string | undefined {
  const names = [...new URL(value).searchParams.keys()];
  return SMTP_TLS_PARAMETERS.find((name) =>
    names.some((given) => given.toLowerCase() === name.toLowerCase()),
  );
}

/** A yes/no variable: true, 1, yes, on / false, 0, no, off. */
function flag(text: string, reject: Reject): boolean {
  if (/^(1|true|yes|on)$/i.test(text)) return true;
  if (/^(0|false|no|off)$/i.test(text)) return false;
  return reject('deve ser "true" ou "false"');
}

function isHost(text: string): boolean {
  return isIP(text) !== 0 || /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(text);
}

const phoneDigits = (text: string, reject: Reject) => {
  if (!/^\d{10,15}$/.test(text)) reject("deve ter apenas dígitos, com DDI e DDD (ex.: 5541998765432)");
  return text;
};

const email = (text: string, reject: Reject) => {
  if (!isEmailAddress(text)) reject("deve ser um e-mail, como contato@empresa.com.br");
  return text;
};

const TRUST_PROXY_EXAMPLE = "127.0.0.1,10.0.0.0/8,::1";

function trustProxy(text: string, reject: Reject): TrustProxySetting {
  if (/^(0|false|no|off)$/i.test(text)) return { mode: "nobody" };
  if (/^(1|true|yes|on)$/i.test(text)) return { mode: "any-peer" };
  const entries: ProxyEntry[] = [];
  for (const raw of text.split(",")) {
    const entry = proxyEntry(raw.trim());
    if (!entry) {
      reject(
        `“${raw.trim()}” não é um endereço IP nem uma faixa CIDR. Use os endereços ou faixas dos proxies, separados por vírgula (ex.: TRUST_PROXY=${TRUST_PROXY_EXAMPLE}), ou TRUST_PROXY=1 para confiar em qualquer conexão (só quando o proxy é a única entrada do servidor)`,
        { quotesValue: true },
      );
    }
    entries.push(entry as ProxyEntry);
  }
  return { mode: "list", entries };
}

const SITE_SECRET_MIN = 32;

/** The schema: every variable the site reads, with its rule and its documentation. */
export const configurationSchema = z.object({
  // --- Server
  PORT: defaulted(3000, { group: "Server", description: "HTTP port", example: "3000" }, (text, reject) => {
    const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
    if (!(port >= 0 && port <= 65_535)) reject("deve ser um número de porta, de 1 a 65535 (ex.: 3000)");
    return port;
  }),
  HOST: defaulted(
    "127.0.0.1",
    {
      group: "Server",
      description:
        "address to listen on (`0.0.0.0` to accept connections from other machines, e.g. in a container; `127.0.0.1` behind a proxy on the same machine)",
      example: "127.0.0.1",
    },
    (text, reject) => {
      if (!isHost(text)) {
        reject(
          "deve ser um endereço IP (127.0.0.1, ou 0.0.0.0 para aceitar conexões de outras máquinas) ou um nome",
        );
      }
      return text;
    },
  ),
  PUBLIC_URL: variable(
    {
      group: "Server",
      description:
        "the site's public origin, used for canonical URLs, Open Graph and JSON-LD; when it is https, cookies are Secure and HSTS is sent (see [security.md](security.md))",
      default: "`http://localhost:` and `PORT`",
      example: "https://www.empresa.com.br",
    },
    httpUrl,
  ),
  TRUST_PROXY: variable(
    {
      group: "Server",
      description:
        "the reverse proxies in front of the server, comma-separated addresses or CIDR ranges, IPv4 or IPv6 (e.g. `127.0.0.1,10.0.0.0/8,::1`; behind Caddy or nginx on this machine: `127.0.0.1,::1`): `X-Forwarded-For` and `X-Forwarded-Proto` are believed only from them. `1` trusts any peer: only when that proxy is the only way in. Anything else stops the server at start",
      default: "none (trust nobody)",
      example: "127.0.0.1,::1",
    },
    trustProxy,
  ),
  METRICS_TOKEN: variable(
    {
      group: "Server",
      description:
        "a secret of 24+ characters (e.g. `openssl rand -hex 24`): `/metrics` also answers a client that sends it as `Authorization: Bearer …` (without it, only clients on this machine that did not come through a proxy)",
      default: "none",
      example: "troque-por-um-segredo-aleatorio-de-48-caracteres",
      secret: true,
    },
    (text, reject) => {
      if (text.length < 24)
        reject("deve ser um segredo de pelo menos 24 caracteres (ex.: saída de openssl rand -hex 24)");
      if (text.length > 512) reject("deve ter no máximo 512 caracteres");
      return text;
    },
  ),
  SHUTDOWN_DRAIN_SECONDS: defaulted(
    0,
    {
      group: "Server",
      description:
        "after SIGTERM, keep serving this long while `/healthz` and `/readyz` answer 503, so a proxy's health check (every 2 s in `deploy/Caddyfile`) moves the requests to the other instances first; then stop accepting, finish what is in flight and exit",
      default: "`0` (`4` in the systemd unit)",
      example: "4",
    },
    (text, reject) => {
      if (!/^\d{1,2}(\.\d+)?$/.test(text) || Number(text) > 60) {
        reject(
          "deve ser um número de segundos, de 0 a 60 (ex.: 4, um pouco mais que o intervalo do health check do proxy)",
        );
      }
      return Math.round(Number(text) * 1000);
    },
  ),
  NODE_ENV: defaulted(
    "production",
    {
      group: "Server",
      description:
        "`production` under `npm start`, `development` under `npm run dev` (set by the start commands), `test` under the tests",
      default: "`production` under `npm start`",
      example: "production",
    },
    oneOf(["production", "development", "test"]),
  ),
  ENV_FILE: variable(
    {
      group: "Server",
      description:
        "the configuration file `npm start` and the scripts read (from the real environment only; empty: read none). The real environment wins over the file",
      default: "`.env`",
      example: ".env",
    },
    anyText,
  ),
  // --- Database
  DATA_DIR: defaulted(
    "data",
    {
      group: "Database",
      description:
        "where the SQLite database (`site.db`, created 0600 in a 0700 folder), its backups and the file `site-secret` live",
      example: "data",
    },
    anyText,
  ),
  DATABASE_URL: variable(
    {
      group: "Database",
      description:
        "`postgres://user:password@host:5432/db`: use PostgreSQL instead of SQLite (several instances share it). To another machine, add `?sslmode=verify-full` (or `require`): without `sslmode` the connection is unencrypted, and the start and Site health warn (this machine and Unix sockets need none)",
      default: "none (SQLite)",
      example: "postgres://site:senha@127.0.0.1:5432/site",
      secret: true,
    },
    (text, reject) => {
      if (!isPostgresUrl(text)) reject("deve ser uma URL postgres://usuario:senha@host:5432/banco");
      return text;
    },
  ),
  DATABASE_SCHEMA: variable(
    {
      group: "Database",
      description:
        "with PostgreSQL, the schema for this site's tables (created if missing; several sites, one database)",
      default: "none (`public`)",
      example: "site",
    },
    (text, reject) => {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(text))
        reject("deve ter letras minúsculas, dígitos e _ (ex.: site_cliente)");
      return text;
    },
  ),
  SITE_SECRET: variable(
    {
      group: "Database",
      description:
        "the site's own key (32+ characters, e.g. `openssl rand -hex 32`): encrypts TOTP secrets, keys the recovery codes' and the LGPD erasure log's hashes. Never in the database nor its backups; keep a copy apart from them (a restore on another machine needs it). Several machines on one PostgreSQL: set the same value on all",
      default: "the file `$DATA_DIR/site-secret` (created 0600 on first need)",
      example: "troque-por-um-segredo-aleatorio-de-64-caracteres-hexadecimais-0000",
      secret: true,
    },
    (text, reject) => {
      if (text.length < SITE_SECRET_MIN) {
        reject(
          `deve ser um segredo aleatório de ${SITE_SECRET_MIN} caracteres ou mais (ex.: openssl rand -hex 32), ou vazio para o site criar um em DATA_DIR`,
        );
      }
      return text;
    },
  ),
  // --- First administrator
  ADMIN_EMAIL: variable(
    {
      group: "First administrator",
      description:
        "at a start with no users yet, create this administrator, with `ADMIN_PASSWORD` (or run `npm run admin:create`)",
      default: "none",
      example: "voce@empresa.com.br",
    },
    (text, reject) => {
      const parsed = emailSchema.safeParse(text);
      if (!parsed.success) reject("deve ser um e-mail, como voce@empresa.com.br");
      return parsed.data as string;
    },
  ),
  ADMIN_PASSWORD: variable(
    {
      group: "First administrator",
      description:
        "the first administrator's password, with `ADMIN_EMAIL`; remove it from the `.env` file once you have signed in",
      default: "none",
      example: "uma-frase-longa-que-so-voce-sabe",
      secret: true,
    },
    (text, reject) => {
      const parsed = passwordSchema.safeParse(text);
      if (!parsed.success) reject((parsed.error.issues[0]?.message ?? "senha inválida").replace(/\.$/, ""));
      return text;
    },
    { trim: false },
  ),
  // --- E-mail
  SMTP_URL: variable(
    {
      group: "E-mail",
      description:
        "`smtp://user:password@host:587` (STARTTLS, required: see `SMTP_LOCAL_RELAY_WITHOUT_TLS`) or `smtps://…:465`; parameters that choose TLS (`requireTLS`, `ignoreTLS`, `secure`…) are refused. Without it quote requests are still kept and shown in the admin, and their e-mails wait in the outbox (see [operations.md](operations.md))",
      default: "none (e-mail off)",
      example: "smtp://usuario:senha@smtp.empresa.com.br:587",
      secret: true,
    },
    (text, reject) => {
      if (!isSmtpUrl(text)) {
        reject(
          "deve ser smtp://usuario:senha@servidor:587 (STARTTLS) ou smtps://usuario:senha@servidor:465 (TLS)",
        );
      }
      const parameter = smtpTlsParameter(text);
      if (parameter) {
        reject(
          `não pode ter o parâmetro ${parameter}: o envio sempre exige TLS (STARTTLS em smtp://, TLS direto em smtps://); para um relay local sem TLS, defina SMTP_LOCAL_RELAY_WITHOUT_TLS=true`,
        );
      }
      return text;
    },
  ),
  SMTP_LOCAL_RELAY_WITHOUT_TLS: defaulted(
    false,
    {
      group: "E-mail",
      description:
        "`true` only when `SMTP_URL` is an `smtp://` relay on this machine (or its private network) that offers no STARTTLS: e-mail then goes to it unencrypted. Otherwise `smtp://` requires STARTTLS, and a server that does not offer it gets nothing (the message waits in the outbox and Site health says why), so the SMTP password and the quote requests never cross the network in clear",
      example: "false",
    },
    flag,
  ),
  MAIL_FROM: variable(
    {
      group: "E-mail",
      description: 'sender of the e-mails, e.g. `"Site da Empresa" <no-reply@empresa.com.br>`',
      default: "the site's name, `no-reply@` the public host",
      // In single quotes: a .env value that starts with " ends at the next " (the rest is lost).
      example: `'"Site da Empresa" <no-reply@empresa.com.br>'`,
    },
    (text, reject): MailAddress => {
      const mailbox = parseMailbox(text);
      if (!mailbox) reject('deve ser um endereço, como "Site da Empresa" <no-reply@empresa.com.br>');
      return mailbox as MailAddress;
    },
  ),
  LEADS_TO: variable(
    {
      group: "E-mail",
      description: "who receives the quote e-mails, comma-separated (a default: the admin's settings win)",
      default: "`SITE_EMAIL`",
      example: "contato@empresa.com.br",
    },
    (text, reject) => {
      const addresses = text.split(",").map((part) => part.trim());
      if (!addresses.every(isEmailAddress)) {
        reject("deve ser um ou mais e-mails separados por vírgula, como contato@empresa.com.br");
      }
      return addresses;
    },
  ),
  OUTBOX_LEASE_SECONDS: defaulted(
    120,
    {
      group: "E-mail",
      description:
        "seconds an instance's claim on an e-mail holds before another may send it (10–3600); a message cut off mid-send goes again after it",
      example: "120",
    },
    integer(10, 3600, "segundos", 120),
  ),
  // --- Company facts
  SITE_NAME: variable(
    {
      group: "Company facts",
      description: "company name shown everywhere (a default: `/admin/configuracoes` overrides it)",
      default: "`Alvorada Engenharia Predial`",
      example: "Alvorada Engenharia Predial",
    },
    anyText,
  ),
  SITE_PHONE_DISPLAY: variable(
    {
      group: "Company facts",
      description:
        "phone as shown to visitors; the call links use its digits, +55 unless it starts with another +code (a default, overridden by the admin)",
      default: "`(41) 99876-5432`",
      example: "(41) 99876-5432",
    },
    anyText,
  ),
  SITE_PHONE_DIGITS: variable(
    {
      group: "Company facts",
      description:
        "the phone's digits with country and area code, only when `SITE_PHONE_DISPLAY` cannot give them (0800)",
      default: "the digits of `SITE_PHONE_DISPLAY`",
      example: "5541998765432",
    },
    phoneDigits,
  ),
  SITE_WHATSAPP_DIGITS: variable(
    {
      group: "Company facts",
      description: "WhatsApp number for the chat links (a default, overridden by the admin)",
      default: "the phone",
      example: "5541998765432",
    },
    phoneDigits,
  ),
  SITE_WHATSAPP_MESSAGE: variable(
    {
      group: "Company facts",
      description: "pre-filled chat message (a default, overridden by the admin)",
      default: "`Olá! Gostaria de solicitar um orçamento.`",
      example: "Olá! Gostaria de solicitar um orçamento.",
    },
    anyText,
  ),
  SITE_EMAIL: variable(
    {
      group: "Company facts",
      description: "contact e-mail, and the privacy contact's (a default, overridden by the admin)",
      default: "`contato@alvoradaengenharia.com.br`",
      example: "contato@alvoradaengenharia.com.br",
    },
    email,
  ),
  HERO_VIDEO_URL: variable(
    {
      group: "Company facts",
      description:
        "a same-origin video for the home hero (muted, looping); the poster illustration shows without it",
      default: "none",
      example: "/media/hero.mp4",
    },
    anyText,
  ),
  // --- Quote form
  QUOTE_RATE_LIMIT_PER_HOUR: defaulted(
    5,
    {
      group: "Quote form",
      description: "quote requests stored per client address per hour (IPv6: per /64)",
      example: "5",
    },
    integer(1, 1_000_000, "pedidos", 5),
  ),
  QUOTE_GLOBAL_LIMIT_PER_HOUR: defaulted(
    200,
    {
      group: "Quote form",
      description:
        "quote requests stored per hour from everyone together; over it visitors are asked to call or use WhatsApp",
      example: "200",
    },
    integer(1, 1_000_000, "pedidos", 200),
  ),
  QUOTE_MIN_FILL_SECONDS: defaulted(
    3,
    {
      group: "Quote form",
      description: "minimum seconds between showing the quote form and receiving it (spam defence)",
      example: "3",
    },
    decimal(0, 60, "segundos", "3"),
  ),
  // --- Render cache
  RENDER_CACHE: defaulted(
    "on",
    {
      group: "Render cache",
      description:
        "`on` keeps rendered public pages until their content changes; `off` renders every public page on every request (development, debugging, benchmarks)",
      default: "`on` (`off` under `npm run dev`)",
      example: "on",
    },
    oneOf(["on", "off"]),
  ),
  RENDER_CACHE_MB: defaulted(
    32,
    {
      group: "Render cache",
      description: "memory for rendered public pages and their compressed forms, in megabytes (1–4096)",
      example: "32",
    },
    integer(1, 4096, "megabytes", 32),
  ),
  // --- AI images
  RUNWARE_API_KEY: variable(
    {
      group: "AI images",
      description:
        'Runware API key; turns on "Gerar com IA" in the admin (without it the button says why not)',
      default: "none",
      example: "sua-chave-da-runware",
      secret: true,
    },
    anyText,
  ),
  RUNWARE_API_URL: defaulted(
    "https://api.runware.ai/v1",
    {
      group: "AI images",
      description:
        "Runware's API; `https://` only, plain `http://` only to `127.0.0.0/8`, `::1` or `localhost`",
      example: "https://api.runware.ai/v1",
      // A URL may carry a user and a password.
      secret: true,
    },
    (text, reject) => {
      if (!isAcceptableApiUrl(text)) {
        reject(
          "deve ser uma URL https:// (como https://api.runware.ai/v1), sem usuário nem senha; http:// só é aceito para 127.0.0.1, ::1 ou localhost",
        );
      }
      return text;
    },
  ),
  RUNWARE_MODEL: defaulted(
    "runware:101@1",
    {
      group: "AI images",
      description: "the Runware model (AIR identifier) that draws the images",
      example: "runware:101@1",
    },
    anyText,
  ),
});

/** The variables as the schema gives them, before they are shaped for their readers. */
export type ParsedVariables = z.output<typeof configurationSchema>;
export type VariableName = keyof ParsedVariables;

/** Rules between variables, on the given texts: reported with the others, all at once. */
export function crossProblems(
  given: (name: VariableName) => string | undefined,
): Array<[VariableName, string]> {
  const problems: Array<[VariableName, string]> = [];
  if ((given("ADMIN_EMAIL") === undefined) !== (given("ADMIN_PASSWORD") === undefined)) {
    problems.push([
      given("ADMIN_EMAIL") === undefined ? "ADMIN_EMAIL" : "ADMIN_PASSWORD",
      "falta; defina ADMIN_EMAIL e ADMIN_PASSWORD juntos para criar o primeiro administrador, ou nenhum dos dois",
    ]);
  }
  // The phone is given once, as visitors read it; its digits are derived (+55 unless another
  // +code is typed). SITE_PHONE_DIGITS still wins when set, for a number no rule can read.
  const display = given("SITE_PHONE_DISPLAY");
  if (display && !given("SITE_PHONE_DIGITS") && !internationalPhoneDigits(display)) {
    problems.push([
      "SITE_PHONE_DISPLAY",
      "deve ser o telefone com DDD, como (41) 99876-5432, ou defina também SITE_PHONE_DIGITS",
    ]);
  }
  return problems;
}
