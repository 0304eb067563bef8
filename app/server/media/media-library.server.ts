import { sql, type Transaction } from "kysely";
import { z } from "zod";
import type { MediaQuery } from "~/lib/media-query";
import { hasAvif, type MediaView, mediaUrl } from "~/lib/media-url";
import { countedPageWindow } from "../admin-lists/list-query.server";
import { contentMemoByKey } from "../db/content-memo.server";
import { database } from "../db/database.server";
import type { Database, MediaSource } from "../db/schema";
import type { MediaEdit } from "./media-fields.server";
import { containsPattern, foldForSearch, mediaSearchText } from "./media-search.server";
import { usagesOf } from "./media-usage.server";
import type { MediaUsage } from "./media-usage-finder.server";

// The media library's reads and writes: the admin's grid (a page at a time, searched on the
// server), one image's details, editing its name and alt text, and deleting it when nothing
// uses it. Image bytes are never read here; they stay in media_files for the media route.

export const MEDIA_PAGE_SIZE = 48;

/** An image as the grid and the picker show it. */
export interface MediaListItem extends MediaView {
  id: string;
  name: string;
  /** The largest WebP variant's URL: what a post keeps. */
  url: string;
  source: MediaSource;
  createdAt: string;
}

export interface MediaPage {
  items: MediaListItem[];
  /** The search as applied ("" for none). */
  search: string;
  page: number;
  pageCount: number;
  total: number;
}

const LIST_COLUMNS = [
  "id",
  "hash",
  "width",
  "height",
  "name",
  "alt",
  "formats",
  "source",
  "created_at",
] as const;

type ListRow = {
  id: string;
  hash: string;
  width: number;
  height: number;
  name: string;
  alt: string;
  formats: string;
  source: MediaSource;
  created_at: string;
};

function toListItem(row: ListRow): MediaListItem {
  return {
    id: row.id,
    hash: row.hash,
    width: row.width,
    height: row.height,
    name: row.name,
    alt: row.alt,
    avif: hasAvif(row.formats),
    url: mediaUrl(row),
    source: row.source,
    createdAt: row.created_at,
  };
}

/** One page of the library, newest first, matching the search in name or alt text. */
export async function listMedia(query: MediaQuery, pageSize: number = MEDIA_PAGE_SIZE): Promise<MediaPage> {
  const db = await database();
  const folded = foldForSearch(query.search);
  // Kysely's "like" has no ESCAPE clause, and SQLite has no default escape character.
  const base = folded
    ? db.selectFrom("media").where(sql<boolean>`search_text LIKE ${containsPattern(folded)} ESCAPE '\\'`)
    : db.selectFrom("media");
  const { page, pageCount, total, offset } = await countedPageWindow(base, query.page, pageSize);
  const rows = await base
    .select(LIST_COLUMNS)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset(offset)
    .execute();
  return { items: rows.map(toListItem), search: query.search, page, pageCount, total };
}

/** An image as its own page in the library shows it. */
export interface MediaDetail extends MediaListItem {
  /** Bytes of every stored variant together. */
  storedBytes: number;
  variantCount: number;
  usages: MediaUsage[];
}

const mediaIdSchema = z.uuid();

/** The image id in an admin address or form, or null when it cannot name an image. */
export function mediaIdFrom(value: unknown): string | null {
  const parsed = mediaIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export async function getMediaDetail(id: string): Promise<MediaDetail | null> {
  const db = await database();
  const row = await db.selectFrom("media").select(LIST_COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [files, usages] = await Promise.all([
    db
      .selectFrom("media_files")
      .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.sum<number>("byte_length").as("bytes")])
      .where("media_id", "=", id)
      .executeTakeFirstOrThrow(),
    usagesOf(db, [{ id: row.id, hash: row.hash }]),
  ]);
  return {
    ...toListItem(row),
    storedBytes: Number(files.bytes ?? 0),
    variantCount: Number(files.count),
    usages,
  };
}

/**
 * Rename an image or change its alt text, in the caller's transaction: its name and alt text
 * before (for the audit entry), or undefined when it no longer exists.
 */
export async function renameMedia(
  trx: Transaction<Database>,
  id: string,
  edit: MediaEdit,
): Promise<{ name: string; alt: string } | undefined> {
  const before = await trx
    .selectFrom("media")
    .select(["name", "alt"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!before) return undefined;
  await trx
    .updateTable("media")
    .set({ name: edit.name, alt: edit.alt, search_text: mediaSearchText(edit.name, edit.alt) })
    .where("id", "=", id)
    .execute();
  return before;
}

export type DeleteMediaResult =
  | { ok: true; name: string }
  | { ok: false; status: 404 }
  | { ok: false; status: 409; name: string; usages: MediaUsage[] };

/**
 * Delete an image and its files, unless something uses it: then nothing changes and the
 * answer lists the places. The check and the delete share a transaction (the caller's, when
 * it records the deletion).
 */
export async function deleteMedia(id: string, within?: Transaction<Database>): Promise<DeleteMediaResult> {
  if (within) return removeMediaRow(within, id);
  const db = await database();
  return db.transaction().execute((trx) => removeMediaRow(trx, id));
}

async function removeMediaRow(trx: Transaction<Database>, id: string): Promise<DeleteMediaResult> {
  const media = await trx
    .selectFrom("media")
    .select(["id", "hash", "name"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!media) return { ok: false, status: 404 };
  const usages = await usagesOf(trx, [media]);
  if (usages.length > 0) return { ok: false, status: 409, name: media.name, usages };
  // media_files go with it (ON DELETE CASCADE).
  await trx.deleteFrom("media").where("id", "=", id).execute();
  return { ok: true, name: media.name };
}

/** The refusal's pt-BR message, naming every place. */
export function mediaInUseMessage(name: string, usages: MediaUsage[]): string {
  const places = usages.map((usage) => usage.place).join("; ");
  return `Não é possível excluir a imagem "${name}": ela está em uso em ${places}. Remova-a desses lugares antes de excluir.`;
}

/**
 * The images with these hashes as pages show them (alt text, AVIF or not), for content that
 * refers to images by URL (posts). Hashes with no image are simply absent.
 */
export async function mediaViewsByHash(hashes: Iterable<string>): Promise<Map<string, MediaView>> {
  const unique = [...new Set(hashes)];
  if (unique.length === 0) return new Map();
  const db = await database();
  const rows = await db
    .selectFrom("media")
    .select(["hash", "width", "height", "alt", "formats"])
    .where("hash", "in", unique)
    .execute();
  return new Map(
    rows.map((row) => [
      row.hash,
      { hash: row.hash, width: row.width, height: row.height, alt: row.alt, avif: hasAvif(row.formats) },
    ]),
  );
}

// Keyed by the sorted hashes: an article asks for the same set on every render.
const memoisedViews = contentMemoByKey((key: string) => mediaViewsByHash(key.split(" ")));

/**
 * mediaViewsByHash for a published page, memoised until content changes (an image's alt text
 * or formats changing, or the image going, is announced). Previews read fresh.
 */
export function publishedMediaViewsByHash(hashes: Iterable<string>): Promise<Map<string, MediaView>> {
  const unique = [...new Set(hashes)].sort();
  if (unique.length === 0) return Promise.resolve(new Map());
  return memoisedViews(unique.join(" "));
}

/** The images with these ids, for forms that keep an image by id (a work's photos, a service's picture). */
export async function mediaItemsById(ids: Iterable<string>): Promise<Map<string, MediaListItem>> {
  const unique = [...new Set(ids)].filter((id) => mediaIdFrom(id) !== null);
  if (unique.length === 0) return new Map();
  const db = await database();
  const rows = await db.selectFrom("media").select(LIST_COLUMNS).where("id", "in", unique).execute();
  return new Map(rows.map((row) => [row.id, toListItem(row)]));
}
