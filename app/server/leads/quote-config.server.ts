import { z } from "zod";

export interface QuoteSettings {
  /** Accepted requests per client address (per /64 for IPv6) per hour. */
  rateLimitPerHour: number;
  /** Accepted requests per hour from everyone together: a flood cannot fill the inbox. */
  globalLimitPerHour: number;
  /** Minimum seconds between rendering the form and receiving it. */
  minFillSeconds: number;
}

export const defaultQuoteSettings: QuoteSettings = {
  rateLimitPerHour: 5,
  globalLimitPerHour: 200,
  minFillSeconds: 3,
};

const quoteEnvSchema = z.object({
  QUOTE_RATE_LIMIT_PER_HOUR: z.coerce
    .number({ error: "use um número inteiro a partir de 1, como 5" })
    .int("use um número inteiro, como 5")
    .min(1, "use um número inteiro a partir de 1, como 5")
    .max(1_000_000, "use um número inteiro a partir de 1, como 5")
    .optional(),
  QUOTE_GLOBAL_LIMIT_PER_HOUR: z.coerce
    .number({ error: "use um número inteiro a partir de 1, como 200" })
    .int("use um número inteiro, como 200")
    .min(1, "use um número inteiro a partir de 1, como 200")
    .max(1_000_000, "use um número inteiro a partir de 1, como 200")
    .optional(),
  QUOTE_MIN_FILL_SECONDS: z.coerce
    .number({ error: "use segundos, de 0 a 60, como 3" })
    .min(0, "use segundos, de 0 a 60, como 3")
    .max(60, "use segundos, de 0 a 60, como 3")
    .optional(),
});

/**
 * QUOTE_RATE_LIMIT_PER_HOUR, QUOTE_GLOBAL_LIMIT_PER_HOUR and QUOTE_MIN_FILL_SECONDS; a malformed
 * value throws a clear message.
 */
export function quoteSettingsFromEnv(env: Record<string, string | undefined>): QuoteSettings {
  const parsed = quoteEnvSchema.safeParse({
    QUOTE_RATE_LIMIT_PER_HOUR: env.QUOTE_RATE_LIMIT_PER_HOUR?.trim() || undefined,
    QUOTE_GLOBAL_LIMIT_PER_HOUR: env.QUOTE_GLOBAL_LIMIT_PER_HOUR?.trim() || undefined,
    QUOTE_MIN_FILL_SECONDS: env.QUOTE_MIN_FILL_SECONDS?.trim() || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Configuração inválida do formulário de orçamento:\n  ${problems.join("\n  ")}`);
  }
  return {
    rateLimitPerHour: parsed.data.QUOTE_RATE_LIMIT_PER_HOUR ?? defaultQuoteSettings.rateLimitPerHour,
    globalLimitPerHour: parsed.data.QUOTE_GLOBAL_LIMIT_PER_HOUR ?? defaultQuoteSettings.globalLimitPerHour,
    minFillSeconds: parsed.data.QUOTE_MIN_FILL_SECONDS ?? defaultQuoteSettings.minFillSeconds,
  };
}

let cached: { key: string; settings: QuoteSettings } | undefined;

/**
 * The running server's settings (checked at start-up by the background work, so a malformed
 * value stops the server instead of failing requests).
 */
export function quoteSettings(env: Record<string, string | undefined> = process.env): QuoteSettings {
  const key = `${env.QUOTE_RATE_LIMIT_PER_HOUR}|${env.QUOTE_GLOBAL_LIMIT_PER_HOUR}|${env.QUOTE_MIN_FILL_SECONDS}`;
  if (cached?.key !== key) cached = { key, settings: quoteSettingsFromEnv(env) };
  return cached.settings;
}
