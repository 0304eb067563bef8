import { type RawBuilder, type SqlBool, sql } from "kysely";
import type {
  ConversionRange,
  ConversionRow,
  Conversions,
  ConversionWeek,
  ServiceRequests,
  SourceConversionRow,
} from "~/lib/conversions";
import { DIRECT_SOURCE } from "~/lib/lead-source";
import { dayEndUtc, dayStartUtc, mondayOf } from "~/lib/site-time";
import { INTERNAL_REFERRER } from "~/lib/visit-dimensions";
import { database } from "../db/database.server";
import { weeksOf } from "./visit-report.server";

// Visits, contact taps and quote requests over a range of São Paulo days, joined by week, page,
// source and campaign (docs/decisions/0061-conversions-dashboard.md). Every figure is summed by
// the database, on both engines; the application only merges the few grouped rows of each
// kind by their key. Visitors are unique per day (the salt changes daily), so a period's
// visitors are the sum of its days': closed days from visit_uniques, the open ones counted
// from their hashes (visit_visitors), never both (a day's hashes go when it is counted).

type Count = number | string | bigint | null;
const num = (value: Count | undefined) => Number(value ?? 0);

/**
 * A visit's or a tap's source as the quote requests name theirs
 * (`coalesce(utm_source, source_referrer_host, 'Direto')`): the stored '' is "none", and a
 * click within the site is no source.
 */
const visitSource = sql<string>`case when utm_source <> '' then utm_source when referrer_host <> '' and referrer_host <> ${INTERNAL_REFERRER} then referrer_host else ${DIRECT_SOURCE} end`;
const leadSource = sql<string>`coalesce(utm_source, source_referrer_host, ${DIRECT_SOURCE})`;

/**
 * Unique visitors per key: closed days' counts and open days' hashes, summed over the days. The
 * closed days are summed per `columns` in the database's first step (an index per grouping gives
 * them in that order, migration 0026); the open days' hashes are counted per day, since a visitor
 * is unique per day. `key` names the result from `columns`.
 */
function visitorsSql(
  range: ConversionRange,
  grouping: "site" | "page" | "source",
  columns: string[],
  key: RawBuilder<unknown>,
  where: RawBuilder<unknown> = sql`1 = 1`,
) {
  const cols = sql.raw(columns.join(", "));
  const perDay = sql.raw(["day", ...columns.filter((column) => column !== "day")].join(", "));
  return sql<{ key: string; campaign?: string; visitors: Count }>`
    select ${key}, sum(visitors) as visitors from (
      select ${cols}, sum(visitors) as visitors from visit_uniques
      where grouping = ${grouping} and day >= ${range.from} and day <= ${range.to} and ${where}
      group by ${cols}
      union all
      select ${cols}, count(distinct visitor_hash) as visitors from visit_visitors
      where day >= ${range.from} and day <= ${range.to} and ${where}
      group by ${perDay}
    ) v
    group by ${sql.raw(grouping === "source" ? "1, 2" : "1")}`;
}

const dayKey = sql`day as key`;
const SOURCE_COLUMNS = ["utm_source", "referrer_host", "utm_campaign"];
const sourceKey = sql`${visitSource} as key, utm_campaign as campaign`;
const notInternal = sql<SqlBool>`referrer_host <> ${INTERNAL_REFERRER}`;

/** Every figure of the conversions dashboard for `range`. */
export async function conversions(range: ConversionRange): Promise<Conversions> {
  const db = await database();
  const from = range.from;
  const to = range.to;
  const since = dayStartUtc(from);
  const until = dayEndUtc(to);
  const weeks = weeksOf(range);

  // A request's week: its index among the weeks' starts, found by halving the weeks in nested
  // CASEs the database evaluates (a handful of comparisons per request even over a year).
  const weekOf = (first: number, last: number): RawBuilder<number> => {
    if (first === last) return sql<number>`${sql.lit(first)}`;
    const middle = Math.ceil((first + last) / 2);
    const start = weeks[middle] as string;
    return sql<number>`case when created_at < ${dayStartUtc(start)} then ${weekOf(first, middle - 1)} else ${weekOf(middle, last)} end`;
  };
  const week = weekOf(0, weeks.length - 1);
  // A repeat is its first request sent again (docs/decisions/0090): one request, not two.
  const leads = () =>
    db
      .selectFrom("leads")
      .where("created_at", ">=", since)
      .where("created_at", "<", until)
      .where("repeat_of", "is", null);
  const days = <T extends "visit_counts" | "contact_taps">(table: T) =>
    db
      .selectFrom(table as "visit_counts")
      .where("day", ">=", from)
      .where("day", "<=", to);

  // The requests are few (thousands a year): one pass gives every grouping of them.
  const [
    viewsPerDay,
    viewsPerPage,
    viewsPerSource,
    visitorsPerDay,
    visitorsPerPage,
    visitorsPerSource,
    tapsPerDay,
    tapsPerPage,
    tapsPerSource,
    requestsPerWeek,
    requestsPerPage,
    requestsPerSource,
    requestsPerService,
  ] = await Promise.all([
    days("visit_counts")
      .select(["day as key", sql<Count>`sum(views)`.as("n")])
      .groupBy("day")
      .execute(),
    days("visit_counts")
      .select(["page as key", sql<Count>`sum(views)`.as("n")])
      .groupBy("page")
      .execute(),
    // Summed per stored source first, in the order of the index made for it (no sort), then
    // per source as the requests name theirs.
    db
      .selectFrom(
        days("visit_counts")
          .where(notInternal)
          .select(["utm_source", "referrer_host", "utm_campaign", sql<Count>`sum(views)`.as("views")])
          .groupBy(["utm_source", "referrer_host", "utm_campaign"])
          .as("v"),
      )
      .select([visitSource.as("key"), "utm_campaign as campaign", sql<Count>`sum(views)`.as("n")])
      .groupBy(sql`1, 2`)
      .execute(),
    visitorsSql(range, "site", ["day"], dayKey).execute(db),
    visitorsSql(range, "page", ["page"], sql`page as key`).execute(db),
    visitorsSql(range, "source", SOURCE_COLUMNS, sourceKey, notInternal).execute(db),
    days("contact_taps" as "visit_counts")
      .select(["day as key", sql<Count>`sum(taps)`.as("n")])
      .groupBy("day")
      .execute(),
    days("contact_taps" as "visit_counts")
      .select(["page as key", sql<Count>`sum(taps)`.as("n")])
      .groupBy("page")
      .execute(),
    db
      .selectFrom(
        days("contact_taps" as "visit_counts")
          .select(["utm_source", "referrer_host", "utm_campaign", sql<Count>`sum(taps)`.as("taps")])
          .groupBy(["utm_source", "referrer_host", "utm_campaign"])
          .as("t"),
      )
      .select([visitSource.as("key"), "utm_campaign as campaign", sql<Count>`sum(taps)`.as("n")])
      .groupBy(sql`1, 2`)
      .execute(),
    // The requests per week, page, source and service: four small groupings rather than one
    // row per combination of them (nearly one per request over a year).
    leads()
      .select([week.as("key"), sql<Count>`count(*)`.as("n")])
      .groupBy(sql`1`)
      .execute(),
    leads()
      .select([sql<string>`coalesce(source_page, '')`.as("key"), sql<Count>`count(*)`.as("n")])
      .groupBy(sql`1`)
      .execute(),
    leads()
      .select([
        leadSource.as("key"),
        sql<string>`coalesce(utm_campaign, '')`.as("campaign"),
        sql<Count>`count(*)`.as("n"),
      ])
      .groupBy(sql`1, 2`)
      .execute(),
    leads()
      .select(["service as key", sql<Count>`count(*)`.as("n")])
      .groupBy("service")
      .execute(),
  ]);

  // Weeks: the days' sums added into their Monday; the requests' week came as its index.
  const perWeek = new Map<string, ConversionWeek>(
    weeks.map((start) => [start, { week: start, views: 0, visitors: 0, requests: 0, taps: 0 }]),
  );
  const addToWeek = (
    rows: Array<{ key: string; n?: Count; visitors?: Count }>,
    field: "views" | "visitors" | "taps",
  ) => {
    for (const row of rows) {
      const entry = perWeek.get(mondayOf(row.key));
      if (entry) entry[field] += num(row.n ?? row.visitors);
    }
  };
  addToWeek(viewsPerDay, "views");
  addToWeek(visitorsPerDay.rows, "visitors");
  addToWeek(tapsPerDay, "taps");
  for (const row of requestsPerWeek) {
    const entry = perWeek.get(weeks[Number(row.key)] ?? "");
    if (entry) entry.requests += num(row.n);
  }
  const weekRows = [...perWeek.values()];
  const totals = weekRows.reduce(
    (sum, w) => ({
      views: sum.views + w.views,
      visitors: sum.visitors + w.visitors,
      requests: sum.requests + w.requests,
      taps: sum.taps + w.taps,
    }),
    { views: 0, visitors: 0, requests: 0, taps: 0 },
  );

  // Pages: joined by path.
  const pages = new Map<string, ConversionRow>();
  const page = (label: string) => {
    let row = pages.get(label);
    if (!row) {
      row = { label, views: 0, visitors: 0, requests: 0, taps: 0 };
      pages.set(label, row);
    }
    return row;
  };
  for (const row of viewsPerPage) page(row.key).views += num(row.n);
  for (const row of visitorsPerPage.rows) page(row.key).visitors += num(row.visitors);
  for (const row of tapsPerPage) page(row.key).taps += num(row.n);
  for (const row of requestsPerPage) page(row.key).requests += num(row.n);

  // Sources: joined by the source's label and the campaign.
  const sources = new Map<string, SourceConversionRow>();
  const source = (label: string, campaign: string) => {
    const id = `${label}\n${campaign}`;
    let row = sources.get(id);
    if (!row) {
      row = { label, campaign, views: 0, visitors: 0, requests: 0, taps: 0 };
      sources.set(id, row);
    }
    return row;
  };
  for (const row of viewsPerSource) source(row.key, row.campaign).views += num(row.n);
  for (const row of visitorsPerSource.rows) source(row.key, row.campaign ?? "").visitors += num(row.visitors);
  for (const row of tapsPerSource) source(row.key, row.campaign).taps += num(row.n);
  for (const row of requestsPerSource) source(row.key, row.campaign).requests += num(row.n);

  const services: ServiceRequests[] = requestsPerService
    .map((row) => ({ service: row.key, requests: num(row.n) }))
    .sort((a, b) => b.requests - a.requests || a.service.localeCompare(b.service, "pt-BR"));

  const byLabel = (a: ConversionRow, b: ConversionRow) =>
    a.label < b.label ? -1 : a.label > b.label ? 1 : 0;
  return {
    range,
    weeks: weekRows,
    totals,
    pages: [...pages.values()].sort((a, b) => b.views - a.views || b.requests - a.requests || byLabel(a, b)),
    sources: [...sources.values()].sort(
      (a, b) =>
        b.visitors - a.visitors ||
        b.requests + b.taps - (a.requests + a.taps) ||
        byLabel(a, b) ||
        (a.campaign < b.campaign ? -1 : a.campaign > b.campaign ? 1 : 0),
    ),
    services,
  };
}
