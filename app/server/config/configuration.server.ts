import path from "node:path";
import { internationalPhoneDigits } from "../../lib/phone-digits.ts";
import type { MailAddress } from "../platform/mailbox.server.ts";
import type { TrustProxySetting } from "../platform/proxy-entry.server.ts";
import {
  configurationSchema,
  crossProblems,
  type ParsedVariables,
  type VariableName,
  variableDocs,
} from "./configuration-schema.server.ts";

// Every environment variable the site reads, parsed once at start with the one schema
// (configuration-schema.server.ts) into a frozen value that the rest of the code reads
// (docs/decisions/0057-one-configuration-module.md). The maintenance scripts load this file with
// Node's type stripping, without a build: relative .ts imports and erasable TypeScript only.

/** What the environment looks like to the parser: process.env, a test's map, a child's env. */
export type EnvironmentVariables = Readonly<Record<string, string | undefined>>;

/** The site's facts as the environment sets them (the owner's settings win over them). */
export interface SiteOverrides {
  readonly publicUrl: string;
  readonly name?: string;
  readonly phoneDigits?: string;
  readonly phoneDisplay?: string;
  readonly whatsappDigits?: string;
  readonly whatsappMessage?: string;
  readonly email?: string;
  readonly heroVideoUrl?: string;
}

export type DatabaseConfig =
  | { readonly engine: "sqlite"; readonly path: string }
  | { readonly engine: "postgres"; readonly url: string; readonly schema: string | undefined };

export interface Configuration {
  readonly nodeEnv: "production" | "development" | "test";
  readonly listen: { readonly port: number; readonly host: string };
  readonly site: SiteOverrides;
  /** Absolute: the SQLite database, its backups and the site-secret file live here. */
  readonly dataDir: string;
  readonly database: DatabaseConfig;
  /** SITE_SECRET; without it the site keeps its secret in a file in dataDir. */
  readonly siteSecret: string | undefined;
  /** Both ADMIN_EMAIL and ADMIN_PASSWORD, or neither. */
  readonly firstAdmin: { readonly email: string; readonly password: string } | undefined;
  readonly mail: {
    readonly smtpUrl: string | undefined;
    readonly from: Readonly<MailAddress> | undefined;
    readonly to: readonly string[] | undefined;
    readonly leaseSeconds: number;
    /** SMTP_LOCAL_RELAY_WITHOUT_TLS: smtp:// may go unencrypted (otherwise it requires STARTTLS). */
    readonly localRelayWithoutTls: boolean;
  };
  readonly quote: {
    /** Accepted requests per client address (per /64 for IPv6) per hour. */
    readonly rateLimitPerHour: number;
    /** Accepted requests per hour from everyone together: a flood cannot fill the inbox. */
    readonly globalLimitPerHour: number;
    /** Minimum seconds between rendering the form and receiving it. */
    readonly minFillSeconds: number;
  };
  readonly renderCache: { readonly enabled: boolean; readonly maxBytes: number };
  readonly trustProxy: TrustProxySetting;
  readonly runware: { readonly apiKey: string | undefined; readonly apiUrl: string; readonly model: string };
  readonly metricsToken: string | undefined;
  readonly shutdownDrainMs: number;
}

/** Without PUBLIC_URL: this machine on the port the server listens on (any free port: 3000). */
function localPublicUrl(port: number): string {
  return `http://localhost:${port || 3000}`;
}

function shape(e: ParsedVariables): Configuration {
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    listen: { port: e.PORT, host: e.HOST },
    site: {
      publicUrl: e.PUBLIC_URL ?? localPublicUrl(e.PORT),
      name: e.SITE_NAME,
      phoneDigits: e.SITE_PHONE_DIGITS ?? internationalPhoneDigits(e.SITE_PHONE_DISPLAY ?? "") ?? undefined,
      phoneDisplay: e.SITE_PHONE_DISPLAY,
      whatsappDigits: e.SITE_WHATSAPP_DIGITS,
      whatsappMessage: e.SITE_WHATSAPP_MESSAGE,
      email: e.SITE_EMAIL,
      heroVideoUrl: e.HERO_VIDEO_URL,
    },
    dataDir,
    database: e.DATABASE_URL
      ? { engine: "postgres", url: e.DATABASE_URL, schema: e.DATABASE_SCHEMA }
      : { engine: "sqlite", path: path.join(dataDir, "site.db") },
    siteSecret: e.SITE_SECRET,
    firstAdmin:
      e.ADMIN_EMAIL !== undefined && e.ADMIN_PASSWORD !== undefined
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      to: e.LEADS_TO,
      leaseSeconds: e.OUTBOX_LEASE_SECONDS,
      localRelayWithoutTls: e.SMTP_LOCAL_RELAY_WITHOUT_TLS,
    },
    quote: {
      rateLimitPerHour: e.QUOTE_RATE_LIMIT_PER_HOUR,
      globalLimitPerHour: e.QUOTE_GLOBAL_LIMIT_PER_HOUR,
      minFillSeconds: e.QUOTE_MIN_FILL_SECONDS,
    },
    renderCache: {
      enabled: e.RENDER_CACHE === "on",
      maxBytes: e.RENDER_CACHE_MB * 1024 * 1024,
    },
    trustProxy: e.TRUST_PROXY ?? { mode: "nobody" },
    runware: {
      apiKey: e.RUNWARE_API_KEY,
      apiUrl: e.RUNWARE_API_URL,
      model: e.RUNWARE_MODEL,
    },
    metricsToken: e.METRICS_TOKEN,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS,
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Every problem of an environment, in pt-BR, each line naming its variable. */
export class ConfigurationError extends Error {
  readonly problems: readonly string[];

  constructor(problems: string[]) {
    super(
      `Configuração inválida (no ambiente ou no arquivo .env); corrija e inicie de novo:\n${problems
        .map((problem) => `- ${problem}`)
        .join("\n")}`,
    );
    this.name = "ConfigurationError";
    this.problems = problems;
  }
}

/** "PORT: deve ser … (recebido "abc")." — never the value of a secret. */
function problemLine(name: string, problem: string, env: EnvironmentVariables, quotesValue = false): string {
  const doc = variableDocs.get(configurationSchema.shape[name as VariableName]);
  const received = env[name]?.trim();
  const echo =
    received && !doc?.secret && !quotesValue && received.length <= 200 ? ` (recebido "${received}")` : "";
  return `${name}: ${problem}${echo}.`;
}

export type ConfigurationResult =
  | { ok: true; configuration: Configuration }
  | { ok: false; problems: string[] };

/** Parse any environment, without touching process.env: every problem at once, or the frozen value. */
export function parseConfiguration(env: EnvironmentVariables): ConfigurationResult {
  const names = Object.keys(configurationSchema.shape) as VariableName[];
  const parsed = configurationSchema.safeParse(Object.fromEntries(names.map((name) => [name, env[name]])));
  const problems: Array<[string, string, boolean]> = parsed.success
    ? []
    : parsed.error.issues.map((issue) => [
        String(issue.path[0]),
        issue.message,
        issue.code === "custom" && issue.params?.quotesValue === true,
      ]);
  const given = (name: VariableName) => env[name]?.trim() || undefined;
  for (const [name, problem] of crossProblems(given)) {
    if (!problems.some(([other]) => other === name)) problems.push([name, problem, false]);
  }
  if (!parsed.success || problems.length) {
    const order = (name: string) => names.indexOf(name as VariableName);
    problems.sort(([a], [b]) => order(a) - order(b));
    return {
      ok: false,
      problems: problems.map(([name, problem, quotesValue]) => problemLine(name, problem, env, quotesValue)),
    };
  }
  return { ok: true, configuration: deepFreeze(shape(parsed.data)) };
}

/** parseConfiguration that throws a ConfigurationError listing every problem. */
export function configurationFrom(env: EnvironmentVariables): Configuration {
  const result = parseConfiguration(env);
  if (!result.ok) throw new ConfigurationError(result.problems);
  return result.configuration;
}

let current: Configuration | undefined;

/**
 * Read the process's environment once, at start (the server's entry, the maintenance scripts),
 * after `.env` was loaded (scripts/env-file.js). Throws a ConfigurationError.
 */
export function loadConfiguration(): Configuration {
  current = configurationFrom(process.env);
  return current;
}

/**
 * The running site's configuration. The start loads it first; code that runs without a start
 * (a test importing a module) gets the process's environment, parsed at its first use.
 */
export function configuration(): Configuration {
  current ??= configurationFrom(process.env);
  return current;
}

/** Run with another configuration from now on (tests that change a setting mid-file). */
export function replaceConfiguration(next: Configuration): void {
  current = next;
}

/**
 * The environment of a child process (pg_dump): this process's own, plus `extra`. The only
 * other place that hands the raw environment on.
 */
export function childEnvironment(extra: Record<string, string>): Record<string, string | undefined> {
  return { ...process.env, ...extra };
}
