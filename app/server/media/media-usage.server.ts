import type { Kysely } from "kysely";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import { findServiceUsages } from "../services/service-media-usages.server";
import { findWorkUsages } from "../works/work-media-usages.server";

// Where each image of the library is used: asked when the library shows an image and before
// it deletes one. Nothing is counted ahead of time: each kind of content answers with one
// query for all the images asked about, so a place can never be missed by a counter that
// drifted (a row written by a script, a restored backup).

export type MediaUsage = {
  mediaId: string;
  /** pt-BR, for the owner: "Post: Título do post". */
  place: string;
  /** Where the owner edits that place in the admin. */
  href: string;
};

/** An image as the finders need it: content refers to it by id (works, services) or by URL (posts). */
export interface MediaReference {
  id: string;
  hash: string;
}

/** Finds the places of one kind of content that use any of `media`. */
export type MediaUsageFinder = (
  db: Kysely<Database>,
  media: readonly MediaReference[],
) => Promise<MediaUsage[]>;

/**
 * Posts: the featured image (its URL, `/media/<hash>/<W>x<H>.webp`) and every image in the
 * content (`<img src="/media/<hash>/…">`). Drafts and archived posts count: deleting the image
 * would break them when they are published again.
 */
export const findPostUsages: MediaUsageFinder = async (db, media) => {
  const rows = await db
    .selectFrom("blog_posts")
    .select(["id", "title", "featured_image_url", "content"])
    .where((eb) =>
      eb.or(
        media.flatMap(({ hash }) => [
          eb("featured_image_url", "like", `/media/${hash}/%`),
          eb("content", "like", `%/media/${hash}/%`),
        ]),
      ),
    )
    .execute();
  return rows.flatMap((post) =>
    media
      .filter(({ hash }) => {
        const path = `/media/${hash}/`;
        return (post.featured_image_url ?? "").startsWith(path) || post.content.includes(path);
      })
      .map((image) => ({ mediaId: image.id, place: `Post: ${post.title}`, href: `/admin/posts/${post.id}` })),
  );
};

/**
 * One finder per kind of content that can show a library image. A new kind (works, services,
 * the home page…) adds its finder here.
 */
export const mediaUsageFinders: MediaUsageFinder[] = [findPostUsages, findServiceUsages, findWorkUsages];

const byPlace = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

/** Every place that uses any of `media`, read through `db` (a transaction, to delete safely). */
export async function usagesOf(
  db: Kysely<Database>,
  media: readonly MediaReference[],
): Promise<MediaUsage[]> {
  if (media.length === 0) return [];
  // One after the other: a transaction on PostgreSQL runs one query at a time anyway.
  const found: MediaUsage[] = [];
  for (const finder of mediaUsageFinders) found.push(...(await finder(db, media)));
  return found.sort((a, b) => a.mediaId.localeCompare(b.mediaId) || byPlace.compare(a.place, b.place));
}

/** Every place that uses any of the images, sorted by image and then by place. */
export async function findMediaUsages(mediaIds: string[]): Promise<MediaUsage[]> {
  if (mediaIds.length === 0) return [];
  const db = await database();
  const media = await db.selectFrom("media").select(["id", "hash"]).where("id", "in", mediaIds).execute();
  return usagesOf(db, media);
}
