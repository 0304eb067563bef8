import type { SiteConfig } from "~/lib/company-settings";
import { admitEvent, forgetEvents, type Limit } from "../accounts/rate-limit.server";
import { rateLimitKey } from "../platform/ip-address.server";
import type { QuoteSettings } from "./quote-config.server";

// How many quote requests are stored: per client address, and from everyone together. The
// counters live in the database (rate_limit_events), so every instance shares them.

export const QUOTE_LIMIT_WINDOW_MS = 60 * 60 * 1000;
/** The bucket every stored request counts in, whoever sent it. */
const EVERYONE_BUCKET = "quote-all";

export type QuoteAdmission =
  /** Counted; `events` takes it back (`forgetQuote`) when nothing new is stored after all. */
  { ok: true; events: string[] } | { ok: false; refusal: "address" | "everyone" };

/**
 * Count this request against both limits before storing it. Simultaneous requests are
 * decided one at a time, so exactly the limit gets through.
 */
export async function admitQuote(clientIp: string, settings: QuoteSettings): Promise<QuoteAdmission> {
  const perAddress: Limit = {
    bucket: `quote:${rateLimitKey(clientIp)}`,
    max: settings.rateLimitPerHour,
    windowMs: QUOTE_LIMIT_WINDOW_MS,
  };
  const everyone: Limit = {
    bucket: EVERYONE_BUCKET,
    max: settings.globalLimitPerHour,
    windowMs: QUOTE_LIMIT_WINDOW_MS,
  };
  const admission = await admitEvent("quote", [perAddress, everyone]);
  if (admission.ok) return admission;
  return { ok: false, refusal: admission.exceeded === perAddress ? "address" : "everyone" };
}

/** A counted request that stored nothing new (a re-post, a failed write) no longer counts. */
export function forgetQuote(admission: { events: string[] }): Promise<void> {
  return forgetEvents(admission.events);
}

/** A WhatsApp number as visitors read it: "(41) 99876-5432" for a Brazilian one. */
function whatsappDisplay(site: SiteConfig): string {
  if (site.whatsappDigits === site.phoneDigits) return site.phoneDisplay;
  const brazilian = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(site.whatsappDigits);
  return brazilian ? `(${brazilian[1]}) ${brazilian[2]}-${brazilian[3]}` : `+${site.whatsappDigits}`;
}

/** The pt-BR explanation of a refusal, with the ways to reach the company that still work. */
export function quoteLimitMessage(refusal: "address" | "everyone", site: SiteConfig): string {
  if (refusal === "address") {
    return `Recebemos muitos pedidos deste endereço na última hora. Tente novamente mais tarde ou fale conosco pelo telefone ${site.phoneDisplay}.`;
  }
  const whatsapp = whatsappDisplay(site);
  const contacts =
    whatsapp === site.phoneDisplay
      ? `pelo telefone ou WhatsApp ${site.phoneDisplay}`
      : `pelo telefone ${site.phoneDisplay} ou pelo WhatsApp ${whatsapp}`;
  return `Recebemos um número incomum de pedidos na última hora e não conseguimos registrar o seu agora. Fale conosco ${contacts}, ou tente novamente mais tarde.`;
}
