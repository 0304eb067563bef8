import { data, redirect } from "react-router";
import { requireAdminAction } from "~/route-support/admin-guard.server";
import { setFlash } from "../accounts/sessions.server";
import { recordAudit } from "../audit/audit-log.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "../forms/read-form.server";
import type { PostForm } from "./post-form-schema.server";
import { getRevisions, type PostRevision, revisionIdFrom } from "./post-revisions.server";
import {
  postTitle,
  REVISION_INVALID_MESSAGE,
  REVISION_NOT_FOUND_MESSAGE,
} from "./post-revisions-page.server";
import { postScheduleChanged } from "./post-scheduler.server";
import {
  POST_GONE_MESSAGE,
  PostNotFoundError,
  postIdFromParam,
  savePost,
  UnknownCategoryError,
} from "./posts-admin.server";

// Restoring a revision: a POST from the editor's revisions form. The revision is saved like an
// edit, so the restore is a revision too, the render cache hears of it through the same
// triggers, and a published post's old slug gets its redirect as on any save.

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
  const title = id ? await postTitle(id) : null;
  if (!id || title === null) return data({ error: POST_GONE_MESSAGE }, { status: 404 });
  const form = await readForm(request);
  if (!form) return data({ error: UNREADABLE_FORM_MESSAGE }, { status: 400 });
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
  await recordAudit(session, {
    action: "post.restore",
    target: { type: "post", id, label: title },
    details: { revisionId },
  });
  await setFlash(session, {
    title: "Versão restaurada!",
    description: "O post voltou a essa versão; a restauração também ficou no histórico.",
  });
  throw redirect(`/admin/posts/${id}`);
}
