import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { PostSummary } from "~/lib/blog-types";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import { summaryQuery, toSummary } from "./public-posts.server";
import { searchWords, sqliteMatchExpression } from "./search-terms.server";

// /blog?busca=…: published posts matching every word of the search, best matches first, in
// one query (matches, count and cards). Migration 0011 keeps the engines' indexes in step
// with the posts; docs/decisions/0025-blog-search.md says how each engine matches and ranks.

/** The search tables of migration 0011 (SQLite), which the application never writes. */
type SqliteSearchTables = {
  blog_search: { rowid: number; blog_search: string; title: string; excerpt: string; body: string };
  blog_search_rows: { id: number; post_id: string; category_id: string; published_at: string | null };
};

/** bm25 weights of the FTS5 columns title, excerpt, body: a title match outranks the rest. */
const SQLITE_COLUMN_WEIGHTS = sql.raw("10.0, 4.0, 1.0");

export interface SearchResults {
  /** Every published post that matches (in the category, when one is chosen). */
  total: number;
  /** The first `visible` of them, best match first. */
  posts: PostSummary[];
  hasMore: boolean;
}

const NO_RESULTS: SearchResults = { total: 0, posts: [], hasMore: false };

/**
 * The best `limit` matches (post id, a score where higher is better, the count of all
 * matches), ranked and cut before any post row is read: a common word matches most posts, and
 * reading each one's row (with its content) would cost more than everything else together.
 */
function bestMatches(db: Kysely<Database>, words: string[], categoryId: string | null, limit: number) {
  // The limit is written into the SQL (a small integer from parseBlogQuery): told only "?",
  // SQLite's planner expects many matches and walks every published post instead.
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`invalid search limit ${limit}`);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Folded by the same function as the indexed column, so both sides lose the same accents.
    const query = sql`plainto_tsquery('pg_catalog.portuguese'::regconfig, blog_search_fold(${words.join(" ")}))`;
    let matches = db
      .selectFrom("blog_posts as s")
      .select([
        "s.id as post_id",
        sql<number>`ts_rank(s.search_document, ${query})`.as("score"),
        sql<number | string>`count(*) over ()`.as("total"),
      ])
      .where(sql<boolean>`s.search_document @@ ${query}`)
      .where("s.status", "=", "published");
    if (categoryId) matches = matches.where("s.category_id", "=", categoryId);
    return matches
      .orderBy("score", "desc")
      .orderBy("s.published_at", "desc")
      .orderBy("s.id")
      .limit(sql.lit(limit));
  }
  const sqlite = db.withTables<SqliteSearchTables>();
  // bm25() cannot run beside a window function: it is computed in a subquery of its own.
  let scored = sqlite
    .selectFrom("blog_search")
    .innerJoin("blog_search_rows as r", "r.id", "blog_search.rowid")
    .select([
      "r.post_id",
      "r.published_at",
      sql<number>`-bm25(blog_search, ${SQLITE_COLUMN_WEIGHTS})`.as("score"),
    ])
    .where(sql<boolean>`blog_search MATCH ${sqliteMatchExpression(words)}`);
  if (categoryId) scored = scored.where("r.category_id", "=", categoryId);
  return sqlite
    .selectFrom(scored.as("m"))
    .select(["m.post_id", "m.score", sql<number | string>`count(*) over ()`.as("total")])
    .orderBy("m.score", "desc")
    .orderBy("m.published_at", "desc")
    .orderBy("m.post_id")
    .limit(sql.lit(limit));
}

/** Published posts matching every word of `text`, within a category when one is given. */
export async function searchPublishedPosts(
  text: string,
  categoryId: string | null,
  visible: number,
): Promise<SearchResults> {
  const words = searchWords(text);
  if (!words.length) return NO_RESULTS;
  const db = await database();
  const rows = await summaryQuery(db)
    .innerJoin(bestMatches(db, words, categoryId, visible + 1).as("hit"), "hit.post_id", "p.id")
    .select("hit.total")
    .orderBy("hit.score", "desc")
    .orderBy("p.published_at", "desc")
    .orderBy("p.id")
    .execute();
  return {
    total: Number(rows[0]?.total ?? 0),
    posts: rows.slice(0, visible).map(toSummary),
    hasMore: rows.length > visible,
  };
}
