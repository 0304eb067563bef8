import { type Kysely, sql } from "kysely";
import { CONTACT_KINDS, type ContactKind } from "~/lib/contact-taps";
import { addDays, mondayOf } from "~/lib/site-time";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";

// What the visit counts say over a range of São Paulo days, for the conversions dashboard
// (docs/decisions/0059-cookie-free-visit-counting.md). Every query reads one index range (each
// table's primary key starts with the day) and only the columns it sums. Unique visitors of a
// day come from visit_uniques once the day is closed, and from today's hashes before; a
// visitor is unique per day (the salt changes daily), so a week's visitors are the sum of its
// days', as in every cookie-free counter.

/** Inclusive São Paulo days, "YYYY-MM-DD". */
export interface DayRange {
  from: string;
  to: string;
}

export interface WeekVisits {
  /** The week's Monday. */
  week: string;
  views: number;
  visitors: number;
}

export type WeekTaps = { week: string; total: number } & Record<ContactKind, number>;

export interface PageFigures {
  page: string;
  views: number;
  visitors: number;
  taps: number;
}

/** A source as stored: the external site (or INTERNAL_REFERRER, or '') and the campaign tags. */
export interface SourceKey {
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

export interface SourceFigures extends SourceKey {
  views: number;
  visitors: number;
  taps: number;
}

const num = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

/** Every Monday from the week of `from` to the week of `to`. */
export function weeksOf(range: DayRange): string[] {
  const weeks: string[] = [];
  for (let week = mondayOf(range.from); week <= range.to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

const inRange = (range: DayRange) => [range.from, range.to] as const;

/** Unique visitors per day and grouping key, closed days and today's together. */
async function visitorsBy<K extends "day" | "page" | "source">(
  db: Kysely<Database>,
  range: DayRange,
  grouping: K,
): Promise<Array<{ day: string; page: string } & SourceKey & { visitors: number }>> {
  const [from, to] = inRange(range);
  const stored = db
    .selectFrom("visit_uniques")
    .where("grouping", "=", grouping === "day" ? "site" : grouping)
    .where("day", ">=", from)
    .where("day", "<=", to);
  const live = db.selectFrom("visit_visitors").where("day", ">=", from).where("day", "<=", to);
  const empty = sql<string>`''`;
  const uniques = sql<number>`count(distinct visitor_hash)`;
  const closed = await stored
    .select(["day", "page", "referrer_host", "utm_source", "utm_medium", "utm_campaign", "visitors"])
    .execute();
  const open =
    grouping === "day"
      ? await live
          .select(["day", empty.as("page"), empty.as("referrer_host"), empty.as("utm_source")])
          .select([empty.as("utm_medium"), empty.as("utm_campaign"), uniques.as("visitors")])
          .groupBy("day")
          .execute()
      : grouping === "page"
        ? await live
            .select(["day", "page", empty.as("referrer_host"), empty.as("utm_source")])
            .select([empty.as("utm_medium"), empty.as("utm_campaign"), uniques.as("visitors")])
            .groupBy(["day", "page"])
            .execute()
        : await live
            .select(["day", empty.as("page"), "referrer_host", "utm_source", "utm_medium", "utm_campaign"])
            .select(uniques.as("visitors"))
            .groupBy(["day", "referrer_host", "utm_source", "utm_medium", "utm_campaign"])
            .execute();
  return [...closed, ...open].map((row) => ({
    day: row.day,
    page: row.page,
    referrerHost: row.referrer_host,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    visitors: num(row.visitors),
  }));
}

/** Page views and unique visitors per week (Monday to Sunday), every week of the range. */
export async function visitsPerWeek(range: DayRange): Promise<WeekVisits[]> {
  const db = await database();
  const [from, to] = inRange(range);
  const weeks = new Map(weeksOf(range).map((week) => [week, { week, views: 0, visitors: 0 }]));
  const views = await db
    .selectFrom("visit_counts")
    .select(["day", sql<number>`sum(views)`.as("views")])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy("day")
    .execute();
  for (const row of views) {
    const week = weeks.get(mondayOf(row.day));
    if (week) week.views += num(row.views);
  }
  for (const row of await visitorsBy(db, range, "day")) {
    const week = weeks.get(mondayOf(row.day));
    if (week) week.visitors += row.visitors;
  }
  return [...weeks.values()];
}

/** Contact taps per week and kind, every week of the range. */
export async function tapsPerWeek(range: DayRange): Promise<WeekTaps[]> {
  const db = await database();
  const [from, to] = inRange(range);
  const zero = () =>
    Object.fromEntries(CONTACT_KINDS.map((kind) => [kind, 0])) as Record<ContactKind, number>;
  const weeks = new Map<string, WeekTaps>(
    weeksOf(range).map((week) => [week, { week, total: 0, ...zero() }]),
  );
  const rows = await db
    .selectFrom("contact_taps")
    .select(["day", "kind", sql<number>`sum(taps)`.as("taps")])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy(["day", "kind"])
    .execute();
  for (const row of rows) {
    const week = weeks.get(mondayOf(row.day));
    const kind = row.kind as ContactKind;
    if (!week || !(kind in week)) continue;
    week[kind] += num(row.taps);
    week.total += num(row.taps);
  }
  return [...weeks.values()];
}

/** Views, visitors and taps per page over the range, the most viewed first. */
export async function figuresPerPage(range: DayRange): Promise<PageFigures[]> {
  const db = await database();
  const [from, to] = inRange(range);
  const pages = new Map<string, PageFigures>();
  const entry = (page: string) => {
    let figures = pages.get(page);
    if (!figures) {
      figures = { page, views: 0, visitors: 0, taps: 0 };
      pages.set(page, figures);
    }
    return figures;
  };
  const views = await db
    .selectFrom("visit_counts")
    .select(["page", sql<number>`sum(views)`.as("views")])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy("page")
    .execute();
  for (const row of views) entry(row.page).views += num(row.views);
  for (const row of await visitorsBy(db, range, "page")) entry(row.page).visitors += row.visitors;
  const taps = await db
    .selectFrom("contact_taps")
    .select(["page", sql<number>`sum(taps)`.as("taps")])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy("page")
    .execute();
  for (const row of taps) entry(row.page).taps += num(row.taps);
  return [...pages.values()].sort((a, b) => b.views - a.views || a.page.localeCompare(b.page));
}

const sourceId = (s: SourceKey) => `${s.referrerHost}\n${s.utmSource}\n${s.utmMedium}\n${s.utmCampaign}`;

/** Views, visitors and taps per source and campaign over the range, the most viewed first. */
export async function figuresPerSource(range: DayRange): Promise<SourceFigures[]> {
  const db = await database();
  const [from, to] = inRange(range);
  const sources = new Map<string, SourceFigures>();
  const entry = (key: SourceKey) => {
    const id = sourceId(key);
    let figures = sources.get(id);
    if (!figures) {
      figures = { ...key, views: 0, visitors: 0, taps: 0 };
      sources.set(id, figures);
    }
    return figures;
  };
  const columns = ["referrer_host", "utm_source", "utm_medium", "utm_campaign"] as const;
  const asKey = (row: Record<(typeof columns)[number], string>): SourceKey => ({
    referrerHost: row.referrer_host,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
  });
  const views = await db
    .selectFrom("visit_counts")
    .select([...columns, sql<number>`sum(views)`.as("views")])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy([...columns])
    .execute();
  for (const row of views) entry(asKey(row)).views += num(row.views);
  for (const row of await visitorsBy(db, range, "source")) entry(row).visitors += row.visitors;
  const taps = await db
    .selectFrom("contact_taps")
    .select([...columns, sql<number>`sum(taps)`.as("taps")])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy([...columns])
    .execute();
  for (const row of taps) entry(asKey(row)).taps += num(row.taps);
  return [...sources.values()].sort((a, b) => b.views - a.views || sourceId(a).localeCompare(sourceId(b)));
}
