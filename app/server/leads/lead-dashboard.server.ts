import { type Kysely, type RawBuilder, sql } from "kysely";
import { DASHBOARD_TOP, DASHBOARD_WEEKS, type LeadDashboard } from "~/lib/lead-dashboard";
import { DIRECT_SOURCE, REMOVED_POST } from "~/lib/lead-source";
import { leadStatuses } from "~/lib/lead-status";
import { addDays, dayStartUtc, siteDay } from "~/lib/site-time";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import { pipelineOutcomes } from "./lead-outcomes.server";

// The inbox's dashboard: where the last 12 weeks' requests came from, counted by the database
// (GROUP BY over the period's rows, found through leads_created_at_idx), never by reading
// rows into the application. Weeks are the owner's: Monday to Sunday in São Paulo.

/** The Mondays (São Paulo) of the last `count` weeks, oldest first, the current week last. */
export function weekStarts(now: Date, count = DASHBOARD_WEEKS): string[] {
  const today = siteDay(now);
  const weekday = new Date(`${today}T00:00:00.000Z`).getUTCDay();
  const monday = addDays(today, -((weekday + 6) % 7));
  return Array.from({ length: count }, (_, i) => addDays(monday, -7 * (count - 1 - i)));
}

/** Counts per group, the largest first; beyond `top`, one "Outros" row. */
function ranked(rows: Array<{ label: string | null; count: number | string | bigint }>, fallback: string) {
  const all = rows
    .map((row) => ({ label: row.label ?? fallback, count: Number(row.count) }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, "pt-BR"));
  if (all.length <= DASHBOARD_TOP) return all;
  const rest = all.slice(DASHBOARD_TOP - 1).reduce((sum, row) => sum + row.count, 0);
  return [...all.slice(0, DASHBOARD_TOP - 1), { label: "Outros", count: rest }];
}

/** Every figure of the dashboard for the 12 weeks up to the current one. */
export async function leadDashboard(now = new Date()): Promise<LeadDashboard> {
  const db = await database();
  const starts = weekStarts(now);
  const bounds = [...starts, addDays(starts[starts.length - 1] ?? "", 7)].map(dayStartUtc);
  const from = bounds[0] ?? "";
  const to = bounds[bounds.length - 1] ?? "";
  const thisWeek = bounds[bounds.length - 2] ?? "";
  // A repeat is the first request sent again (docs/decisions/0090): never a request of its own.
  const inPeriod = (q: Kysely<Database>, since = from) =>
    q
      .selectFrom("leads as l")
      .where("l.created_at", ">=", since)
      .where("l.created_at", "<", to)
      .where("l.repeat_of", "is", null);
  const perPost = (since: string) =>
    inPeriod(db, since)
      .leftJoin("blog_posts as p", "p.id", "l.source_post_id")
      .where("l.source_post_id", "is not", null)
      .select(["l.source_post_id", "p.title as label", (eb) => eb.fn.countAll<number>().as("count")])
      .groupBy(["l.source_post_id", "p.title"])
      .execute();

  // The week of a row: its index among the bounds, in one CASE the database evaluates.
  const week: RawBuilder<number> = sql<number>`case ${sql.join(
    bounds.slice(1, -1).map((bound, i) => sql`when l.created_at < ${bound} then ${sql.lit(i)}`),
    sql` `,
  )} else ${sql.lit(starts.length - 1)} end`;
  const source = sql<string>`coalesce(l.utm_source, l.source_referrer_host, ${sql.lit(DIRECT_SOURCE)})`;

  const [weekRows, serviceRows, sourceRows, campaignRows, postRows, weekPostRows, statusRows, outcomes] =
    await Promise.all([
      inPeriod(db)
        .select([week.as("week"), (eb) => eb.fn.countAll<number>().as("count")])
        .groupBy(sql`1`)
        .execute(),
      inPeriod(db)
        .select(["l.service as label", (eb) => eb.fn.countAll<number>().as("count")])
        .groupBy("l.service")
        .execute(),
      inPeriod(db)
        .select([source.as("label"), (eb) => eb.fn.countAll<number>().as("count")])
        .groupBy(sql`1`)
        .execute(),
      inPeriod(db)
        .where("l.utm_campaign", "is not", null)
        .select(["l.utm_campaign as label", (eb) => eb.fn.countAll<number>().as("count")])
        .groupBy("l.utm_campaign")
        .execute(),
      perPost(from),
      perPost(thisWeek),
      inPeriod(db)
        .select(["l.status", (eb) => eb.fn.countAll<number>().as("count")])
        .groupBy("l.status")
        .execute(),
      pipelineOutcomes(from, to),
    ]);

  const perWeek = new Map(weekRows.map((row) => [Number(row.week), Number(row.count)]));
  const weeks = starts.map((start, i) => ({ start, count: perWeek.get(i) ?? 0 }));
  const perStatus = new Map(statusRows.map((row) => [row.status, Number(row.count)]));
  return {
    weeks,
    total: weeks.reduce((sum, w) => sum + w.count, 0),
    services: ranked(serviceRows, ""),
    sources: ranked(sourceRows, DIRECT_SOURCE),
    campaigns: ranked(campaignRows, ""),
    posts: ranked(postRows, REMOVED_POST),
    postsThisWeek: ranked(weekPostRows, REMOVED_POST),
    statuses: leadStatuses.map((status) => ({ status, count: perStatus.get(status) ?? 0 })),
    outcomes,
  };
}
