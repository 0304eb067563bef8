import type { Kysely } from "kysely";
import type { AuditAction } from "~/lib/audit-actions";
import type { PostStatus } from "~/lib/post-status";
import type { AuditEntry } from "../audit/audit-log.server";
import { changedFields } from "../audit/changed-fields.server";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import type { PostForm } from "./post-form-schema.server";

// What the audit log says about a saved post: which of create, publish, unpublish, schedule or
// update it was (from the status before and after) and which fields changed.

interface PostFacts {
  title: string;
  status: PostStatus;
  categoryId: string;
  excerpt: string;
  content: string;
  featured: boolean;
  readTime: number;
  featuredImageUrl: string | null;
  scheduledAt: string | null;
}

/** The post as it is before a save: for the entry's before/after. */
export async function postBeforeChange(
  id: string,
  within?: Kysely<Database>,
): Promise<PostFacts | undefined> {
  const db = within ?? (await database());
  const row = await db
    .selectFrom("blog_posts")
    .select([
      "title",
      "status",
      "category_id",
      "excerpt",
      "content",
      "featured",
      "read_time",
      "featured_image_url",
      "scheduled_at",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  return (
    row && {
      title: row.title,
      status: row.status,
      categoryId: row.category_id,
      excerpt: row.excerpt,
      content: row.content,
      featured: Boolean(row.featured),
      readTime: row.read_time,
      featuredImageUrl: row.featured_image_url,
      scheduledAt: row.scheduled_at,
    }
  );
}

function saveAction(before: PostFacts | undefined, status: PostStatus): AuditAction {
  if (!before) return "post.create";
  if (before.status === status) return "post.update";
  if (status === "published") return "post.publish";
  if (status === "scheduled") return "post.schedule";
  return before.status === "published" ? "post.unpublish" : "post.update";
}

/** The entry for a post saved from the form (`before` undefined: it was created). */
export function postSaveEntry(
  saved: { id: string },
  before: PostFacts | undefined,
  form: PostForm,
): AuditEntry {
  const after: PostFacts = {
    title: form.title,
    status: form.status,
    categoryId: form.categoryId,
    excerpt: form.excerpt,
    content: form.content,
    featured: form.featured,
    readTime: form.readTime,
    featuredImageUrl: form.featuredImageUrl,
    scheduledAt: form.status === "scheduled" ? form.scheduledAt : null,
  };
  return {
    action: saveAction(before, form.status),
    target: { type: "post", id: saved.id, label: form.title },
    details: changedFields(
      before ? { ...before } : null,
      { ...after },
      { valuesOf: (field) => field !== "content" },
    ),
  };
}
