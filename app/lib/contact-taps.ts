import type { SiteConfig } from "~/lib/company-settings";
import { pageLabel } from "./page-label";
import { whatsappUrl } from "./whatsapp";

// The site's WhatsApp, phone and e-mail links (docs/decisions/0071-contact-links-stay-links.md):
// each `href` is the real target, so the link works with the site down, when copied, and for
// every crawler and assistive tool; a tap is counted beside it, by the browser's `ping` to the
// counting address and, for browsers that drop pings, by a beacon to the same address.

export const CONTACT_KINDS = ["whatsapp", "telefone", "email"] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** Where taps are counted (POST only: the ping and the beacon); never a link's target. */
export const TAP_COUNTING_PATH = "/toque";

/** The query parameters naming the kind of link and the page it was on. */
export const TAP_KIND_PARAM = "tipo";
export const TAP_PAGE_PARAM = "de";

/** The data attribute that marks a counted contact link (the beacon script finds them by it). */
export const TAP_LINK_ATTRIBUTE = "data-toque";

export type ContactFacts = Pick<SiteConfig, "whatsappDigits" | "whatsappMessage" | "phoneDigits" | "email">;

/** Where each kind of link leads: built from the company settings alone. */
export function contactTarget(kind: ContactKind, site: ContactFacts): string {
  if (kind === "whatsapp") return whatsappUrl(site.whatsappDigits, site.whatsappMessage);
  if (kind === "telefone") return `tel:+${site.phoneDigits}`;
  return `mailto:${site.email}`;
}

/**
 * The address a tap on `page` is counted at ("/toque?tipo=whatsapp&de=/obras"); a page whose path
 * holds a secret is named by its pattern, so the token never reaches the markup's ping either.
 */
export function tapCountingAddress(kind: ContactKind, page: string): string {
  const label = encodeURIComponent(pageLabel(page)).replaceAll("%2F", "/");
  return `${TAP_COUNTING_PATH}?${TAP_KIND_PARAM}=${kind}&${TAP_PAGE_PARAM}=${label}`;
}
