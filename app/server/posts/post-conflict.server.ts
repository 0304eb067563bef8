import { database } from "../db/database.server";
import {
  type ComparablePost,
  categoryName,
  comparableRevision,
  diffPosts,
  type PostDiff,
} from "./post-diff.server";
import type { PostForm } from "./post-form-schema.server";
import { REVISION_FIELDS } from "./post-revisions.server";
import type { EditablePost } from "./posts-admin.server";
import { listCategories } from "./public-posts.server";

// A save refused because someone else saved the post first (docs/decisions/0030): what the
// editor shows so that nothing is lost, the other person's version as saved, compared with
// the text still in this person's form, and the version a deliberate overwrite must name.

export const STALE_POST_MESSAGE =
  "Este post foi alterado por outra pessoa enquanto você editava. Seu texto continua no formulário: compare as duas versões abaixo antes de salvar.";

export interface PostConflict {
  /** The version now saved; 'Salvar mesmo assim' names it, so a third save is refused again. */
  currentVersion: number;
  savedAt: string | null;
  savedBy: string | null;
  /** From the version saved by the other person to the text in this form. */
  diff: PostDiff;
  /** The comparison page between the version this form started from and the saved one. */
  compareHref: string | null;
}

function comparableForm(form: PostForm, categories: { id: string; name: string }[]): ComparablePost {
  return {
    title: form.title,
    excerpt: form.excerpt,
    content: form.content,
    categoryName: categoryName(categories, form.categoryId),
    status: form.status,
    featured: form.featured,
    readTime: form.readTime,
    scheduledAt: form.scheduledAt,
    featuredImageUrl: form.featuredImageUrl,
    metaTitle: form.metaTitle ?? null,
    metaDescription: form.metaDescription ?? null,
    socialImageUrl: form.socialImageUrl ?? null,
    noindex: form.noindex ?? false,
  };
}

export async function postConflict(
  postId: string,
  baseVersion: number,
  form: PostForm,
): Promise<PostConflict | null> {
  const db = await database();
  // The post as saved now (whoever saved it, a script included), and the revisions of the
  // version this form started from and of the saved one, when they are kept.
  const [saved, categories] = await Promise.all([
    db
      .selectFrom("blog_posts")
      .select([...REVISION_FIELDS, "version", "updated_at"])
      .where("id", "=", postId)
      .executeTakeFirst(),
    listCategories(),
  ]);
  if (!saved) return null;
  const revisions = await db
    .selectFrom("post_revisions as r")
    .leftJoin("users as u", "u.id", "r.author_id")
    .select(["r.id", "r.version", "u.name", "u.email"])
    .where("r.post_id", "=", postId)
    .where("r.version", "in", [baseVersion, saved.version])
    .execute();
  const base = revisions.find((revision) => revision.version === baseVersion);
  const current = revisions.find((revision) => revision.version === saved.version);
  return {
    currentVersion: saved.version,
    savedAt: saved.updated_at,
    savedBy: current ? current.name || current.email || null : null,
    diff: diffPosts(comparableRevision(saved, categories), comparableForm(form, categories)),
    compareHref: base && current ? `/admin/posts/${postId}/revisoes?de=${base.id}&para=${current.id}` : null,
  };
}

/** The form's values as the editor shows a post, so a page rendered without JavaScript keeps them. */
export function draftOf(postId: string, baseVersion: number, form: PostForm): EditablePost {
  return {
    id: postId,
    title: form.title,
    excerpt: form.excerpt,
    content: form.content,
    category_id: form.categoryId,
    status: form.status,
    read_time: form.readTime,
    featured_image_url: form.featuredImageUrl,
    scheduled_at: form.scheduledAt,
    version: baseVersion,
    featured: form.featured,
    seo: {
      metaTitle: form.metaTitle ?? null,
      metaDescription: form.metaDescription ?? null,
      socialImageUrl: form.socialImageUrl ?? null,
      noindex: form.noindex ?? false,
    },
  };
}
