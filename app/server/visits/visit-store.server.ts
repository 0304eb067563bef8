import { createHash, randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { ContactKind } from "~/lib/contact-taps";
import type { Database } from "../db/schema";
import type { VisitSource } from "./visit-request.server";

// Writing the counts (docs/decisions/0059-cookie-free-visit-counting.md). A flush adds this
// instance's counters to the aggregate rows with upserts (`views = views + excluded.views`),
// so any number of instances add up on one PostgreSQL without reading first; the rows of one
// statement are sorted by key, so two instances lock them in the same order and never deadlock.

export interface ViewCount extends VisitSource {
  day: string;
  device: string;
  views: number;
}

export interface VisitorSeen extends VisitSource {
  day: string;
  /** The in-memory digest of address and User-Agent (visit-request.server.ts). */
  visitorDigest: string;
}

/** A visitor's tap on one kind of link on one page (counted once a day, whoever saw it). */
export interface TapSeen extends VisitSource {
  day: string;
  kind: ContactKind;
  /** The in-memory digest of address and User-Agent (visit-request.server.ts). */
  visitorDigest: string;
}

export interface CountBatch {
  views: ViewCount[];
  visitors: VisitorSeen[];
  taps: TapSeen[];
}

/** Rows per statement: far below SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 400;

const SOURCE_COLUMNS = ["page", "referrer_host", "utm_source", "utm_medium", "utm_campaign"] as const;

function sourceColumns(source: VisitSource) {
  return {
    page: source.page,
    referrer_host: source.referrerHost,
    utm_source: source.utmSource,
    utm_medium: source.utmMedium,
    utm_campaign: source.utmCampaign,
  };
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

const byKey =
  <T>(key: (row: T) => string) =>
  (a: T, b: T) => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  };

/**
 * The salt of a São Paulo day: created by whichever instance needs it first (the others find
 * it), or undefined for a day that is closed (before `firstOpenDay`: its salt and hashes are
 * gone, and must not come back).
 */
export async function daySalt(
  db: Kysely<Database>,
  day: string,
  firstOpenDay: string,
): Promise<string | undefined> {
  if (day >= firstOpenDay) {
    await db
      .insertInto("visit_salts")
      .values({ day, salt: randomBytes(32).toString("base64") })
      .onConflict((oc) => oc.column("day").doNothing())
      .execute();
  }
  const row = await db.selectFrom("visit_salts").select("salt").where("day", "=", day).executeTakeFirst();
  return row?.salt;
}

/** What is stored of a visitor: the day's salt, the site and the digest, hashed together. */
export function visitorHash(salt: string, site: string, visitorDigest: string): string {
  return createHash("sha256")
    .update(salt)
    .update("\0")
    .update(site)
    .update("\0")
    .update(visitorDigest)
    .digest("base64url")
    .slice(0, 22);
}

/**
 * Add a batch to the database in one transaction. `salts` maps each day of the visitors to its
 * salt (a day without one is left out: its hashes are gone already).
 */
export async function writeCounts(
  db: Kysely<Database>,
  batch: CountBatch,
  salts: Map<string, string>,
  site: string,
): Promise<void> {
  const views = batch.views
    .map((v) => ({ day: v.day, ...sourceColumns(v), device: v.device, views: v.views }))
    .sort(
      byKey((r) =>
        JSON.stringify([
          r.day,
          r.page,
          r.referrer_host,
          r.utm_source,
          r.utm_medium,
          r.utm_campaign,
          r.device,
        ]),
      ),
    );
  const visitors = batch.visitors
    .flatMap((v) => {
      const salt = salts.get(v.day);
      return salt
        ? [{ day: v.day, visitor_hash: visitorHash(salt, site, v.visitorDigest), ...sourceColumns(v) }]
        : [];
    })
    .sort(byKey((r) => JSON.stringify(Object.values(r))));
  // A tap is stored as its visitor's hash first: only a visitor, kind and page that no instance
  // stored today adds to the count. A day without a salt (closed) cannot tell: each tap counts.
  const tapVisitors = batch.taps
    .flatMap((t) => {
      const salt = salts.get(t.day);
      return salt
        ? [{ day: t.day, visitor_hash: visitorHash(salt, site, t.visitorDigest), kind: t.kind, page: t.page }]
        : [];
    })
    .sort(byKey((r) => JSON.stringify([r.day, r.visitor_hash, r.kind, r.page])));
  const tapKey = (t: { day: string; kind: string; page: string; visitor_hash: string }) =>
    JSON.stringify([t.day, t.kind, t.page, t.visitor_hash]);
  const tapsOf = (firstTaps: Set<string>) => {
    const counts = new Map<
      string,
      { day: string; kind: string; taps: number } & ReturnType<typeof sourceColumns>
    >();
    for (const t of batch.taps) {
      const salt = salts.get(t.day);
      if (salt && !firstTaps.has(tapKey({ ...t, visitor_hash: visitorHash(salt, site, t.visitorDigest) })))
        continue;
      const row = { day: t.day, kind: t.kind, ...sourceColumns(t) };
      const key = JSON.stringify(Object.values(row));
      const counted = counts.get(key);
      if (counted) counted.taps++;
      else counts.set(key, { ...row, taps: 1 });
    }
    return [...counts.values()].sort(
      byKey((r) =>
        JSON.stringify([r.day, r.kind, r.page, r.referrer_host, r.utm_source, r.utm_medium, r.utm_campaign]),
      ),
    );
  };

  await db.transaction().execute(async (trx) => {
    for (const rows of chunks(views)) {
      await trx
        .insertInto("visit_counts")
        .values(rows)
        .onConflict((oc) =>
          oc
            .columns(["day", ...SOURCE_COLUMNS, "device"])
            .doUpdateSet({ views: sql<number>`visit_counts.views + excluded.views` }),
        )
        .execute();
    }
    for (const rows of chunks(visitors)) {
      await trx
        .insertInto("visit_visitors")
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    const firstTaps = new Set<string>();
    for (const rows of chunks(tapVisitors)) {
      const stored = await trx
        .insertInto("contact_tap_visitors")
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .returning(["day", "visitor_hash", "kind", "page"])
        .execute();
      for (const row of stored) firstTaps.add(tapKey(row));
    }
    for (const rows of chunks(tapsOf(firstTaps))) {
      await trx
        .insertInto("contact_taps")
        .values(rows)
        .onConflict((oc) =>
          oc
            .columns(["day", "kind", ...SOURCE_COLUMNS])
            .doUpdateSet({ taps: sql<number>`contact_taps.taps + excluded.taps` }),
        )
        .execute();
    }
  });
}

/**
 * Days before `firstKeptDay` are over: count their unique visitors once (whole site, per page,
 * per source) into visit_uniques, then delete their visitor hashes and salts. Several instances
 * may run it together: the counts are written `on conflict do nothing`, in one transaction with
 * the deletions, so a second run finds nothing left to count.
 */
export async function closeFinishedDays(db: Kysely<Database>, firstKeptDay: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const finished = trx.selectFrom("visit_visitors").where("day", "<", firstKeptDay);
    const uniques = sql<number>`count(distinct visitor_hash)`;
    const empty = sql<string>`''`;
    const groupings = [
      finished
        .select(["day", sql<string>`'site'`.as("grouping"), empty.as("page"), empty.as("referrer_host")])
        .select([
          empty.as("utm_source"),
          empty.as("utm_medium"),
          empty.as("utm_campaign"),
          uniques.as("visitors"),
        ])
        .groupBy("day"),
      finished
        .select(["day", sql<string>`'page'`.as("grouping"), "page", empty.as("referrer_host")])
        .select([
          empty.as("utm_source"),
          empty.as("utm_medium"),
          empty.as("utm_campaign"),
          uniques.as("visitors"),
        ])
        .groupBy(["day", "page"]),
      finished
        .select(["day", sql<string>`'source'`.as("grouping"), empty.as("page"), "referrer_host"])
        .select(["utm_source", "utm_medium", "utm_campaign", uniques.as("visitors")])
        .groupBy(["day", "referrer_host", "utm_source", "utm_medium", "utm_campaign"]),
    ];
    for (const grouping of groupings) {
      await trx
        .insertInto("visit_uniques")
        .columns(["day", "grouping", ...SOURCE_COLUMNS, "visitors"])
        .expression(grouping)
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await trx.deleteFrom("visit_visitors").where("day", "<", firstKeptDay).execute();
    await trx.deleteFrom("contact_tap_visitors").where("day", "<", firstKeptDay).execute();
    await trx.deleteFrom("visit_salts").where("day", "<", firstKeptDay).execute();
  });
}
