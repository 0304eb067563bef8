// A year of cookie-free visit counts for `npm run bench`: 100 pages, 20 sources (ten sites,
// nine campaign sources with their campaigns, and direct visits), clicks within the site, three
// device classes, contact taps on every kind of link, as the counter's flushes and the closing
// of each finished day would have left them (docs/decisions/0059). The conversions dashboard
// reads these rows over its default 12 weeks and over the whole year.
import type { Kysely } from "kysely";
import type { Database } from "../app/server/db/schema.ts";

export const BENCH_VISIT_DAYS = 365;
export const BENCH_VISIT_PAGES = 100;
const ROWS_PER_PAGE_AND_DAY = 3;
const TAP_ROWS_PER_DAY = 24;
const BATCH = 500;

const sites = [
  "www.google.com",
  "www.bing.com",
  "l.instagram.com",
  "lm.facebook.com",
  "duckduckgo.com",
  "t.co",
  "www.linkedin.com",
  "br.search.yahoo.com",
  "news.google.com",
  "chatgpt.com",
];
const campaignSources = [
  "google",
  "instagram",
  "newsletter",
  "facebook",
  "whatsapp",
  "youtube",
  "tiktok",
  "linkedin",
  "bing",
];
const campaigns = ["verao", "fachadas-2026", "laudo-inspecao"];

interface Source {
  referrer_host: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
}

/** The 20 sources (and their campaigns), plus clicks within the site. */
const sources: Source[] = [
  ...sites.map((host) => ({ referrer_host: host, utm_source: "", utm_medium: "", utm_campaign: "" })),
  ...campaignSources.flatMap((source, i) =>
    campaigns.slice(0, 1 + (i % 3)).map((campaign) => ({
      referrer_host: i % 2 ? "l.instagram.com" : "",
      utm_source: source,
      utm_medium: i % 2 ? "social" : "cpc",
      utm_campaign: campaign,
    })),
  ),
  { referrer_host: "", utm_source: "", utm_medium: "", utm_campaign: "" },
];
const internal: Source = { referrer_host: "(interno)", utm_source: "", utm_medium: "", utm_campaign: "" };

const pages = [
  "/",
  "/servicos",
  "/obras",
  "/contato",
  "/blog",
  ...Array.from({ length: BENCH_VISIT_PAGES - 5 }, (_, i) => `/blog/post-${i}`),
];
const devices = ["celular", "tablet", "computador"];
const kinds = ["whatsapp", "telefone", "email"];

function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const sourceKey = (s: Source) => `${s.referrer_host}\n${s.utm_source}\n${s.utm_medium}\n${s.utm_campaign}`;

async function insertAll<T extends keyof Database>(db: Kysely<Database>, table: T, rows: unknown[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
  }
}

/**
 * Insert `days` finished days ending yesterday (UTC dates stand in for São Paulo's: one day
 * apart at most, which changes nothing measured). Returns the rows written per table.
 */
export async function seedBenchVisits(
  db: Kysely<Database>,
  days = BENCH_VISIT_DAYS,
): Promise<{ views: number; uniques: number; taps: number; insertMs: number }> {
  const started = performance.now();
  const random = sequence(59);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  let views = 0;
  let uniques = 0;
  let taps = 0;
  for (let d = days; d >= 1; d--) {
    const day = new Date(today - d * 86_400_000).toISOString().slice(0, 10);
    const viewRows = new Map<string, Record<string, string | number>>();
    const pageVisitors = new Map<string, number>();
    const sourceVisitors = new Map<string, { source: Source; visitors: number }>();
    for (const page of pages) {
      // The home page and the few main pages get more traffic than an old post.
      const weight = pages.indexOf(page) < 5 ? 8 : 1;
      for (let n = 0; n < ROWS_PER_PAGE_AND_DAY; n++) {
        const source = random() < 0.5 ? internal : pick(sources);
        const device = pick(devices);
        const count = 1 + Math.floor(random() * 6 * weight);
        const key = `${page}\n${sourceKey(source)}\n${device}`;
        const row = viewRows.get(key);
        if (row) row.views = Number(row.views) + count;
        else viewRows.set(key, { day, page, ...source, device, views: count });
        const visitors = Math.max(1, Math.round(count * 0.7));
        pageVisitors.set(page, (pageVisitors.get(page) ?? 0) + visitors);
        const bySource = sourceVisitors.get(sourceKey(source));
        if (bySource) bySource.visitors += visitors;
        else sourceVisitors.set(sourceKey(source), { source, visitors });
      }
    }
    const empty = { page: "", referrer_host: "", utm_source: "", utm_medium: "", utm_campaign: "" };
    const siteVisitors = Math.round([...pageVisitors.values()].reduce((a, b) => a + b, 0) * 0.6);
    const uniqueRows = [
      { day, grouping: "site", ...empty, visitors: siteVisitors },
      ...[...pageVisitors].map(([page, visitors]) => ({ day, grouping: "page", ...empty, page, visitors })),
      ...[...sourceVisitors.values()].map(({ source, visitors }) => ({
        day,
        grouping: "source",
        ...empty,
        ...source,
        visitors,
      })),
    ];
    const tapRows = new Map<string, Record<string, string | number>>();
    for (let n = 0; n < TAP_ROWS_PER_DAY; n++) {
      const page = pick(pages.slice(0, 30));
      const source = pick(sources);
      const kind = pick(kinds);
      const key = `${kind}\n${page}\n${sourceKey(source)}`;
      const row = tapRows.get(key);
      if (row) row.taps = Number(row.taps) + 1;
      else tapRows.set(key, { day, kind, page, ...source, taps: 1 });
    }
    await insertAll(db, "visit_counts", [...viewRows.values()]);
    await insertAll(db, "visit_uniques", uniqueRows);
    await insertAll(db, "contact_taps", [...tapRows.values()]);
    views += viewRows.size;
    uniques += uniqueRows.length;
    taps += tapRows.size;
  }
  return { views, uniques, taps, insertMs: performance.now() - started };
}
