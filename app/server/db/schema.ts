import type { ColumnType } from "kysely";

// Row types as the database stores them. Timestamps are ISO-8601 text on SQLite and
// timestamptz on PostgreSQL; booleans are 0/1 on SQLite. Repositories normalise both before
// anything leaves the data layer.

type Timestamp = ColumnType<Date | string, string, string>;
type Flag = ColumnType<boolean | number, boolean, boolean>;

export interface CategoriesTable {
  id: string;
  name: string;
  slug: string;
  created_at: Timestamp;
}

export type PostStatus = "draft" | "published" | "archived";

export interface BlogPostsTable {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  category_id: string;
  status: PostStatus;
  featured: Flag;
  read_time: number;
  author_id: string | null;
  published_at: ColumnType<Date | string | null, string | null, string | null>;
  featured_image_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  categories: CategoriesTable;
  blog_posts: BlogPostsTable;
}
