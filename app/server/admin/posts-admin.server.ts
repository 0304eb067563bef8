import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { PostStatus } from "~/lib/post-status";
import { slugify, uniqueSlug } from "~/lib/slug";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import type { PostForm } from "./post-form.server";

export interface AdminPost {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  status: PostStatus;
  featured: boolean;
  readTime: number;
  publishedAt: string | null;
  createdAt: string;
  featuredImageUrl: string | null;
  category: { id: string; name: string };
}

/** Every post, newest created first (the admin list). */
export async function listAllPosts(): Promise<AdminPost[]> {
  const db = await database();
  const rows = await db
    .selectFrom("blog_posts as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select([
      "p.id",
      "p.title",
      "p.slug",
      "p.excerpt",
      "p.content",
      "p.status",
      "p.featured",
      "p.read_time",
      "p.published_at",
      "p.created_at",
      "p.featured_image_url",
      "c.id as category_id",
      "c.name as category_name",
    ])
    .orderBy("p.created_at", "desc")
    .orderBy("p.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    status: row.status,
    featured: Boolean(row.featured),
    readTime: row.read_time,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    featuredImageUrl: row.featured_image_url,
    category: { id: row.category_id, name: row.category_name },
  }));
}

async function slugTaken(db: Kysely<Database>, slug: string, exceptId: string | null): Promise<boolean> {
  let query = db.selectFrom("blog_posts").select("id").where("slug", "=", slug);
  if (exceptId) query = query.where("id", "!=", exceptId);
  return Boolean(await query.executeTakeFirst());
}

export class PostNotFoundError extends Error {}
export class UnknownCategoryError extends Error {}

/**
 * Create (id null) or update a post. The slug follows the title, unique among the other
 * posts. `published_at` is set the first time a post becomes published and kept while it
 * stays published; it is cleared when the post leaves published (docs/decisions/0008).
 */
export async function savePost(
  id: string | null,
  form: PostForm,
  authorId: string,
): Promise<{ id: string; slug: string; created: boolean }> {
  const db = await database();
  return db.transaction().execute(async (trx) => {
    const category = await trx
      .selectFrom("categories")
      .select("id")
      .where("id", "=", form.categoryId)
      .executeTakeFirst();
    if (!category) throw new UnknownCategoryError();

    const existing = id
      ? await trx
          .selectFrom("blog_posts")
          .select(["status", "published_at"])
          .where("id", "=", id)
          .executeTakeFirst()
      : undefined;
    if (id && !existing) throw new PostNotFoundError();

    const now = new Date().toISOString();
    const keepDate = existing?.status === "published" && existing.published_at;
    const publishedAt = form.status === "published" ? (keepDate ? existing.published_at : now) : null;
    const slug = await uniqueSlug(slugify(form.title), (candidate) => slugTaken(trx, candidate, id));
    const values = {
      title: form.title,
      slug,
      excerpt: form.excerpt,
      content: form.content,
      category_id: form.categoryId,
      status: form.status,
      featured: form.featured,
      read_time: form.readTime,
      published_at: publishedAt,
      featured_image_url: form.featuredImageUrl,
      updated_at: now,
    };
    if (id) {
      await trx.updateTable("blog_posts").set(values).where("id", "=", id).execute();
      return { id, slug, created: false };
    }
    const newId = randomUUID();
    await trx
      .insertInto("blog_posts")
      .values({ ...values, id: newId, author_id: authorId, created_at: now })
      .execute();
    return { id: newId, slug, created: true };
  });
}

export async function deletePost(id: string): Promise<boolean> {
  const db = await database();
  const result = await db.deleteFrom("blog_posts").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
