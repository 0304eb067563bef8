import type { Transaction } from "kysely";
import type { Database } from "../db/schema";
import type { PostForm } from "./post-form-schema.server";
import { getRevisions, type PostRevision } from "./post-revisions.server";
import { postScheduleChanged } from "./post-scheduler.server";
import { savePost } from "./posts-admin.server";

// Restoring a revision (the editor's revisions form; the command is post-commands.server.ts).
// The revision is saved like an edit, so the restore is a revision too, the render cache hears
// of it through the same triggers, and a published post's old slug gets its redirect as on any
// save.

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
 * post's old slug gets its redirect): the restore is itself a new revision. Inside a command's
 * transaction (`within`), the command tells the scheduler once it has committed.
 */
export async function restoreRevision(
  postId: string,
  revisionId: string,
  userId: string,
  within?: Transaction<Database>,
) {
  const [revision] = await getRevisions(postId, [revisionId], within);
  if (!revision) throw new RevisionNotFoundError();
  const saved = await savePost(postId, revisionForm(revision, new Date()), userId, {
    kind: "restore",
    restoredFrom: revision.created_at,
    within,
  });
  if (!within) postScheduleChanged();
  return saved;
}
