import type { MediaView } from "./media-url";

// Shapes of blog data as routes and components see them (plain JSON: safe to send to the
// browser). Dates are ISO-8601 strings.

export interface CategoryRef {
  id: string;
  name: string;
  slug: string;
}

export interface PostSummary {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  category: CategoryRef;
  featured: boolean;
  readTime: number;
  publishedAt: string | null;
  featuredImageUrl: string | null;
  /** The featured image as the library knows it (alt text, formats); null when it is not one of its images. */
  featuredImage: MediaView | null;
}

export interface PostDetail extends PostSummary {
  content: string;
  updatedAt: string;
}

/** Posts per "page" of the blog grid, and the step of "Carregar Mais Artigos". */
export const BLOG_PAGE_SIZE = 4;
export const RELATED_POSTS_LIMIT = 3;
