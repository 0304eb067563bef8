import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import {
  MEDIA_CONTENT_TYPES,
  MEDIA_FILE_NAME_PATTERN,
  MEDIA_FORMATS,
  MEDIA_HASH_PATTERN,
  MEDIA_VARIANT_WIDTHS,
  type MediaFormat,
  mediaUrl,
  SOCIAL_IMAGE,
} from "~/lib/media-url";
import { database } from "../db/database.server";
import type { Database, MediaSource } from "../db/schema";
import type { ProcessedImage } from "./image-processing.server";
import { processImage, socialImageFrom } from "./image-worker.server";
import { mediaSearchText } from "./media-search.server";

// Images live in the database, not on a disk, so every instance behind a load balancer serves
// the same files and a database backup holds everything.

export interface StoredImage {
  /** The library's id of the image (what works and services keep). */
  id: string;
  /** `/media/<hash>/<W>x<H>.webp`: the largest variant, the URL to keep in a post. */
  url: string;
  width: number;
  height: number;
  name: string;
  alt: string;
}

export interface StoreImageOptions {
  source: MediaSource;
  /** The signed-in user who uploaded or generated it. */
  uploadedBy: string | null;
  /** The library's name for it (the uploaded file's name, or the AI prompt). */
  name: string;
  alt?: string;
}

/** The formats every image stored from now on has (the `media.formats` column). */
const ALL_FORMATS = MEDIA_FORMATS.join(" ");

function fileRows(mediaId: string, image: ProcessedImage, formats: readonly MediaFormat[]) {
  return image.variants
    .filter((variant) => formats.includes(variant.format))
    .map((variant) => ({
      media_id: mediaId,
      width: variant.width,
      height: variant.height,
      content_type: MEDIA_CONTENT_TYPES[variant.format],
      bytes: variant.bytes,
      byte_length: variant.bytes.byteLength,
    }));
}

/**
 * The same picture uploaded again: the library keeps its first name and alt text. An image
 * stored before the site made AVIF gets its AVIF variants now.
 */
async function reuseExisting(trx: Transaction<Database>, image: ProcessedImage) {
  const existing = await trx
    .selectFrom("media")
    .select(["id", "name", "alt", "formats"])
    .where("hash", "=", image.hash)
    .executeTakeFirstOrThrow();
  const missing = MEDIA_FORMATS.filter((format) => !existing.formats.split(" ").includes(format));
  if (missing.length > 0) {
    // DO NOTHING: the same upload running at the same moment may have added them already.
    await trx
      .insertInto("media_files")
      .values(fileRows(existing.id, image, missing))
      .onConflict((conflict) => conflict.columns(["media_id", "content_type", "width"]).doNothing())
      .execute();
    await trx.updateTable("media").set({ formats: ALL_FORMATS }).where("id", "=", existing.id).execute();
  }
  return existing;
}

/**
 * Re-encode an image (see processImage; throws ImageRejectedError for anything that is not
 * a JPEG, PNG, WebP or AVIF) and store its variants in the library. The same picture stored
 * twice is stored once: the hash of its pixels names it.
 */
export async function storeImage(bytes: Uint8Array, options: StoreImageOptions): Promise<StoredImage> {
  const image = await processImage(bytes);
  const db = await database();
  return db.transaction().execute((trx) => keepImage(trx, image, options));
}

/** Store an image processed already, in the caller's transaction (with its audit entry, say). */
export async function keepImage(
  trx: Transaction<Database>,
  image: ProcessedImage,
  options: StoreImageOptions,
): Promise<StoredImage> {
  const alt = options.alt ?? "";
  // ON CONFLICT DO NOTHING rather than select-then-insert: two admins uploading the same
  // photo at once must not make one of them fail on the unique hash.
  const inserted = await trx
    .insertInto("media")
    .values({
      id: randomUUID(),
      hash: image.hash,
      width: image.width,
      height: image.height,
      source: options.source,
      uploaded_by: options.uploadedBy,
      created_at: new Date().toISOString(),
      name: options.name,
      alt,
      formats: ALL_FORMATS,
      search_text: mediaSearchText(options.name, alt),
    })
    .onConflict((conflict) => conflict.column("hash").doNothing())
    .returning("id")
    .executeTakeFirst();
  const row = inserted ? { id: inserted.id, name: options.name, alt } : await reuseExisting(trx, image);
  if (inserted)
    await trx
      .insertInto("media_files")
      .values(fileRows(inserted.id, image, MEDIA_FORMATS))
      .execute();
  return {
    id: row.id,
    url: mediaUrl(image),
    width: image.width,
    height: image.height,
    name: row.name,
    alt: row.alt,
  };
}

export interface MediaFile {
  contentType: string;
  bytes: Uint8Array<ArrayBuffer>;
  width: number;
}

/**
 * One stored file for the media route: `<w>.webp` / `<w>.avif` (a variant by width and format)
 * or `<w>x<h>.webp` (the same, with the height that must match). Null for anything else.
 */
export async function readMediaFile(hash: string, fileName: string): Promise<MediaFile | null> {
  const name = MEDIA_FILE_NAME_PATTERN.exec(fileName);
  if (!MEDIA_HASH_PATTERN.test(hash) || !name) return null;
  if (fileName === SOCIAL_IMAGE.fileName) return readSocialImage(hash);
  const [stem = "", extension = ""] = fileName.split(".");
  const [width, height] = stem.split("x").map(Number);
  const contentType = MEDIA_CONTENT_TYPES[extension as MediaFormat];
  if (width === undefined || !contentType) return null;
  const db = await database();
  // A standard width the image was stored without (it predates that width in the ladder) is
  // answered with the next wider variant: the `srcset` names every standard width, and a
  // picture drawn from a slightly wider file looks the same. Any other width must exist.
  const nextWider = height === undefined && MEDIA_VARIANT_WIDTHS.includes(width);
  const row = await db
    .selectFrom("media as m")
    .innerJoin("media_files as f", "f.media_id", "m.id")
    .select(["f.width", "f.height", "f.content_type", "f.bytes"])
    .where("m.hash", "=", hash)
    .where("f.content_type", "=", contentType)
    .where("f.width", nextWider ? ">=" : "=", width)
    .orderBy("f.width")
    .limit(1)
    .executeTakeFirst();
  if (!row || (height !== undefined && row.height !== height)) return null;
  return { contentType: row.content_type, bytes: bytesOf(row.bytes), width: row.width };
}

/**
 * node:sqlite returns a Uint8Array, pg a Buffer (a Uint8Array too): one view type for both,
 * without copying unless the memory is shared (which a Response body cannot take).
 */
function bytesOf(stored: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer, byteOffset, byteLength } = stored;
  return buffer instanceof ArrayBuffer
    ? new Uint8Array(buffer, byteOffset, byteLength)
    : Uint8Array.from(stored);
}

/**
 * An image's link preview (SOCIAL_IMAGE). Made from its largest WebP variant the first time a
 * page's preview is fetched and stored with its other files, so images stored before previews
 * were JPEG get one too, and the next reader (or instance) gets the stored bytes.
 */
async function readSocialImage(hash: string): Promise<MediaFile | null> {
  const db = await database();
  const stored = await db
    .selectFrom("media as m")
    .innerJoin("media_files as f", "f.media_id", "m.id")
    .select("f.bytes")
    .where("m.hash", "=", hash)
    .where("f.content_type", "=", SOCIAL_IMAGE.contentType)
    .where("f.width", "=", SOCIAL_IMAGE.width)
    .executeTakeFirst();
  if (stored)
    return { contentType: SOCIAL_IMAGE.contentType, bytes: bytesOf(stored.bytes), width: SOCIAL_IMAGE.width };
  const source = await db
    .selectFrom("media as m")
    .innerJoin("media_files as f", "f.media_id", "m.id")
    .select(["m.id", "f.bytes"])
    .where("m.hash", "=", hash)
    .where("f.content_type", "=", MEDIA_CONTENT_TYPES.webp)
    .orderBy("f.width", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!source) return null;
  const bytes = bytesOf(await socialImageFrom(source.bytes));
  // DO NOTHING: another request (or instance) may have stored it meanwhile; the bytes are the same.
  await db
    .insertInto("media_files")
    .values({
      media_id: source.id,
      width: SOCIAL_IMAGE.width,
      height: SOCIAL_IMAGE.height,
      content_type: SOCIAL_IMAGE.contentType,
      bytes,
      byte_length: bytes.byteLength,
    })
    .onConflict((conflict) => conflict.columns(["media_id", "content_type", "width"]).doNothing())
    .execute();
  return { contentType: SOCIAL_IMAGE.contentType, bytes, width: SOCIAL_IMAGE.width };
}
