import type { LeadSourceInput } from "~/lib/lead-source";
import { requestClientIp } from "../platform/request-address.server";
import { namesOutsideSource, visitorEntrySource } from "./visit-counter.server";
import { visitorDigestOf } from "./visit-request.server";

// A quote request carries where its visitor came from one click back (the Referer, or what the
// landing page's links carried). Two pages later that is gone; the visit counter still knows,
// for the rest of the day, the way in of the same address and browser (its in-memory digest),
// so the request is the campaign's as the tap is (docs/decisions/0059).

/** `source`, or, when it names no outside site nor campaign, the visitor's way in today. */
export function withVisitorEntry(source: LeadSourceInput, request: Request): LeadSourceInput {
  const own = {
    referrerHost: source.referrerHost ?? "",
    utmSource: source.utmSource ?? "",
    utmMedium: source.utmMedium ?? "",
    utmCampaign: source.utmCampaign ?? "",
  };
  if (namesOutsideSource(own)) return source;
  const entry = visitorEntrySource(
    visitorDigestOf(requestClientIp(), request.headers.get("user-agent") ?? ""),
  );
  if (!entry) return source;
  return {
    page: source.page,
    referrerHost: entry.referrerHost || null,
    utmSource: entry.utmSource || null,
    utmMedium: entry.utmMedium || null,
    utmCampaign: entry.utmCampaign || null,
  };
}
