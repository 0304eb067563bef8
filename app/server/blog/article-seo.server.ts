import { parseMediaUrl } from "~/lib/media-url";
import { database } from "../db/database.server";

// What an article page tells search engines and social networks beyond its content: the post's
// own SEO fields (migration 0013) and its author's name. One indexed read by the post's id,
// made only when the page is rendered (the render cache keeps the result).

export interface ArticleImage {
  url: string;
  width: number;
  height: number;
}

export interface ArticleSeo {
  metaTitle: string | null;
  metaDescription: string | null;
  /** The social image, else the featured image; with its size when it is a library image. */
  image: ArticleImage | null;
  noindex: boolean;
  /** The author's name, when the post has an author with a name. */
  authorName: string | null;
}

/** The size a library image's URL carries, or null for another URL. */
export function articleImage(url: string | null): ArticleImage | null {
  if (!url) return null;
  const parts = parseMediaUrl(url);
  return parts ? { url, width: parts.width, height: parts.height } : null;
}

export async function getArticleSeo(postId: string): Promise<ArticleSeo | null> {
  const db = await database();
  const row = await db
    .selectFrom("blog_posts as p")
    .leftJoin("users as u", "u.id", "p.author_id")
    .select([
      "p.meta_title",
      "p.meta_description",
      "p.social_image_url",
      "p.featured_image_url",
      "p.noindex",
      "u.name as author_name",
    ])
    .where("p.id", "=", postId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    image: articleImage(row.social_image_url) ?? articleImage(row.featured_image_url),
    noindex: Boolean(row.noindex),
    authorName: row.author_name?.trim() || null,
  };
}
