import { data, redirect } from "react-router";
import type { CategoryRef } from "~/lib/blog-types";
import type { Toast } from "~/lib/toast";
import { requireAdminAction, requireAdminPage } from "../auth/guard.server";
import { setFlash, takeFlash } from "../auth/sessions.server";
import { postScheduleChanged } from "../blog/post-scheduler.server";
import { listCategories } from "../blog/public-posts.server";
import { database } from "../db/database.server";
import { formText, readForm } from "../read-form.server";
import { type ComparablePost, diffPosts, type PostDiff } from "./post-diff.server";
import type { PostForm } from "./post-form.server";
import { getRevisions, type PostRevision, revisionIdFrom } from "./post-revisions.server";
import {
  POST_GONE_MESSAGE,
  PostNotFoundError,
  postIdFromParam,
  savePost,
  UnknownCategoryError,
} from "./posts-admin.server";

// The revisions screen of a post: compare two revisions (a GET with their ids, so it works
// without JavaScript) and restore one (a POST; the restore is a save, so it is a revision too,
// and a published post's old slug gets its redirect as on any save).

export const REVISION_NOT_FOUND_MESSAGE =
  "Versão não encontrada; ela pode ter sido descartada (guardamos as 50 mais recentes).";
export const REVISION_INVALID_MESSAGE = "Versão inválida.";
export const REVISION_PAIR_MESSAGE = "Escolha duas versões para comparar.";

/** Where the revisions of a post are compared and restored. */
export const revisionsPath = (postId: string) => `/admin/posts/${postId}/revisoes`;

/** The stored fields of a post or of a revision (same column names), as a comparison reads them. */
export type ComparableRow = Pick<
  PostRevision,
  | "title"
  | "excerpt"
  | "content"
  | "category_id"
  | "status"
  | "read_time"
  | "scheduled_at"
  | "featured_image_url"
  | "meta_title"
  | "meta_description"
  | "social_image_url"
> & { featured: boolean | number; noindex: boolean | number };

export function comparableRevision(revision: ComparableRow, categories: CategoryRef[]): ComparablePost {
  return {
    title: revision.title,
    excerpt: revision.excerpt,
    content: revision.content,
    categoryName: categoryName(categories, revision.category_id),
    status: revision.status,
    featured: Boolean(revision.featured),
    readTime: revision.read_time,
    scheduledAt: revision.scheduled_at,
    featuredImageUrl: revision.featured_image_url,
    metaTitle: revision.meta_title,
    metaDescription: revision.meta_description,
    socialImageUrl: revision.social_image_url,
    noindex: Boolean(revision.noindex),
  };
}

export function categoryName(categories: Pick<CategoryRef, "id" | "name">[], id: string): string {
  return categories.find((category) => category.id === id)?.name ?? "(categoria removida)";
}

/** A revision as the comparison's heading names it. */
export interface RevisionLabel {
  id: string;
  version: number;
  createdAt: string;
  author: string | null;
}

const label = (revision: PostRevision): RevisionLabel => ({
  id: revision.id,
  version: revision.version,
  createdAt: revision.created_at,
  author: revision.author,
});

export type RevisionsPageData = {
  email: string;
  flash: Toast | null;
  postId: string | null;
  postTitle: string | null;
} & ({ comparison: { from: RevisionLabel; to: RevisionLabel; diff: PostDiff } } | { problem: string });

async function postTitle(id: string): Promise<string | null> {
  const db = await database();
  const row = await db.selectFrom("blog_posts").select("title").where("id", "=", id).executeTakeFirst();
  return row?.title ?? null;
}

/** The comparison of the revisions `de` and `para` of a post, or why there is none (4xx). */
export async function revisionsPageLoader(request: Request, idParam: string | undefined) {
  const session = await requireAdminPage(request);
  const email = session.user.email;
  const id = postIdFromParam(idParam);
  const title = id ? await postTitle(id) : null;
  const flash = await takeFlash(session);
  const page = { email, flash, postId: title === null ? null : id, postTitle: title };
  if (!id || title === null)
    return data<RevisionsPageData>({ ...page, problem: POST_GONE_MESSAGE }, { status: 404 });
  const url = new URL(request.url);
  const fromParam = url.searchParams.get("de");
  const toParam = url.searchParams.get("para");
  if (!fromParam || !toParam)
    return data<RevisionsPageData>({ ...page, problem: REVISION_PAIR_MESSAGE }, { status: 400 });
  const fromId = revisionIdFrom(fromParam);
  const toId = revisionIdFrom(toParam);
  if (!fromId || !toId)
    return data<RevisionsPageData>({ ...page, problem: REVISION_INVALID_MESSAGE }, { status: 400 });
  const [revisions, categories] = await Promise.all([getRevisions(id, [fromId, toId]), listCategories()]);
  const from = revisions.find((revision) => revision.id === fromId);
  const to = revisions.find((revision) => revision.id === toId);
  if (!from || !to)
    return data<RevisionsPageData>({ ...page, problem: REVISION_NOT_FOUND_MESSAGE }, { status: 404 });
  const diff = diffPosts(comparableRevision(from, categories), comparableRevision(to, categories));
  return data<RevisionsPageData>({ ...page, comparison: { from: label(from), to: label(to), diff } });
}

/** The revision as a post form, to be saved like any edit. */
function revisionForm(revision: PostRevision, now: Date): PostForm {
  // A schedule that has passed would publish the restored post at once: it comes back as a
  // draft to be scheduled again instead.
  const lapsed =
    revision.status === "scheduled" &&
    (!revision.scheduled_at || Date.parse(revision.scheduled_at) <= now.getTime());
  return {
    title: revision.title,
    categoryId: revision.category_id,
    excerpt: revision.excerpt,
    content: revision.content,
    readTime: revision.read_time,
    status: lapsed ? "draft" : revision.status,
    featured: revision.featured,
    featuredImageUrl: revision.featured_image_url,
    scheduledAt: lapsed ? null : revision.scheduled_at,
    metaTitle: revision.meta_title,
    metaDescription: revision.meta_description,
    socialImageUrl: revision.social_image_url,
    noindex: revision.noindex,
  };
}

export class RevisionNotFoundError extends Error {}

/**
 * Make a revision the post's current state, through the same save as an edit (so a published
 * post's old slug gets its redirect): the restore is itself a new revision.
 */
export async function restoreRevision(postId: string, revisionId: string, userId: string) {
  const [revision] = await getRevisions(postId, [revisionId]);
  if (!revision) throw new RevisionNotFoundError();
  const saved = await savePost(postId, revisionForm(revision, new Date()), userId, {
    kind: "restore",
    restoredFrom: revision.created_at,
  });
  postScheduleChanged();
  return saved;
}

/** Restore the revision named by the form's `revisionId`, then back to the editor with a toast. */
export async function restoreRevisionAction(request: Request, idParam: string | undefined) {
  const session = await requireAdminAction(request);
  const id = postIdFromParam(idParam);
  if (!id || (await postTitle(id)) === null) return data({ error: POST_GONE_MESSAGE }, { status: 404 });
  const form = await readForm(request);
  if (!form) return data({ error: "Não foi possível ler o formulário." }, { status: 400 });
  const revisionId = revisionIdFrom(formText(form, "revisionId"));
  if (!revisionId) return data({ error: REVISION_INVALID_MESSAGE }, { status: 400 });
  try {
    await restoreRevision(id, revisionId, session.user.id);
  } catch (error) {
    if (error instanceof RevisionNotFoundError)
      return data({ error: REVISION_NOT_FOUND_MESSAGE }, { status: 404 });
    if (error instanceof PostNotFoundError) return data({ error: POST_GONE_MESSAGE }, { status: 404 });
    if (error instanceof UnknownCategoryError) {
      return data(
        { error: "A categoria desta versão não existe mais. Edite o post e escolha outra." },
        { status: 400 },
      );
    }
    throw error;
  }
  await setFlash(session, {
    title: "Versão restaurada!",
    description: "O post voltou a essa versão; a restauração também ficou no histórico.",
  });
  throw redirect(`/admin/posts/${id}`);
}
