import { type Kysely, sql } from "kysely";
import { type CategoryRef, type PostDetail, type PostSummary, RELATED_POSTS_LIMIT } from "~/lib/blog-types";
import { hasAvif, type MediaView, parseMediaUrl } from "~/lib/media-url";
import { contentMemo, contentMemoByKey } from "../db/content-memo.server";
import { database } from "../db/database.server";
import { reusableQuery } from "../db/reusable-query.server";
import type { Database } from "../db/schema";
import { type ArticleSeo, articleSeo } from "./article-seo.server";

// Read side of the public blog. Every query joins the category (no N+1) and returns only
// published posts; each page runs a fixed, small number of queries, and what the pages read is
// memoised until the content changes (the search is not: free text would fill the memo).

/** A post card's columns, from `blog_posts as p` joined with `categories as c`. */
const SUMMARY_COLUMNS = [
  "p.id",
  "p.title",
  "p.slug",
  "p.excerpt",
  "p.featured",
  "p.read_time",
  "p.published_at",
  "p.featured_image_url",
  "c.id as category_id",
  "c.name as category_name",
  "c.slug as category_slug",
  "m.alt as featured_image_alt",
  "m.formats as featured_image_formats",
] as const;

/**
 * The featured image's library row, by the hash in its URL (`/media/<hash>/…`, the hash at
 * characters 8–39): its alt text and formats come with the post, in the same query, through
 * the unique index on media.hash. Any other URL matches nothing.
 */
const featuredMediaJoin = sql<boolean>`m.hash = substr(p.featured_image_url, 8, 32)`;

export function summaryQuery(db: Kysely<Database>) {
  return db
    .selectFrom("blog_posts as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .leftJoin("media as m", (join) => join.on(featuredMediaJoin))
    .where("p.status", "=", "published")
    .select(SUMMARY_COLUMNS);
}

export type SummaryRow = {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  featured: boolean | number;
  read_time: number;
  published_at: string | null;
  featured_image_url: string | null;
  category_id: string;
  category_name: string;
  category_slug: string;
  featured_image_alt: string | null;
  featured_image_formats: string | null;
};

function featuredImageOf(row: SummaryRow): MediaView | null {
  const parts = row.featured_image_url ? parseMediaUrl(row.featured_image_url) : null;
  if (!parts || row.featured_image_formats === null) return null;
  return { ...parts, alt: row.featured_image_alt ?? "", avif: hasAvif(row.featured_image_formats) };
}

export function toSummary(row: SummaryRow): PostSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    featured: Boolean(row.featured),
    readTime: row.read_time,
    publishedAt: row.published_at,
    featuredImageUrl: row.featured_image_url,
    featuredImage: featuredImageOf(row),
    category: { id: row.category_id, name: row.category_name, slug: row.category_slug },
  };
}

const byName = new Intl.Collator("pt-BR", { sensitivity: "base" });

/** Categories in pt-BR alphabetical order ("Área" before "Fachadas"): the databases' own
 *  collations sort by bytes, so the few rows are sorted here. */
export async function listCategories(): Promise<CategoryRef[]> {
  const db = await database();
  const rows = await db.selectFrom("categories").select(["id", "name", "slug"]).execute();
  return rows.sort((a, b) => byName.compare(a.name, b.name));
}

/** The categories as /blog lists them, memoised (the admin reads them fresh: listCategories). */
export const listPublicCategories: () => Promise<CategoryRef[]> = contentMemo(listCategories);

export interface BlogListing {
  featured: PostSummary | null;
  posts: PostSummary[];
  hasMore: boolean;
}

async function loadBlogListing(categoryId: string | null, visible: number): Promise<BlogListing> {
  const db = await database();
  let featuredQuery = summaryQuery(db).where("p.featured", "=", true);
  let postsQuery = summaryQuery(db).where("p.featured", "=", false);
  if (categoryId) {
    featuredQuery = featuredQuery.where("p.category_id", "=", categoryId);
    postsQuery = postsQuery.where("p.category_id", "=", categoryId);
  }
  const [featured, rows] = await Promise.all([
    featuredQuery.orderBy("p.published_at", "desc").orderBy("p.id").limit(1).executeTakeFirst(),
    postsQuery
      .orderBy("p.published_at", "desc")
      .orderBy("p.id")
      .limit(visible + 1)
      .execute(),
  ]);
  return {
    featured: featured ? toSummary(featured) : null,
    posts: rows.slice(0, visible).map(toSummary),
    hasMore: rows.length > visible,
  };
}

// Keyed by text: a category id cannot hold a space, and `visible` is a number.
const memoisedListing = contentMemoByKey((key: string) => {
  const [visible = "", categoryId = ""] = key.split(" ");
  return loadBlogListing(categoryId || null, Number(visible));
});

/**
 * What /blog shows: the first featured post of the (filtered) list, and the first `visible`
 * non-featured posts, newest first.
 */
export function getBlogListing(categoryId: string | null, visible: number): Promise<BlogListing> {
  return memoisedListing(`${visible} ${categoryId ?? ""}`);
}

export interface Article {
  post: PostDetail;
  /** The newest other published posts of the same category. */
  related: PostSummary[];
  /** What the page tells search engines and social networks beyond its content. */
  seo: ArticleSeo;
}

/** A published post (with its content) and its related posts (content null), by slug. */
const articleRows = reusableQuery(["slug"], (db, { slug }) => {
  const relatedIds = db
    .selectFrom("blog_posts as r")
    .select("r.id")
    .where("r.status", "=", "published")
    .where("r.slug", "!=", slug)
    .where("r.category_id", "=", (eb) =>
      eb
        .selectFrom("blog_posts as a")
        .select("a.category_id")
        .where("a.slug", "=", slug)
        .where("a.status", "=", "published"),
    )
    .orderBy("r.published_at", "desc")
    .orderBy("r.id")
    .limit(RELATED_POSTS_LIMIT);
  return summaryQuery(db)
    .leftJoin("users as u", "u.id", "p.author_id")
    .select((eb) => [
      eb.ref("p.content").$castTo<string | null>().as("content"),
      eb.ref("p.updated_at").$castTo<string | null>().as("updated_at"),
      eb.ref("p.meta_title").as("meta_title"),
      eb.ref("p.meta_description").as("meta_description"),
      eb.ref("p.social_image_url").as("social_image_url"),
      eb.ref("p.noindex").$castTo<boolean | number | null>().as("noindex"),
      eb.ref("u.name").$castTo<string | null>().as("author_name"),
    ])
    .where("p.slug", "=", slug)
    .unionAll(
      // Joined from the related ids (already published), so that both engines look the posts
      // up by primary key: given "p.id in (…)" beside "p.status = …", SQLite walks the status
      // index instead (a millisecond a query with a thousand posts).
      db
        .selectFrom(relatedIds.as("related"))
        .innerJoin("blog_posts as p", "p.id", "related.id")
        .innerJoin("categories as c", "c.id", "p.category_id")
        .leftJoin("media as m", (join) => join.on(featuredMediaJoin))
        .select(SUMMARY_COLUMNS)
        .select([
          sql<string | null>`null`.as("content"),
          sql<string | null>`null`.as("updated_at"),
          sql<string | null>`null`.as("meta_title"),
          sql<string | null>`null`.as("meta_description"),
          sql<string | null>`null`.as("social_image_url"),
          sql<boolean | number | null>`null`.as("noindex"),
          sql<string | null>`null`.as("author_name"),
        ]),
    );
});

/**
 * A published post, its SEO fields and its related posts, in one query: on PostgreSQL each round trip to the
 * server costs more than the rows (a socket write and read, a parse, a wake-up), and an article
 * is the page rendered most often.
 */
async function loadPublishedArticle(slug: string): Promise<Article | null> {
  const rows = await articleRows(await database(), { slug });
  const article = rows.find((row) => row.slug === slug);
  if (!article) return null;
  const related = rows
    .filter((row) => row !== article)
    .map(toSummary)
    .sort((a, b) => (b.publishedAt ?? "").localeCompare(a.publishedAt ?? "") || a.id.localeCompare(b.id));
  return {
    post: {
      ...toSummary(article),
      content: article.content ?? "",
      updatedAt: article.updated_at ?? "",
    },
    related,
    seo: articleSeo(article),
  };
}

/** A published post, its SEO fields and its related posts, by slug; null when not published. */
export const getPublishedArticle: (slug: string) => Promise<Article | null> =
  contentMemoByKey(loadPublishedArticle);

/** Every published post's address and last change, newest first (sitemap). Only the two
 *  columns it needs: with thousands of posts, reading whole rows is what costs. */
export const listPublishedSlugs: () => Promise<Array<{ slug: string; updatedAt: string }>> = contentMemo(
  async () => {
    const db = await database();
    const rows = await db
      .selectFrom("blog_posts")
      .select(["slug", "updated_at"])
      .where("status", "=", "published")
      // A post marked noindex stays on the blog but leaves the sitemap (migration 0013).
      .where("noindex", "=", false)
      .orderBy("published_at", "desc")
      .execute();
    return rows.map((row) => ({ slug: row.slug, updatedAt: row.updated_at }));
  },
);

async function loadPublishedForIndex(limit: number) {
  const db = await database();
  const rows = await summaryQuery(db)
    .select(["p.updated_at"])
    .orderBy("p.published_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toSummary(row), updatedAt: row.updated_at }));
}

/** The newest published posts with their summaries (feed). */
export const listPublishedForIndex = contentMemoByKey(loadPublishedForIndex);
