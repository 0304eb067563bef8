import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../schema";
import { demoCategories, demoPosts } from "./demo-posts.ts";

export type SeedResult =
  | { seeded: true; categories: number; posts: number }
  | { seeded: false; reason: string };

/** Whether the blog has any content at all (a category or a post). */
async function hasContent(db: Kysely<Database>): Promise<boolean> {
  const category = await db.selectFrom("categories").select("id").limit(1).executeTakeFirst();
  const post = await db.selectFrom("blog_posts").select("id").limit(1).executeTakeFirst();
  return Boolean(category || post);
}

/**
 * Fill an empty database with the demo categories and posts. A database that has any content
 * is never touched, so this is safe to run on every start.
 */
export async function seedDemoContentIfEmpty(db: Kysely<Database>): Promise<SeedResult> {
  return db.transaction().execute(async (trx) => {
    if (await hasContent(trx)) return { seeded: false, reason: "o banco já tem conteúdo" };
    const now = new Date().toISOString();
    const categoryIds = new Map<string, string>();
    for (const category of demoCategories) {
      const id = randomUUID();
      categoryIds.set(category.slug, id);
      await trx
        .insertInto("categories")
        .values({ id, name: category.name, slug: category.slug, created_at: now })
        .execute();
    }
    for (const post of demoPosts) {
      const categoryId = categoryIds.get(post.categorySlug);
      if (!categoryId)
        throw new Error(`demo post ${post.slug} names an unknown category ${post.categorySlug}`);
      await trx
        .insertInto("blog_posts")
        .values({
          id: randomUUID(),
          title: post.title,
          slug: post.slug,
          excerpt: post.excerpt,
          content: post.content,
          category_id: categoryId,
          status: post.status,
          featured: post.featured,
          read_time: post.readTime,
          author_id: null,
          published_at: post.status === "published" || post.status === "archived" ? post.publishedAt : null,
          featured_image_url: post.featuredImageUrl,
          created_at: post.createdAt,
          updated_at: post.publishedAt ?? post.createdAt,
        })
        .execute();
    }
    return { seeded: true, categories: demoCategories.length, posts: demoPosts.length };
  });
}
