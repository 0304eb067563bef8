import { requestClientIp } from "../platform/request-address.server";
import { countShownView } from "./visit-counter.server";
import { countableRequest, type HeaderReader, pageViewOf } from "./visit-request.server";

// A page shown from a prefetch or a prerender made no request that was counted: its own request
// was a prefetch (not counted, since most are never shown), and showing it asks the server
// nothing. The page's beacon (counting-beacons-script.tsx) reports it once it is shown; it is
// counted as that page's request would have been, with the same rules (people only, public
// pages only, nobody signed in), its Referer being the page before it.

/** The query parameters of the beacon: the page's path and query, and the page before it. */
const PAGE_PARAM = "p";
const REFERRER_PARAM = "r";

export function shownViewReport(request: Request): Response {
  const url = new URL(request.url);
  const named = url.searchParams.get(PAGE_PARAM);
  let page: URL | undefined;
  try {
    page = named?.startsWith("/") && !named.startsWith("//") ? new URL(named, url.origin) : undefined;
  } catch {
    page = undefined;
  }
  if (!page || page.origin !== url.origin) {
    return new Response("Página inválida.", { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const referrer = url.searchParams.get(REFERRER_PARAM) || null;
  // Read as the page's own request: its address, the beacon's browser and cookies, the Referer
  // the page had; never a prefetch (the beacon is sent by a page that is shown).
  const headers: HeaderReader = {
    get: (name) => {
      const key = name.toLowerCase();
      if (key === "referer") return referrer;
      if (key === "sec-purpose" || key === "purpose") return null;
      return request.headers.get(key);
    },
  };
  const asPage = new Request(page, { headers: request.headers });
  if (countableRequest(asPage, page.pathname, false, headers)) {
    countShownView(pageViewOf(asPage, page, requestClientIp(), headers));
  }
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
