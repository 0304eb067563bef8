import type { SiteConfig } from "~/config/site";
import { siteDefaults } from "~/config/site-env.server";
import { CONTACT_KINDS, type ContactKind, TAP_PAGE_PARAM } from "~/lib/contact-taps";
import { whatsappUrl } from "~/lib/whatsapp";
import { requestClientIp } from "../audit/request-address.server";
import { leadSourceOfRequest, sourcePart } from "../leads/lead-source.server";
import { siteSettings } from "../settings/site-settings.server";
import { countContactTap } from "./visit-counter.server";
import { countableRequest, type VisitSource, visitorDigestOf } from "./visit-request.server";

// The contact links count a tap, then send the visitor on with a 302
// (docs/decisions/0058-contact-tap-counting.md). The target is always built from the company
// settings; nothing in the request can change it, so the link can never send anyone elsewhere.

/** Where each kind of link leads, exactly as the pages linked before they counted. */
export function contactTarget(kind: ContactKind, site: SiteConfig): string {
  if (kind === "whatsapp") return whatsappUrl(site.whatsappDigits, site.whatsappMessage);
  if (kind === "telefone") return `tel:+${site.phoneDigits}`;
  return `mailto:${site.email}`;
}

export function isContactKind(value: string): value is ContactKind {
  return (CONTACT_KINDS as readonly string[]).includes(value);
}

/**
 * Where a tap came from: the page named in `de` (a path of this site; anything else is ignored),
 * else the page of the Referer; the campaign tags and the external site as the quote form reads
 * them (the link's own `utm_*`/`ref`, added on the landing page, else the Referer's tags).
 */
export function tapSourceOf(request: Request): VisitSource {
  const url = new URL(request.url);
  const fromRequest = leadSourceOfRequest(request);
  const refererPage = fromRequest.page !== url.pathname ? fromRequest.page : null;
  return {
    page: sourcePart("page", url.searchParams.get(TAP_PAGE_PARAM)) ?? refererPage ?? "",
    referrerHost: fromRequest.referrerHost ?? "",
    utmSource: fromRequest.utmSource ?? "",
    utmMedium: fromRequest.utmMedium ?? "",
    utmCampaign: fromRequest.utmCampaign ?? "",
  };
}

/** The answer to a contact link: counted (people only), then a 302 to the company's address. */
export async function contactTapAnswer(request: Request, kind: ContactKind): Promise<Response> {
  // With the database away (and the settings not in memory), the facts of the environment: the
  // visitor still reaches the company, which is what this link is for.
  const site = await siteSettings().then(
    (settings) => settings.site,
    () => siteDefaults(),
  );
  // The link's own path is not a page; countableRequest is asked about the request alone.
  if (countableRequest(request, "/")) {
    const visitor = visitorDigestOf(requestClientIp(), request.headers.get("user-agent") ?? "");
    countContactTap(kind, tapSourceOf(request), visitor);
  }
  return new Response(null, {
    status: 302,
    headers: {
      Location: contactTarget(kind, site),
      // Every tap reaches the server: no browser or CDN may answer it from a cache.
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
