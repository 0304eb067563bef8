import { BLOG_PAGE_SIZE } from "./blog-types";

// Kept apart from blog-query.ts so the browser bundle does not carry Zod.

export interface BlogQuery {
  categorySlug: string | null;
  visible: number;
  /** The words searched for (?busca=), or null/absent when the list is not a search. */
  search?: string | null;
}

/** The URL of a blog list state; the defaults are left out so each state has one address. */
export function blogListHref({ categorySlug, visible, search }: BlogQuery): string {
  const params = new URLSearchParams();
  if (categorySlug) params.set("categoria", categorySlug);
  if (search) params.set("busca", search);
  if (visible > BLOG_PAGE_SIZE) params.set("mostrar", String(visible));
  const query = params.toString();
  return query ? `/blog?${query}` : "/blog";
}
