import type { PostDetail } from "~/lib/blog-types";
import { database } from "../db/database.server";
import { mediaHashesInHtml, withLibraryImages } from "../media/content-images.server";
import { mediaViewsByHash } from "../media/media-library.server";
import { sanitizePostHtml } from "./html-sanitizer.server";
import type { Article } from "./public-posts.server";

/** A draft as the article layout shows it: no SEO fields (previews are never indexed). */
type DraftArticle = Omit<Article, "seo">;

// A post that is not (or not yet) public, shown in the public article layout: the editor's
// unsaved values ('Visualizar') or a post's current draft (a share link). The content goes
// through the same sanitiser as a published article's.

export interface DraftValues {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  categoryId: string;
  readTime: number;
  featured: boolean;
  featuredImageUrl: string | null;
  publishedAt: string | null;
  updatedAt: string;
}

/** The article a draft would make, or null when its category does not exist. */
export async function draftArticle(draft: DraftValues): Promise<DraftArticle | null> {
  const db = await database();
  const category = await db
    .selectFrom("categories")
    .select(["id", "name", "slug"])
    .where("id", "=", draft.categoryId)
    .executeTakeFirst();
  if (!category) return null;
  const sanitized = sanitizePostHtml(draft.content);
  const hashes = mediaHashesInHtml(sanitized);
  const content = hashes.length ? withLibraryImages(sanitized, await mediaViewsByHash(hashes)) : sanitized;
  const post: PostDetail = {
    id: "previa",
    title: draft.title,
    slug: draft.slug,
    excerpt: draft.excerpt,
    category,
    featured: draft.featured,
    readTime: draft.readTime,
    publishedAt: draft.publishedAt,
    featuredImageUrl: draft.featuredImageUrl,
    featuredImage: null,
    content,
    updatedAt: draft.updatedAt,
  };
  return { post, related: [] };
}

/** A saved post's current values as a draft article (share links), or null when it is gone. */
export async function savedPostArticle(postId: string): Promise<DraftArticle | null> {
  const db = await database();
  const row = await db
    .selectFrom("blog_posts")
    .select([
      "title",
      "slug",
      "excerpt",
      "content",
      "category_id",
      "read_time",
      "featured",
      "featured_image_url",
      "published_at",
      "updated_at",
    ])
    .where("id", "=", postId)
    .executeTakeFirst();
  if (!row) return null;
  return draftArticle({
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    categoryId: row.category_id,
    readTime: row.read_time,
    featured: Boolean(row.featured),
    featuredImageUrl: row.featured_image_url,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
  });
}
