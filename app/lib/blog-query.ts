import { z } from "zod";
import { BLOG_PAGE_SIZE } from "./blog-types";

/** Upper bound on "Carregar Mais Artigos", so a crafted URL cannot ask for every post. */
export const MAX_VISIBLE_POSTS = 200;

export interface BlogQuery {
  categorySlug: string | null;
  visible: number;
}

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

/** Read the blog list state from the URL (?categoria=fachadas&mostrar=8); bad values fall back. */
export function parseBlogQuery(params: URLSearchParams): BlogQuery {
  const { categoria, mostrar } = querySchema.parse({
    categoria: params.get("categoria"),
    mostrar: params.get("mostrar") ?? undefined,
  });
  const pages = Math.ceil(Math.min(mostrar, MAX_VISIBLE_POSTS) / BLOG_PAGE_SIZE);
  return { categorySlug: categoria, visible: pages * BLOG_PAGE_SIZE };
}

/** The URL of a blog list state; the defaults are left out so each state has one address. */
export function blogListHref({ categorySlug, visible }: BlogQuery): string {
  const params = new URLSearchParams();
  if (categorySlug) params.set("categoria", categorySlug);
  if (visible > BLOG_PAGE_SIZE) params.set("mostrar", String(visible));
  const query = params.toString();
  return query ? `/blog?${query}` : "/blog";
}
