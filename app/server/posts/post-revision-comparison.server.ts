import { comparableRevision, diffPosts, type PostDiff } from "./post-diff.server";
import { getRevisions, type PostRevision, revisionIdFrom } from "./post-revisions.server";
import { POST_GONE_MESSAGE, postIdFromParam, postTitle } from "./posts-admin.server";
import { listCategories } from "./public-posts.server";

// Two revisions of a post compared, named by their ids (the revisions screen's query string,
// a GET, so it works without JavaScript). Restoring one is a command (post-commands.server.ts).

export const REVISION_NOT_FOUND_MESSAGE =
  "Versão não encontrada; ela pode ter sido descartada (guardamos as 50 mais recentes).";
export const REVISION_INVALID_MESSAGE = "Versão inválida.";
const REVISION_PAIR_MESSAGE = "Escolha duas versões para comparar.";

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

/** What the screen shows, and why there is no comparison: nothing by these ids, or ids not sent or malformed. */
export interface RevisionComparison {
  page: RevisionsPageData;
  refusal: "not-found" | "invalid" | null;
}

/** The comparison of the revisions `from` and `to` of a post, or why there is none. */
export async function compareRevisions(
  postIdParam: string | undefined,
  fromParam: string | null,
  toParam: string | null,
): Promise<RevisionComparison> {
  const id = postIdFromParam(postIdParam);
  const title = id ? await postTitle(id) : null;
  const page = { postId: title === null ? null : id, postTitle: title };
  const refuse = (refusal: "not-found" | "invalid", problem: string): RevisionComparison => ({
    page: { ...page, problem },
    refusal,
  });
  if (!id || title === null) return refuse("not-found", POST_GONE_MESSAGE);
  if (!fromParam || !toParam) return refuse("invalid", REVISION_PAIR_MESSAGE);
  const fromId = revisionIdFrom(fromParam);
  const toId = revisionIdFrom(toParam);
  if (!fromId || !toId) return refuse("invalid", REVISION_INVALID_MESSAGE);
  const [revisions, categories] = await Promise.all([getRevisions(id, [fromId, toId]), listCategories()]);
  const from = revisions.find((revision) => revision.id === fromId);
  const to = revisions.find((revision) => revision.id === toId);
  if (!from || !to) return refuse("not-found", REVISION_NOT_FOUND_MESSAGE);
  const diff = diffPosts(comparableRevision(from, categories), comparableRevision(to, categories));
  return { page: { ...page, comparison: { from: label(from), to: label(to), diff } }, refusal: null };
}
