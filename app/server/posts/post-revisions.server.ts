import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import { database } from "../db/database.server";
import type { Database, PostRevisionKind, PostRevisionsTable } from "../db/schema";

// A post's revisions (docs/decisions/0030-post-revisions.md): a copy of the saved fields per
// save, written in the save's transaction, the last MAX_REVISIONS per post kept.

/** How many revisions of one post are kept; older ones are pruned by the save that adds one. */
export const MAX_REVISIONS = 50;

/** The post fields a revision keeps: what the editor saves (and compares). */
export const REVISION_FIELDS = [
  "title",
  "excerpt",
  "content",
  "category_id",
  "status",
  "featured",
  "read_time",
  "featured_image_url",
  "scheduled_at",
  "meta_title",
  "meta_description",
  "social_image_url",
  "noindex",
] as const;

/**
 * Record the post's state as just saved, under its version. An autosave replaces the
 * autosave the same person made just before (the newest revision), so thirty seconds of
 * typing leave one revision, not fifty.
 */
export async function recordRevision(
  trx: Kysely<Database>,
  postId: string,
  revision: { kind: PostRevisionKind; authorId: string | null; restoredFrom?: string | null },
): Promise<void> {
  const post = await trx
    .selectFrom("blog_posts")
    .select([...REVISION_FIELDS, "updated_at", "version"])
    .where("id", "=", postId)
    .executeTakeFirstOrThrow();
  if (revision.kind === "autosave") {
    const newest = await trx
      .selectFrom("post_revisions")
      .select(["id", "kind", "author_id"])
      .where("post_id", "=", postId)
      .orderBy("version", "desc")
      .limit(1)
      .executeTakeFirst();
    if (newest?.kind === "autosave" && newest.author_id === revision.authorId) {
      await trx.deleteFrom("post_revisions").where("id", "=", newest.id).execute();
    }
  }
  const { updated_at, featured, noindex, version, ...fields } = post;
  await trx
    .insertInto("post_revisions")
    .values({
      ...fields,
      featured: Boolean(featured),
      noindex: Boolean(noindex),
      id: randomUUID(),
      post_id: postId,
      version,
      kind: revision.kind,
      author_id: revision.authorId,
      restored_from: revision.restoredFrom ?? null,
      created_at: updated_at,
    })
    .execute();
  // The oldest beyond the cap: the version of the newest one to drop, then all up to it.
  const firstDropped = await trx
    .selectFrom("post_revisions")
    .select("version")
    .where("post_id", "=", postId)
    .orderBy("version", "desc")
    .offset(MAX_REVISIONS)
    .limit(1)
    .executeTakeFirst();
  if (firstDropped) {
    await trx
      .deleteFrom("post_revisions")
      .where("post_id", "=", postId)
      .where("version", "<=", firstDropped.version)
      .execute();
  }
}

/** A revision as the editor's list shows it: no content. */
export interface RevisionListItem {
  id: string;
  version: number;
  kind: PostRevisionKind;
  createdAt: string;
  restoredFrom: string | null;
  /** The name, else the e-mail, of who saved it; null when that account is gone. */
  author: string | null;
}

function authorOf(row: { author_name: string | null; author_email: string | null }): string | null {
  return row.author_name || row.author_email || null;
}

/** The kept revisions of a post, newest first (at most MAX_REVISIONS). */
export async function listRevisions(postId: string): Promise<RevisionListItem[]> {
  const db = await database();
  const rows = await db
    .selectFrom("post_revisions as r")
    .leftJoin("users as u", "u.id", "r.author_id")
    .select([
      "r.id",
      "r.version",
      "r.kind",
      "r.created_at",
      "r.restored_from",
      "u.name as author_name",
      "u.email as author_email",
    ])
    .where("r.post_id", "=", postId)
    .orderBy("r.version", "desc")
    .limit(MAX_REVISIONS)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    kind: row.kind,
    createdAt: row.created_at,
    restoredFrom: row.restored_from,
    author: authorOf(row),
  }));
}

/** One revision with its saved fields, as compared and restored. */
export type PostRevision = Omit<PostRevisionsTable, "featured" | "noindex" | "author_id"> & {
  featured: boolean;
  noindex: boolean;
  author: string | null;
};

// Revision ids are UUIDs; anything else in an address or a form names no revision.
const revisionIdSchema = z.uuid();

/** The revision id in a query string or a form, or null when it cannot name one. */
export function revisionIdFrom(value: unknown): string | null {
  const parsed = revisionIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Revisions of this post with these ids (a revision of another post is not found). */
export async function getRevisions(
  postId: string,
  ids: string[],
  within?: Kysely<Database>,
): Promise<PostRevision[]> {
  if (ids.length === 0) return [];
  const db = within ?? (await database());
  const rows = await db
    .selectFrom("post_revisions as r")
    .leftJoin("users as u", "u.id", "r.author_id")
    .selectAll("r")
    .select(["u.name as author_name", "u.email as author_email"])
    .where("r.post_id", "=", postId)
    .where("r.id", "in", ids)
    .execute();
  return rows.map(({ author_name, author_email, author_id: _, ...row }) => ({
    ...row,
    featured: Boolean(row.featured),
    noindex: Boolean(row.noindex),
    author: authorOf({ author_name, author_email }),
  }));
}
