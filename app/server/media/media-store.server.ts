import { randomUUID } from "node:crypto";
import { MEDIA_FILE_NAME_PATTERN, MEDIA_HASH_PATTERN, mediaUrl } from "~/lib/media-url";
import { database } from "../db/database.server";
import type { MediaSource } from "../db/schema";
import { processImage } from "./image-processing.server";

// Images live in the database, not on a disk, so every instance behind a load balancer serves
// the same files and a database backup holds everything.

const WEBP = "image/webp";

export interface StoredImage {
  /** `/media/<hash>/<W>x<H>.webp`: the largest variant, the URL to keep in a post. */
  url: string;
  width: number;
  height: number;
}

export interface StoreImageOptions {
  source: MediaSource;
  /** The signed-in user who uploaded or generated it. */
  uploadedBy: string | null;
}

/**
 * Re-encode an image (see processImage; throws ImageRejectedError for anything that is not
 * a JPEG, PNG or WebP) and store its variants. The same picture stored twice is stored once:
 * the hash of its pixels names it.
 */
export async function storeImage(bytes: Uint8Array, options: StoreImageOptions): Promise<StoredImage> {
  const image = await processImage(bytes);
  const db = await database();
  await db.transaction().execute(async (trx) => {
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
      })
      .onConflict((conflict) => conflict.column("hash").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return;
    await trx
      .insertInto("media_files")
      .values(
        image.variants.map((variant) => ({
          media_id: inserted.id,
          width: variant.width,
          height: variant.height,
          content_type: WEBP,
          bytes: variant.bytes,
          byte_length: variant.bytes.byteLength,
        })),
      )
      .execute();
  });
  return { url: mediaUrl(image), width: image.width, height: image.height };
}

export interface MediaFile {
  contentType: string;
  bytes: Uint8Array<ArrayBuffer>;
  width: number;
}

/**
 * One stored file for the media route: `<w>.webp` (a variant by width) or `<w>x<h>.webp`
 * (the same, with the height that must match). Null for anything else.
 */
export async function readMediaFile(hash: string, fileName: string): Promise<MediaFile | null> {
  if (!MEDIA_HASH_PATTERN.test(hash) || !MEDIA_FILE_NAME_PATTERN.test(fileName)) return null;
  const [width, height] = fileName
    .replace(/\.webp$/, "")
    .split("x")
    .map(Number);
  if (width === undefined) return null;
  const db = await database();
  const row = await db
    .selectFrom("media as m")
    .innerJoin("media_files as f", "f.media_id", "m.id")
    .select(["f.width", "f.height", "f.content_type", "f.bytes"])
    .where("m.hash", "=", hash)
    .where("f.width", "=", width)
    .executeTakeFirst();
  if (!row || (height !== undefined && row.height !== height)) return null;
  // node:sqlite returns a Uint8Array, pg a Buffer (a Uint8Array too): one view type for both,
  // without copying unless the memory is shared (which a Response body cannot take).
  const { buffer, byteOffset, byteLength } = row.bytes;
  const bytes =
    buffer instanceof ArrayBuffer
      ? new Uint8Array(buffer, byteOffset, byteLength)
      : Uint8Array.from(row.bytes);
  return { contentType: row.content_type, bytes, width: row.width };
}
