import { z } from "zod";
import type { BlogQuery } from "./blog-href";
import { MAX_SEARCH_LENGTH } from "./blog-search-limits";
import { BLOG_PAGE_SIZE } from "./blog-types";

/** Upper bound on "Carregar Mais Artigos", so a crafted URL cannot ask for every post. */
export const MAX_VISIBLE_POSTS = 200;

const querySchema = z.object({
  categoria: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,80}$/)
    .nullable()
    .catch(null),
  mostrar: z.coerce.number().int().min(BLOG_PAGE_SIZE).catch(BLOG_PAGE_SIZE),
});

export interface ParsedBlogQuery extends BlogQuery {
  search: string | null;
  /** The search was longer than MAX_SEARCH_LENGTH: `search` holds its beginning only. */
  searchTooLong: boolean;
}

/**
 * The search as typed, tidied: one form of each accented letter (NFC), control characters and
 * runs of spaces made single spaces. Empty means no search.
 */
function tidySearch(raw: string | null): string | null {
  if (raw === null) return null;
  const tidy = raw
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu, " ")
    .trim();
  return tidy || null;
}

/** Cut at a character boundary (an emoji is one character, never half of one). */
function firstCharacters(text: string, count: number): string {
  return [...text].slice(0, count).join("").trim();
}

/**
 * Read the blog list state from the URL (?categoria=fachadas&busca=laje&mostrar=8); bad values
 * fall back, and a search too long is cut and flagged for a message.
 */
export function parseBlogQuery(params: URLSearchParams): ParsedBlogQuery {
  const { categoria, mostrar } = querySchema.parse({
    categoria: params.get("categoria"),
    mostrar: params.get("mostrar") ?? undefined,
  });
  const pages = Math.ceil(Math.min(mostrar, MAX_VISIBLE_POSTS) / BLOG_PAGE_SIZE);
  const search = tidySearch(params.get("busca"));
  const searchTooLong = search !== null && [...search].length > MAX_SEARCH_LENGTH;
  return {
    categorySlug: categoria,
    visible: pages * BLOG_PAGE_SIZE,
    search: search && searchTooLong ? firstCharacters(search, MAX_SEARCH_LENGTH) : search,
    searchTooLong,
  };
}
