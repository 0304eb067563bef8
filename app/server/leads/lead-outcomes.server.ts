import { type Expression, type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { DASHBOARD_TOP, type OutcomeRow, type PipelineOutcomes } from "~/lib/lead-dashboard";
import { DIRECT_SOURCE } from "~/lib/lead-source";
import { startDatabase } from "../db/database.server";
import type { Database } from "../db/schema";

// The pipeline's results on the dashboard, for the requests that arrived in the period: the
// median time to the first answer, and per source, campaign and service how many were won and
// lost, the win rate among the decided ones and the closed value. All counted by the database
// (conditional sums over the period's rows); the median is read as the one or two middle rows
// of the answered requests ordered by their wait, never by reading them all.

type PeriodQuery = SelectQueryBuilder<Database & { l: Database["leads"] }, "l", object>;

/** Seconds from arrival to the first answer, in each engine's own date arithmetic. */
function waitSeconds(engine: "sqlite" | "postgres"): Expression<number> {
  return engine === "postgres"
    ? sql<number>`extract(epoch from (l.first_response_at - l.created_at))`
    : sql<number>`(julianday(l.first_response_at) - julianday(l.created_at)) * 86400.0`;
}

async function medianWait(period: PeriodQuery, engine: "sqlite" | "postgres") {
  const answered = period.where("l.first_response_at", "is not", null);
  const { count } = await answered
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const n = Number(count);
  if (n === 0) return { answered: 0, medianMs: null };
  const wait = waitSeconds(engine);
  const middle = await answered
    .select(sql<number>`${wait}`.as("seconds"))
    .orderBy(sql`1`)
    .limit(n % 2 === 0 ? 2 : 1)
    .offset(Math.floor((n - 1) / 2))
    .execute();
  const seconds = middle.reduce((sum, row) => sum + Number(row.seconds), 0) / middle.length;
  return { answered: n, medianMs: Math.round(seconds * 1000) };
}

interface GroupRow {
  label: string | null;
  requests: number | string | bigint;
  won: number | string | bigint | null;
  lost: number | string | bigint | null;
  closed: number | string | bigint | null;
}

function outcomeRow(
  label: string,
  requests: number,
  won: number,
  lost: number,
  closedCents: number,
): OutcomeRow {
  return { label, requests, won, lost, closedCents, winRate: won + lost > 0 ? won / (won + lost) : null };
}

/** The groups, the most closed value (then the most requests) first; beyond the top, "Outros". */
function rankedOutcomes(rows: GroupRow[], fallback: string): OutcomeRow[] {
  const all = rows
    .map((row) =>
      outcomeRow(
        row.label ?? fallback,
        Number(row.requests),
        Number(row.won ?? 0),
        Number(row.lost ?? 0),
        Number(row.closed ?? 0),
      ),
    )
    .sort(
      (a, b) =>
        b.closedCents - a.closedCents || b.requests - a.requests || a.label.localeCompare(b.label, "pt-BR"),
    );
  if (all.length <= DASHBOARD_TOP) return all;
  const rest = all.slice(DASHBOARD_TOP - 1);
  const sum = (pick: (row: OutcomeRow) => number) => rest.reduce((total, row) => total + pick(row), 0);
  return [
    ...all.slice(0, DASHBOARD_TOP - 1),
    outcomeRow(
      "Outros",
      sum((row) => row.requests),
      sum((row) => row.won),
      sum((row) => row.lost),
      sum((row) => row.closedCents),
    ),
  ];
}

/** The pipeline's figures for requests created in [from, to). */
export async function pipelineOutcomes(from: string, to: string): Promise<PipelineOutcomes> {
  const { db, config } = await startDatabase();
  // Repeats are their first request sent again (docs/decisions/0090): not counted.
  const period = (q: Kysely<Database>) =>
    q
      .selectFrom("leads as l")
      .where("l.created_at", ">=", from)
      .where("l.created_at", "<", to)
      .where("l.repeat_of", "is", null);
  const won = sql<number>`sum(case when l.status = 'fechado_ganho' then 1 else 0 end)`;
  const lost = sql<number>`sum(case when l.status = 'perdido' then 1 else 0 end)`;
  const closed = sql<number>`sum(case when l.status = 'fechado_ganho' then coalesce(l.closed_value_cents, 0) else 0 end)`;
  const grouped = (label: Expression<string | null>, only?: (q: PeriodQuery) => PeriodQuery) => {
    const base = period(db);
    return (only ? only(base) : base)
      .select([
        sql<string | null>`${label}`.as("label"),
        sql<number>`count(*)`.as("requests"),
        won.as("won"),
        lost.as("lost"),
        closed.as("closed"),
      ])
      .groupBy(sql`1`)
      .execute();
  };
  const source = sql<string>`coalesce(l.utm_source, l.source_referrer_host, ${sql.lit(DIRECT_SOURCE)})`;
  const [median, totals, sources, campaigns, services] = await Promise.all([
    medianWait(period(db), config.engine),
    period(db)
      .select([won.as("won"), lost.as("lost"), closed.as("closed")])
      .executeTakeFirstOrThrow(),
    grouped(source),
    grouped(sql<string>`l.utm_campaign`, (q) => q.where("l.utm_campaign", "is not", null)),
    grouped(sql<string>`l.service`),
  ]);
  return {
    medianFirstResponseMs: median.medianMs,
    answered: median.answered,
    won: Number(totals.won ?? 0),
    lost: Number(totals.lost ?? 0),
    closedCents: Number(totals.closed ?? 0),
    sources: rankedOutcomes(sources, DIRECT_SOURCE),
    campaigns: rankedOutcomes(campaigns, ""),
    services: rankedOutcomes(services, ""),
  };
}
