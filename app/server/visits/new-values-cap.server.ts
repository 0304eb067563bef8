import { OTHER_VALUES } from "~/lib/visit-dimensions";
import type { VisitSource } from "./visit-request.server";

// Campaign tags, referring sites and the page a tap names come from the visitor's request, so a
// script could invent a new value per request and add a row each time. Each dimension takes a
// bounded number of new values per day; past it a new value is counted as OTHER_VALUES. The
// values are known per instance (memory only): N instances admit at most N times the bound.

/** New values a dimension takes per day before the rest count as "(outras)". */
export const NEW_VALUES_PER_DAY = 300;

type CappedDimension = Exclude<keyof VisitSource, "page">;
const CAPPED: readonly CappedDimension[] = ["referrerHost", "utmSource", "utmMedium", "utmCampaign"];

/** The source as it is counted on `day`: each value it knows, or OTHER_VALUES past the bound. */
type NewValuesCap = (day: string, source: VisitSource, options: { capPage: boolean }) => VisitSource;

export function startNewValuesCap(limit = NEW_VALUES_PER_DAY): NewValuesCap {
  let today = "";
  let seen = new Map<keyof VisitSource, Set<string>>();
  const admit = (dimension: keyof VisitSource, value: string): string => {
    if (value === "") return value;
    let values = seen.get(dimension);
    if (!values) {
      values = new Set();
      seen.set(dimension, values);
    }
    if (values.has(value)) return value;
    if (values.size >= limit) return OTHER_VALUES;
    values.add(value);
    return value;
  };
  return (day, source, { capPage }) => {
    if (day !== today) {
      today = day;
      seen = new Map();
    }
    let capped: VisitSource | undefined;
    for (const dimension of capPage ? (["page", ...CAPPED] as const) : CAPPED) {
      const value = admit(dimension, source[dimension]);
      if (value !== source[dimension]) {
        capped ??= { ...source };
        capped[dimension] = value;
      }
    }
    return capped ?? source;
  };
}
