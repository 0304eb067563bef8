import type { Kysely } from "kysely";
import { mediaThumbnailUrl } from "~/lib/media-url";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";

// The pictures of a work: a library image (by id) or a file shipped with the site (by path,
// with its size), resolved to what the editor shows.

/** A picture as the editor shows it and posts it back (`ref`: a media id or a shipped path). */
export interface WorkPicture {
  ref: string;
  /** The preview's address: a library variant, or the shipped file. */
  url: string;
  width: number;
  height: number;
  /** The library's name ("" for a shipped file). */
  name: string;
  /** The library's alt text ("" for a shipped file). */
  alt: string;
}

interface StoredPicture {
  mediaId: string | null;
  path: string | null;
  width: number | null;
  height: number | null;
}

export type LibraryImage = {
  id: string;
  hash: string;
  width: number;
  height: number;
  name: string;
  alt: string;
};

export async function libraryImages(
  db: Kysely<Database>,
  ids: Iterable<string>,
): Promise<Map<string, LibraryImage>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom("media")
    .select(["id", "hash", "width", "height", "name", "alt"])
    .where("id", "in", unique)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

function libraryPicture(image: LibraryImage): WorkPicture {
  return {
    ref: image.id,
    url: mediaThumbnailUrl(image),
    width: image.width,
    height: image.height,
    name: image.name,
    alt: image.alt,
  };
}

export function pictureOf(stored: StoredPicture, library: Map<string, LibraryImage>): WorkPicture | null {
  if (stored.mediaId) {
    const image = library.get(stored.mediaId);
    return image ? libraryPicture(image) : null;
  }
  if (stored.path && stored.width && stored.height) {
    return {
      ref: stored.path,
      url: stored.path,
      width: stored.width,
      height: stored.height,
      name: "",
      alt: "",
    };
  }
  return null;
}

/** The shipped files works already show, with their sizes: the only paths a form may name. */
export async function shippedPictures(
  db: Kysely<Database>,
): Promise<Map<string, { width: number; height: number }>> {
  const found = new Map<string, { width: number; height: number }>();
  const add = (path: string | null, width: number | null, height: number | null) => {
    if (path && width && height) found.set(path, { width, height });
  };
  for (const row of await db
    .selectFrom("works")
    .select(["cover_path", "cover_width", "cover_height"])
    .where("cover_path", "is not", null)
    .execute())
    add(row.cover_path, row.cover_width, row.cover_height);
  for (const row of await db
    .selectFrom("work_photos")
    .select(["path", "width", "height"])
    .where("path", "is not", null)
    .execute())
    add(row.path, row.width, row.height);
  for (const row of await db
    .selectFrom("work_pairs")
    .select(["before_path", "before_width", "before_height", "after_path", "after_width", "after_height"])
    .where((eb) => eb.or([eb("before_path", "is not", null), eb("after_path", "is not", null)]))
    .execute()) {
    add(row.before_path, row.before_width, row.before_height);
    add(row.after_path, row.after_width, row.after_height);
  }
  return found;
}

/** Previews of the pictures a form named (to show the form again when nothing was saved). */
export async function picturesByRef(refs: Iterable<string>): Promise<Record<string, WorkPicture>> {
  const db = await database();
  const list = [...new Set(refs)].filter(Boolean);
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const library = await libraryImages(
    db,
    list.filter((ref) => uuid.test(ref)),
  );
  const shipped = list.some((ref) => ref.startsWith("/")) ? await shippedPictures(db) : new Map();
  const result: Record<string, WorkPicture> = {};
  for (const ref of list) {
    const image = library.get(ref);
    if (image) result[ref] = libraryPicture(image);
    const file = shipped.get(ref);
    if (file) result[ref] = { ref, url: ref, width: file.width, height: file.height, name: "", alt: "" };
  }
  return result;
}
