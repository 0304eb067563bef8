import { type Kysely, sql } from "kysely";

// Pages whose address ends in a single-use secret (an invitation, a password reset, a post's
// share link) were kept with the token as a tap's page, and a quote request's source page could
// name one through its Referer: a reset token read from the Painel, a CSV or a backup set
// another account's password. From now on they are kept by their route's pattern
// (app/lib/page-label.ts); this relabels what is stored. The patterns and the matching are
// spelled out here, so later code never changes what this migration did.

const SECRET_PAGES = [
  { like: "%/convite/%", pattern: "/convite/:token" },
  { like: "%/redefinir-senha/%", pattern: "/redefinir-senha/:token" },
  { like: "%/blog/previa/%", pattern: "/blog/previa/:token" },
];

/** The aggregate tables with a page in their key, their other key columns and their count. */
const AGGREGATES: { table: string; keys: string[]; sum: string | null }[] = [
  {
    table: "contact_taps",
    keys: ["day", "kind", "referrer_host", "utm_source", "utm_medium", "utm_campaign"],
    sum: "taps",
  },
  {
    table: "visit_counts",
    keys: ["day", "referrer_host", "utm_source", "utm_medium", "utm_campaign", "device"],
    sum: "views",
  },
  {
    table: "visit_uniques",
    keys: ["day", "grouping", "referrer_host", "utm_source", "utm_medium", "utm_campaign"],
    sum: "visitors",
  },
  {
    table: "visit_visitors",
    keys: ["day", "visitor_hash", "referrer_host", "utm_source", "utm_medium", "utm_campaign"],
    sum: null,
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { like, pattern } of SECRET_PAGES) {
    const secret = sql`lower(page) like ${like} and page <> ${pattern}`;
    for (const { table, keys, sum } of AGGREGATES) {
      const keyList = sql.join(keys.map((k) => sql.ref(k)));
      const columns = sql.join([...keys, "page", ...(sum ? [sum] : [])].map((c) => sql.ref(c)));
      const values = sum ? sql`${keyList}, ${pattern}, sum(${sql.ref(sum)})` : sql`${keyList}, ${pattern}`;
      const conflict = sql.join([...keys, "page"].map((c) => sql.ref(c)));
      const onConflict = sum
        ? sql`do update set ${sql.ref(sum)} = ${sql.ref(`${table}.${sum}`)} + excluded.${sql.ref(sum)}`
        : sql`do nothing`;
      // Rows that differ only by the token become one row of the pattern, their counts added.
      await sql`insert into ${sql.table(table)} (${columns})
        select ${values} from ${sql.table(table)} where ${secret} group by ${keyList}
        on conflict (${conflict}) ${onConflict}`.execute(db);
      await sql`delete from ${sql.table(table)} where ${secret}`.execute(db);
    }
    await sql`update leads set source_page = ${pattern} where lower(source_page) like ${like} and source_page <> ${pattern}`.execute(
      db,
    );
  }
}

export async function down(): Promise<void> {
  // The tokens are gone on purpose: nothing to put back.
}
