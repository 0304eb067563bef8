import { z } from "zod";
import type { BlogQuery } from "./blog-href";
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

/** Read the blog list state from the URL (?categoria=fachadas&mostrar=8); bad values fall back. */
export function parseBlogQuery(params: URLSearchParams): BlogQuery {
  const { categoria, mostrar } = querySchema.parse({
    categoria: params.get("categoria"),
    mostrar: params.get("mostrar") ?? undefined,
  });
  const pages = Math.ceil(Math.min(mostrar, MAX_VISIBLE_POSTS) / BLOG_PAGE_SIZE);
  return { categorySlug: categoria, visible: pages * BLOG_PAGE_SIZE };
}
