import { isIP } from "node:net";
import { z } from "zod";
import { defaultSite } from "~/config/site";
import { siteFromEnv } from "~/config/site-env.server";
import { adminCredentialsSchema } from "../accounts/users.server";
import { checkRunwareEnv } from "../ai/runware.server";
import { databaseConfigFromEnv } from "../db/config.server";
import { mailConfigFromEnv } from "../email/mail-config.server";
import { trustedProxiesFromEnv } from "../http/client-address.server";
import { metricsTokenSchema } from "../http/metrics-endpoint.server";
import { shutdownDrainSchema } from "../http/readiness.server";
import { quoteSettingsFromEnv } from "../leads/quote-config.server";
import { renderCacheSettingsFromEnv } from "../render-cache/render-cache.server";
import { siteSecretProblems } from "../settings/site-secret.server";

// Every setting the server reads from the environment is checked before anything opens, and all
// problems are reported together: a maintainer fixes the whole `.env` in one go, and a malformed
// value never surfaces later as a 500. Each group's own reader names its variables.

type Env = Record<string, string | undefined>;

const listenSchema = z.object({
  PORT: z
    .string()
    .trim()
    .refine(
      (port) => /^\d{1,5}$/.test(port) && Number(port) <= 65_535,
      "PORT: use o número de uma porta, de 1 a 65535 (ex.: 3000)",
    )
    .optional(),
  HOST: z
    .string()
    .trim()
    .refine(
      (host) =>
        isIP(host) !== 0 || /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(host),
      "HOST: use um endereço IP (127.0.0.1, ou 0.0.0.0 para aceitar conexões de outras máquinas) ou um nome",
    )
    .optional(),
});

function listenProblems(env: Env): string[] {
  const parsed = listenSchema.safeParse({ PORT: env.PORT || undefined, HOST: env.HOST || undefined });
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

function firstAdminProblems(env: Env): string[] {
  const email = env.ADMIN_EMAIL?.trim();
  const password = env.ADMIN_PASSWORD;
  if (!email && !password) return [];
  if (!email || !password) {
    return ["ADMIN_EMAIL e ADMIN_PASSWORD: defina os dois para criar o primeiro administrador, ou nenhum."];
  }
  const parsed = adminCredentialsSchema.safeParse({ email, password });
  if (parsed.success) return [];
  return parsed.error.issues.map(
    (issue) => `${issue.path[0] === "email" ? "ADMIN_EMAIL" : "ADMIN_PASSWORD"}: ${issue.message}`,
  );
}

function metricsTokenProblems(env: Env): string[] {
  const parsed = metricsTokenSchema.safeParse(env.METRICS_TOKEN || undefined);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

function shutdownDrainProblems(env: Env): string[] {
  const parsed = shutdownDrainSchema.safeParse(env.SHUTDOWN_DRAIN_SECONDS || undefined);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

/** Run one reader for its complaint; the readers throw a pt-BR message naming the variable. */
function complaint(read: () => unknown): string[] {
  try {
    read();
    return [];
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
}

/** What is wrong with the environment's settings, all of it; empty when the server can start. */
export function environmentProblems(env: Env): string[] {
  let site = defaultSite;
  const siteProblems = complaint(() => {
    site = siteFromEnv(env);
  });
  return [
    ...listenProblems(env),
    ...siteProblems,
    ...complaint(() => databaseConfigFromEnv(env)),
    ...complaint(() => mailConfigFromEnv(env, site)),
    ...complaint(() => quoteSettingsFromEnv(env)),
    ...complaint(() => renderCacheSettingsFromEnv(env)),
    ...complaint(() => trustedProxiesFromEnv(env)),
    ...complaint(() => checkRunwareEnv(env)),
    ...firstAdminProblems(env),
    ...metricsTokenProblems(env),
    ...shutdownDrainProblems(env),
    ...siteSecretProblems(env),
  ];
}

/** Throws one message listing every problem, for the start to print before it exits. */
export function assertEnvironment(env: Env): void {
  const problems = environmentProblems(env);
  if (!problems.length) return;
  throw new Error(
    `Configuração inválida (no ambiente ou no arquivo .env); corrija e inicie de novo:\n- ${problems
      .map((problem) => problem.replaceAll("\n", "\n  "))
      .join("\n- ")}`,
  );
}
