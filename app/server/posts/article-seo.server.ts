import { parseMediaUrl } from "~/lib/media-url";

// What an article page tells search engines and social networks beyond its content: the post's
// own SEO fields (migration 0013) and its author's name, read with the article in its one
// query (public-posts.server.ts).

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

/** The SEO columns of an article's row, as its page uses them. */
export function articleSeo(row: {
  meta_title: string | null;
  meta_description: string | null;
  social_image_url: string | null;
  featured_image_url: string | null;
  noindex: boolean | number | null;
  author_name: string | null;
}): ArticleSeo {
  return {
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    image: articleImage(row.social_image_url) ?? articleImage(row.featured_image_url),
    noindex: Boolean(row.noindex),
    authorName: row.author_name?.trim() || null,
  };
}
