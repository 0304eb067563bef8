import { CONTACT_KINDS, type ContactKind, contactTarget, TAP_PAGE_PARAM } from "~/lib/contact-taps";
import { requestClientIp } from "../platform/request-address.server";
import { companyDefaults } from "../settings/company-defaults.server";
import { siteSettings } from "../settings/site-settings.server";
import { leadSourceOfRequest, sourcePart } from "./lead-source.server";
import { countContactTap } from "./visit-counter.server";
import { countableRequest, type VisitSource, visitorDigestOf } from "./visit-request.server";

// A tap on a contact link is counted beside the link (docs/decisions/0071-contact-links-stay-links.md):
// the link's `href` is the real target, and the browser POSTs to /toque, as its `ping` and as
// the page's beacon; the same tap arriving twice counts once (visit-counter). The counting link
// of older pages (/contato/whatsapp, a copied link) is counted and sent on with a 302 to the
// company's target; nothing in the request can change where it leads.

export function isContactKind(value: string): value is ContactKind {
  return (CONTACT_KINDS as readonly string[]).includes(value);
}

/** A ping's request names the page it was sent from in Ping-From (it has no Referer). */
function withPingFrom(request: Request): Request {
  const pingFrom = request.headers.get("ping-from");
  if (!pingFrom || request.headers.get("referer")) return request;
  const headers = new Headers(request.headers);
  headers.set("referer", pingFrom);
  return new Request(request.url, { method: "GET", headers });
}

/**
 * Where a tap came from: the page named in `de` (a path of this site; anything else is ignored),
 * else the page of the Referer (or the ping's Ping-From); the campaign tags and the external site
 * as the quote form reads them. A page whose address holds a secret is named by its pattern.
 */
export function tapSourceOf(request: Request): VisitSource {
  const url = new URL(request.url);
  const fromRequest = leadSourceOfRequest(withPingFrom(request));
  const refererPage = fromRequest.page !== url.pathname ? fromRequest.page : null;
  return {
    page: sourcePart("page", url.searchParams.get(TAP_PAGE_PARAM)) ?? refererPage ?? "",
    referrerHost: fromRequest.referrerHost ?? "",
    utmSource: fromRequest.utmSource ?? "",
    utmMedium: fromRequest.utmMedium ?? "",
    utmCampaign: fromRequest.utmCampaign ?? "",
  };
}

/** Counts the tap a request reports (people only); false when its address has tapped too often. */
function countTapOf(request: Request, kind: ContactKind): boolean {
  // The counting address is not a page; countableRequest is asked about the request alone.
  const asked = request.method === "GET" ? request : new Request(request.url, { headers: request.headers });
  if (!countableRequest(asked, "/")) return true;
  const address = requestClientIp();
  const digest = visitorDigestOf(address, request.headers.get("user-agent") ?? "");
  return countContactTap(kind, tapSourceOf(request), { address, digest });
}

const COUNTING_HEADERS = {
  // Every tap reaches the server: no browser or CDN may answer it from a cache.
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
};

/** The answer to a ping or a beacon: 204 once counted, 429 when the address tapped too often. */
export function contactTapReport(request: Request, kind: ContactKind): Response {
  if (countTapOf(request, kind)) return new Response(null, { status: 204, headers: COUNTING_HEADERS });
  return new Response("Muitos toques deste endereço em pouco tempo; os próximos não serão contados.", {
    status: 429,
    headers: { ...COUNTING_HEADERS, "Content-Type": "text/plain; charset=utf-8", "Retry-After": "3600" },
  });
}

/** The answer to a GET of the counting address: counted, then a 302 to the company's address. */
export async function contactTapAnswer(request: Request, kind: ContactKind): Promise<Response> {
  // With the database away (and the settings not in memory), the facts of the environment: the
  // visitor still reaches the company, which is what this link is for.
  const site = await siteSettings().then(
    (settings) => settings.site,
    () => companyDefaults(),
  );
  countTapOf(request, kind);
  return new Response(null, {
    status: 302,
    headers: { Location: contactTarget(kind, site), ...COUNTING_HEADERS },
  });
}
