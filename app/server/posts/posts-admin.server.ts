import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import { ADMIN_LIST_PAGE_SIZE, type AdminListPage, type PostListQuery } from "~/lib/admin-list";
import { dayEndUtc, dayStartUtc } from "~/lib/site-time";
import { slugify, uniqueSlug } from "~/lib/slug";
import { countedPageWindow } from "../admin-lists/list-query.server";
import { idsMatching } from "../admin-lists/text-search.server";
import { database } from "../db/database.server";
import { inTransaction } from "../db/in-transaction.server";
import type { Database, Post, PostRevisionKind } from "../db/schema";
import type { PostForm } from "./post-form-schema.server";
import { REVISION_FIELDS, recordRevision } from "./post-revisions.server";
import { type PostSeoForm, postSeoColumns, postSeoFromRow } from "./post-seo-form.server";

/** A post as the admin's list shows it: no content, the category's name. */
export interface AdminPostListItem
  extends Pick<Post, "id" | "title" | "slug" | "excerpt" | "status" | "read_time"> {
  featured: boolean;
  category_name: string;
}

/**
 * One page of the admin's list, newest created first, with only the columns it shows: the
 * search looks in title and excerpt (case and accents ignored), the filters narrow by status,
 * category and creation day (docs/decisions/0026-admin-lists-at-scale.md).
 */
export async function listPosts(
  query: PostListQuery,
  pageSize: number = ADMIN_LIST_PAGE_SIZE,
): Promise<AdminListPage<AdminPostListItem>> {
  const db = await database();
  let matching = db.selectFrom("blog_posts as p");
  if (query.status) matching = matching.where("p.status", "=", query.status);
  if (query.category) {
    const slug = query.category;
    matching = matching.where("p.category_id", "=", (eb) =>
      eb.selectFrom("categories").select("id").where("slug", "=", slug),
    );
  }
  if (query.from) matching = matching.where("p.created_at", ">=", dayStartUtc(query.from));
  if (query.to) matching = matching.where("p.created_at", "<", dayEndUtc(query.to));
  if (query.search) matching = matching.where(idsMatching(db, "posts", "p.id", query.search));
  // The page's ids come from the indexes alone (the filters' columns, created_at and id);
  // only those rows are then read (docs/decisions/0026).
  const { page, pageCount, total, offset } = await countedPageWindow(matching, query.page, pageSize);
  const pageIds = matching
    .select("p.id")
    .orderBy("p.created_at", "desc")
    .orderBy("p.id", "desc")
    .limit(pageSize)
    .offset(offset);
  const rows = await db
    .selectFrom("blog_posts as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .where("p.id", "in", pageIds)
    .select([
      "p.id",
      "p.title",
      "p.slug",
      "p.excerpt",
      "p.status",
      "p.featured",
      "p.read_time",
      "c.name as category_name",
    ])
    .orderBy("p.created_at", "desc")
    .orderBy("p.id", "desc")
    .execute();
  return {
    items: rows.map((row) => ({ ...row, featured: Boolean(row.featured) })),
    page,
    pageCount,
    total,
  };
}

/** A post as the editor shows it: every field of the form. */
export interface EditablePost
  extends Pick<
    Post,
    | "id"
    | "title"
    | "excerpt"
    | "content"
    | "category_id"
    | "status"
    | "read_time"
    | "featured_image_url"
    | "scheduled_at"
    | "version"
  > {
  featured: boolean;
  seo: PostSeoForm;
}

// Post ids are UUIDs; anything else in an address (a NUL byte, 10 KB of text) names no post
// and never reaches a query.
const postIdSchema = z.uuid();

/** The post id in an admin address, or null when it cannot name a post. */
export function postIdFromParam(value: string | undefined): string | null {
  const parsed = postIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** One post for the editor, or null when there is none with this id. */
export async function getPostForEdit(id: string): Promise<EditablePost | null> {
  const db = await database();
  const row = await db
    .selectFrom("blog_posts")
    .select(["id", "version", ...REVISION_FIELDS])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const { meta_title, meta_description, social_image_url, noindex, ...post } = row;
  return {
    ...post,
    featured: Boolean(row.featured),
    seo: postSeoFromRow({ meta_title, meta_description, social_image_url, noindex }),
  };
}

async function slugTaken(db: Kysely<Database>, slug: string, exceptId: string | null): Promise<boolean> {
  let query = db.selectFrom("blog_posts").select("id").where("slug", "=", slug);
  if (exceptId) query = query.where("id", "!=", exceptId);
  return Boolean(await query.executeTakeFirst());
}

/** Said when the post an admin action names is gone (deleted meanwhile, or a stale link). */
export const POST_GONE_MESSAGE = "Post não encontrado; ele pode ter sido removido.";

export class PostNotFoundError extends Error {}
export class UnknownCategoryError extends Error {}

/** The post was saved by someone else since the version this save started from. */
export class StalePostError extends Error {
  constructor(readonly currentVersion: number) {
    super("stale post version");
  }
}

/** An autosave reached a post that is no longer a draft: only a person's save changes it. */
export class NotADraftError extends Error {}

export interface SaveOptions {
  /**
   * The version the editor loaded: the save is refused (StalePostError) unless the post is
   * still at it. Left out by scripts and tests, which overwrite.
   */
  baseVersion?: number;
  /** What the revision says of this save ('save' unless told). */
  kind?: PostRevisionKind;
  /** For a restore: when the restored revision was saved. */
  restoredFrom?: string;
  /** A command's transaction, which also writes the audit entry (else the save's own). */
  within?: Transaction<Database>;
}

/**
 * Create (id null) or update a post. The slug follows the title, unique among the other
 * posts. `published_at` is set the first time a post becomes published and kept while it
 * stays published; it is cleared when the post leaves published (docs/decisions/0008).
 * Every save is a revision; an update with a base version is one conditional UPDATE, so of two
 * saves from the same version exactly one wins on both engines (docs/decisions/0030).
 */
export async function savePost(
  id: string | null,
  form: PostForm,
  authorId: string,
  options: SaveOptions = {},
): Promise<{ id: string; slug: string; created: boolean; version: number }> {
  const kind = options.kind ?? "save";
  return inTransaction(options.within, async (trx) => {
    const category = await trx
      .selectFrom("categories")
      .select("id")
      .where("id", "=", form.categoryId)
      .executeTakeFirst();
    if (!category) throw new UnknownCategoryError();

    const existing = id
      ? await trx
          .selectFrom("blog_posts")
          .select(["status", "published_at", "version", "author_id"])
          .where("id", "=", id)
          .executeTakeFirst()
      : undefined;
    if (id && !existing) throw new PostNotFoundError();
    if (existing && options.baseVersion !== undefined && existing.version !== options.baseVersion) {
      throw new StalePostError(existing.version);
    }
    if (existing && kind === "autosave" && (existing.status !== "draft" || form.status !== "draft")) {
      throw new NotADraftError();
    }

    const now = new Date().toISOString();
    const keepDate = existing?.status === "published" && existing.published_at;
    const publishedAt = form.status === "published" ? (keepDate ? existing.published_at : now) : null;
    const slug = await uniqueSlug(slugify(form.title), (candidate) => slugTaken(trx, candidate, id));
    const values = {
      title: form.title,
      slug,
      excerpt: form.excerpt,
      content: form.content,
      category_id: form.categoryId,
      status: form.status,
      featured: form.featured,
      read_time: form.readTime,
      published_at: publishedAt,
      featured_image_url: form.featuredImageUrl,
      scheduled_at: form.status === "scheduled" ? form.scheduledAt : null,
      ...postSeoColumns(form),
      updated_at: now,
    };
    if (id && existing) {
      // A post saved before revisions existed: its state so far becomes the first revision.
      const hasRevision = await trx
        .selectFrom("post_revisions")
        .select("id")
        .where("post_id", "=", id)
        .limit(1)
        .executeTakeFirst();
      if (!hasRevision) await recordRevision(trx, id, { kind: "save", authorId: existing.author_id });
      let update = trx
        .updateTable("blog_posts")
        .set({ ...values, version: (eb) => eb("version", "+", 1) })
        .where("id", "=", id);
      // The check and the write are one statement: a concurrent save that got there first has
      // moved the version, and this one then matches no row.
      if (options.baseVersion !== undefined) update = update.where("version", "=", options.baseVersion);
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        const current = await trx
          .selectFrom("blog_posts")
          .select("version")
          .where("id", "=", id)
          .executeTakeFirst();
        if (!current) throw new PostNotFoundError();
        throw new StalePostError(current.version);
      }
      await recordRevision(trx, id, { kind, authorId, restoredFrom: options.restoredFrom });
      return { id, slug, created: false, version: await versionOf(trx, id) };
    }
    const newId = randomUUID();
    await trx
      .insertInto("blog_posts")
      .values({ ...values, id: newId, author_id: authorId, created_at: now })
      .execute();
    await recordRevision(trx, newId, { kind, authorId });
    return { id: newId, slug, created: true, version: 1 };
  });
}

async function versionOf(db: Kysely<Database>, id: string): Promise<number> {
  const row = await db
    .selectFrom("blog_posts")
    .select("version")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return row.version;
}

/** The post's title, or null when there is no post with this id. */
export async function postTitle(id: string, within?: Kysely<Database>): Promise<string | null> {
  const db = within ?? (await database());
  const row = await db.selectFrom("blog_posts").select("title").where("id", "=", id).executeTakeFirst();
  return row?.title ?? null;
}

export async function deletePost(id: string, within?: Kysely<Database>): Promise<boolean> {
  const db = within ?? (await database());
  const result = await db.deleteFrom("blog_posts").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
