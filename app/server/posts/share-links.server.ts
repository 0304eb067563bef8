import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import { database } from "../db/database.server";
import { inTransaction } from "../db/in-transaction.server";
import type { Database } from "../db/schema";

// Share links let someone without an account read a post's current draft: 32 random bytes in
// the link (base64url), only their SHA-256 in the database, valid 7 days, revocable
// (docs/decisions/0028-scheduled-posts-and-previews.md). The editor creates and revokes them
// through share-link-commands.server.ts, which audits both (a link is a way in to an
// unpublished text, docs/decisions/0045).

export const SHARE_LINK_DAYS = 7;
const DAY = 24 * 60 * 60 * 1000;
/** At most this many live links per post: each one is a way in, and the list must stay short. */
export const MAX_LIVE_SHARE_LINKS = 20;

/** 32 bytes in base64url, no padding: 43 characters. Anything else names no link. */
const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export function shareLinkPath(token: string): string {
  return `/blog/previa/${token}`;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface ShareLink {
  id: string;
  createdAt: string;
  expiresAt: string;
}

export class TooManyShareLinksError extends Error {}

/** A new link for a post: the token is returned once, and only its hash is kept. */
export async function createShareLink(
  postId: string,
  createdBy: string | null,
  now: Date = new Date(),
  within?: Transaction<Database>,
): Promise<ShareLink & { token: string }> {
  const token = randomBytes(32).toString("base64url");
  const link = {
    id: randomUUID(),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SHARE_LINK_DAYS * DAY).toISOString(),
  };
  await inTransaction(within, async (trx) => {
    const live = await listShareLinks(postId, now, trx);
    if (live.length >= MAX_LIVE_SHARE_LINKS) throw new TooManyShareLinksError();
    await trx
      .insertInto("post_share_links")
      .values({
        id: link.id,
        post_id: postId,
        token_hash: hashToken(token),
        created_by: createdBy,
        created_at: link.createdAt,
        expires_at: link.expiresAt,
        revoked_at: null,
      })
      .execute();
  });
  return { ...link, token };
}

/** A post's links that still open it, newest first. */
export async function listShareLinks(
  postId: string,
  now: Date = new Date(),
  within?: Kysely<Database>,
): Promise<ShareLink[]> {
  const db = within ?? (await database());
  const rows = await db
    .selectFrom("post_share_links")
    .select(["id", "created_at", "expires_at"])
    .where("post_id", "=", postId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ id: row.id, createdAt: row.created_at, expiresAt: row.expires_at }));
}

/** Revoke one of a post's links; false when there is no such live link. */
export async function revokeShareLink(
  postId: string,
  linkId: string,
  now: Date = new Date(),
  within?: Kysely<Database>,
): Promise<boolean> {
  const db = within ?? (await database());
  const result = await db
    .updateTable("post_share_links")
    .set({ revoked_at: now.toISOString() })
    .where("id", "=", linkId)
    .where("post_id", "=", postId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The post a live link opens, or null (malformed, unknown, expired or revoked token). */
export async function postIdForShareToken(token: string, now: Date = new Date()): Promise<string | null> {
  if (!tokenSchema.safeParse(token).success) return null;
  const db = await database();
  const row = await db
    .selectFrom("post_share_links")
    .select("post_id")
    .where("token_hash", "=", hashToken(token))
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row?.post_id ?? null;
}
