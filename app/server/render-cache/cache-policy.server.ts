import { blogListHref } from "~/lib/blog-href";
import { parseBlogQuery } from "~/lib/blog-query";
import { parseWorksPage, worksListHref } from "~/lib/works";

// Which public addresses the render cache keeps, under which key, and the tags that purge
// them (announced by the database, migrations 0004, 0008 and 0009). Routes add tags only they can
// know (an article's category, the library images a page shows) in the RENDER_TAGS_HEADER of
// their response.

/** Pages that change only with a deploy (a restart empties the cache). */
const STATIC = "static";
/** Every listing of posts: the blog list, the sitemap, the feed. */
const BLOG = "blog";
/** Every page with the footer, which lists the services (migration 0008 names the others). */
const FOOTER = "footer";
/** The home page: its service cards, numbers and reasons. */
const HOME = "home";
/** /servicos: every service in full. */
const SERVICES = "services";
/** /obras (every page of it), where the visible testimonials are. */
const TESTIMONIALS = "testimonials";
/** /obras (the published works in order) and the sitemap, which lists each work's page. */
export const WORKS = "works";

const fixedPages: Record<string, string[]> = {
  "/": [STATIC, FOOTER, HOME],
  "/servicos": [STATIC, FOOTER, SERVICES],
  "/contato": [STATIC, FOOTER],
  "/politica-de-privacidade": [STATIC, FOOTER],
  "/sitemap.xml": [BLOG, WORKS],
  "/blog/rss.xml": [BLOG],
};

/**
 * Announced when the company facts change (migration 0007). Every page shows them (header,
 * footer, JSON-LD), so it empties the whole cache rather than naming pages.
 */
export const SITE_TAG = "site";

const ARTICLE_PATH = /^\/blog\/[a-z0-9-]{1,200}$/;
const WORK_PATH = /^\/obras\/([a-z0-9-]{1,200})$/;

/** Response header in which a route names extra tags; the HTTP layer removes it. */
export const RENDER_TAGS_HEADER = "X-Render-Cache-Tags";
/** Response header naming the per-response values the body holds a placeholder for. */
export const RENDER_SLOTS_HEADER = "X-Render-Slots";

export function postTag(slug: string): string {
  return `post:${slug}`;
}

/** A work's own page, /obras/{slug} (migration 0009). */
export function workTag(slug: string): string {
  return `work:${slug}`;
}

export function categoryTag(categoryId: string): string {
  return `category:${categoryId}`;
}

/**
 * A page that shows a library image carries its tag: the database announces it when the
 * image's alt text or formats change, or it is deleted (migration 0006).
 */
export function mediaTag(hash: string): string {
  return `media:${hash}`;
}

/** The tags of the library images a page shows, for its RENDER_TAGS_HEADER. */
export function mediaTags(hashes: Iterable<string>): string[] {
  return [...new Set(hashes)].map(mediaTag);
}

/**
 * The response init of a loader whose page shows these tags (a page's own, its library
 * images'), or undefined when there are none: `data(value, renderTagsInit(tags))`.
 */
export function renderTagsInit(tags: readonly string[]): ResponseInit | undefined {
  return tags.length ? { headers: { [RENDER_TAGS_HEADER]: tags.join(" ") } } : undefined;
}

/** Cache-Control of a public page: browsers revalidate (ETag), a CDN may keep it briefly. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
/** A page with per-response values (the quote form's token) must be fetched each time. */
export const PER_RESPONSE_CACHE_CONTROL = "no-cache";

export interface CacheablePage {
  /** Same key, same rendered bytes: query parameters the page ignores are left out. */
  key: string;
  tags: string[];
}

/** The cache key and base tags of a public address, or undefined when it is never cached. */
export function cacheablePage(url: URL): CacheablePage | undefined {
  const { pathname } = url;
  const fixed = fixedPages[pathname];
  if (fixed) return { key: pathname, tags: fixed };
  if (pathname === "/blog") {
    const query = parseBlogQuery(url.searchParams);
    // Searches are never kept: anyone can make up endless queries, and each would push a
    // page that visitors share out of the cache (docs/decisions/0025-blog-search.md).
    if (query.search !== null) return undefined;
    return { key: blogListHref(query), tags: [BLOG, FOOTER] };
  }
  if (pathname === "/obras") {
    return {
      key: worksListHref(parseWorksPage(url.searchParams)),
      tags: [STATIC, FOOTER, TESTIMONIALS, WORKS],
    };
  }
  if (ARTICLE_PATH.test(pathname)) return { key: pathname, tags: [FOOTER] };
  const work = WORK_PATH.exec(pathname);
  if (work?.[1]) return { key: pathname, tags: [STATIC, FOOTER, workTag(work[1])] };
  return undefined;
}
