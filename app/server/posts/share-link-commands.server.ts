import type { Kysely } from "kysely";
import { z } from "zod";
import { roleCan } from "~/lib/roles";
import type { CurrentSession } from "../accounts/sessions.server";
import { auditedChange, ChangeRefused } from "../commands/audited-change.server";
import type { Database } from "../db/schema";
import {
  answered,
  type CommandOutcome,
  forbidden,
  notFound,
  refused,
} from "../platform/command-outcome.server";
import { POST_GONE_MESSAGE, postIdFromParam, postTitle } from "./posts-admin.server";
import {
  createShareLink,
  MAX_LIVE_SHARE_LINKS,
  revokeShareLink,
  type ShareLink,
  shareLinkPath,
  TooManyShareLinksError,
} from "./share-links.server";

// The editor's share links of one post, as admin commands (docs/decisions/0080): a link is a
// way in to an unpublished text, so its creation and its revocation are audited in the
// transaction that makes them. The editor's fetcher stays on the page: each answers JSON.

/** What the editor's share-links fetcher receives: the live links, a change, or why not. */
export type ShareLinksAnswer =
  | { links: ShareLink[] }
  | { created: ShareLink & { path: string } }
  | { revoked: true }
  | { error: string };

const LINK_GONE_MESSAGE = "Link não encontrado; ele pode já ter sido revogado ou expirado.";

const linkIdSchema = z.uuid();

const postGone = () => notFound(POST_GONE_MESSAGE);

/** The post's title inside the change, or a refusal that rolls it back. */
async function titleOf(postId: string, trx: Kysely<Database>): Promise<string> {
  const title = await postTitle(postId, trx);
  if (title === null) throw new ChangeRefused(postGone());
  return title;
}

export async function createPostShareLink(
  actor: CurrentSession,
  input: { postId: string | undefined },
): Promise<CommandOutcome<ShareLinksAnswer>> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const postId = postIdFromParam(input.postId);
  if (!postId) return postGone();
  try {
    return await auditedChange(actor, async (trx) => {
      const title = await titleOf(postId, trx);
      const { token, ...link } = await createShareLink(postId, actor.user.id, new Date(), trx);
      return {
        value: answered<ShareLinksAnswer>({ created: { ...link, path: shareLinkPath(token) } }),
        audit: {
          action: "post.share_link_create",
          target: { type: "post", id: postId, label: title },
          details: { link: link.id, expiresAt: link.expiresAt },
        },
      };
    });
  } catch (error) {
    if (error instanceof TooManyShareLinksError) {
      return refused(
        `Este post já tem ${MAX_LIVE_SHARE_LINKS} links ativos. Revogue algum antes de criar outro.`,
      );
    }
    throw error;
  }
}

export async function revokePostShareLink(
  actor: CurrentSession,
  input: { postId: string | undefined; linkId: string },
): Promise<CommandOutcome<ShareLinksAnswer>> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const postId = postIdFromParam(input.postId);
  if (!postId) return postGone();
  const linkId = linkIdSchema.safeParse(input.linkId);
  return auditedChange(actor, async (trx) => {
    const title = await titleOf(postId, trx);
    if (!linkId.success || !(await revokeShareLink(postId, linkId.data, new Date(), trx))) {
      return { value: notFound(LINK_GONE_MESSAGE), audit: null };
    }
    return {
      value: answered<ShareLinksAnswer>({ revoked: true }),
      audit: {
        action: "post.share_link_revoke",
        target: { type: "post", id: postId, label: title },
        details: { link: linkId.data },
      },
    };
  });
}
