import { data } from "react-router";
import { requireAdminPage } from "~/route-support/admin-guard.server";
import { database } from "../db/database.server";
import { comparableRevision, diffPosts, type PostDiff } from "./post-diff.server";
import { getRevisions, type PostRevision, revisionIdFrom } from "./post-revisions.server";
import { POST_GONE_MESSAGE, postIdFromParam } from "./posts-admin.server";
import { listCategories } from "./public-posts.server";

// The revisions screen of a post: two revisions compared, named by their ids in the query
// string (a GET, so it works without JavaScript). Restoring one is post-revision-restore.server.ts.

export const REVISION_NOT_FOUND_MESSAGE =
  "Versão não encontrada; ela pode ter sido descartada (guardamos as 50 mais recentes).";
export const REVISION_INVALID_MESSAGE = "Versão inválida.";
export const REVISION_PAIR_MESSAGE = "Escolha duas versões para comparar.";

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
  postId: string | null;
  postTitle: string | null;
} & ({ comparison: { from: RevisionLabel; to: RevisionLabel; diff: PostDiff } } | { problem: string });

/** The post's title, or null when there is no post with this id. */
export async function postTitle(id: string): Promise<string | null> {
  const db = await database();
  const row = await db.selectFrom("blog_posts").select("title").where("id", "=", id).executeTakeFirst();
  return row?.title ?? null;
}

/** The comparison of the revisions `de` and `para` of a post, or why there is none (4xx). */
export async function revisionsPageLoader(request: Request, idParam: string | undefined) {
  await requireAdminPage(request);
  const id = postIdFromParam(idParam);
  const title = id ? await postTitle(id) : null;
  const page = { postId: title === null ? null : id, postTitle: title };
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
