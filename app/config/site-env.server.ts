import { z } from "zod";
import { internationalPhoneDigits } from "~/lib/phone-digits";
import { defaultSite, type SiteConfig } from "./site";

// Environment overrides for the company facts. Read once at start-up; a malformed value
// stops the server with a message naming the variable instead of rendering wrong facts.
// PUBLIC_URL and HERO_VIDEO_URL belong to the deployment; the SITE_* values are only defaults:
// what the owner saves in /admin/configuracoes wins (app/server/settings/site-settings.server.ts).
const digits = z.string().regex(/^\d{10,15}$/, "use apenas dígitos, com DDI e DDD (ex.: 5541998765432)");
const siteEnvSchema = z
  .object({
    PUBLIC_URL: z
      .url({
        protocol: /^https?$/,
        error: "use o endereço público do site, com https:// (ex.: https://www.empresa.com.br)",
      })
      .transform((url) => url.replace(/\/+$/, ""))
      .optional(),
    SITE_NAME: z.string().min(1).optional(),
    SITE_PHONE_DIGITS: digits.optional(),
    SITE_PHONE_DISPLAY: z.string().min(1).optional(),
    SITE_WHATSAPP_DIGITS: digits.optional(),
    SITE_WHATSAPP_MESSAGE: z.string().min(1).optional(),
    SITE_EMAIL: z.email("use um e-mail, como contato@empresa.com.br").optional(),
    HERO_VIDEO_URL: z.string().min(1).optional(),
  })
  // The phone is given once, as visitors read it; its digits are derived (+55 unless another
  // +code is typed). SITE_PHONE_DIGITS still wins when set, for a number no rule can read.
  .refine(
    (e) => !e.SITE_PHONE_DISPLAY || e.SITE_PHONE_DIGITS || internationalPhoneDigits(e.SITE_PHONE_DISPLAY),
    {
      path: ["SITE_PHONE_DISPLAY"],
      message: "use o telefone com DDD, como (41) 99876-5432, ou defina também SITE_PHONE_DIGITS",
    },
  );

export function siteFromEnv(env: Record<string, string | undefined>): SiteConfig {
  const parsed = siteEnvSchema.safeParse(pickDefined(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Configuração inválida do site:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  const email = e.SITE_EMAIL ?? defaultSite.email;
  const phoneDigits = e.SITE_PHONE_DIGITS ?? internationalPhoneDigits(e.SITE_PHONE_DISPLAY ?? "");
  return {
    ...defaultSite,
    publicUrl: e.PUBLIC_URL ?? localPublicUrl(env.PORT),
    name: e.SITE_NAME ?? defaultSite.name,
    phoneDigits: phoneDigits ?? defaultSite.phoneDigits,
    phoneDisplay: e.SITE_PHONE_DISPLAY ?? defaultSite.phoneDisplay,
    whatsappDigits: e.SITE_WHATSAPP_DIGITS ?? phoneDigits ?? defaultSite.whatsappDigits,
    whatsappMessage: e.SITE_WHATSAPP_MESSAGE ?? defaultSite.whatsappMessage,
    email,
    privacyContact: { ...defaultSite.privacyContact, email },
    heroVideoUrl: e.HERO_VIDEO_URL ?? defaultSite.heroVideoUrl,
  };
}

/** Without PUBLIC_URL: this machine on the port the server listens on (3000 unless PORT says). */
function localPublicUrl(port: string | undefined): string {
  const number = Number(port?.trim());
  return Number.isInteger(number) && number > 0 && number <= 65_535
    ? `http://localhost:${number}`
    : defaultSite.publicUrl;
}

function pickDefined(env: Record<string, string | undefined>): Record<string, string> {
  const keys = Object.keys(siteEnvSchema.shape);
  return Object.fromEntries(
    keys.flatMap((key) => {
      const value = env[key]?.trim();
      return value ? [[key, value]] : [];
    }),
  );
}

let cached: SiteConfig | undefined;
/**
 * The facts before the owner's settings: the code's defaults with the environment's overrides.
 * Read it directly only for what the environment alone decides (PUBLIC_URL); the company facts
 * a page or an e-mail shows come from `siteSettings()`.
 */
export function siteDefaults(): SiteConfig {
  cached ??= siteFromEnv(process.env);
  return cached;
}
