import type { Kysely } from "kysely";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import type { MediaReference, MediaUsage, MediaUsageFinder } from "./media-usage-finder.server";

// Where each image of the library is used: asked when the library shows an image and before
// it deletes one. Nothing is counted ahead of time: each kind of content answers with one
// query for all the images asked about, so a place can never be missed by a counter that
// drifted (a row written by a script, a restored backup).

/**
 * One finder per kind of content that can show a library image. The kinds sit above media (they
 * show its images), so each adds its finder at start (runtime/registries.server.ts); a new kind
 * (the home page…) adds its own there.
 */
const mediaUsageFinders: MediaUsageFinder[] = [];

export function addMediaUsageFinder(finder: MediaUsageFinder): void {
  if (!mediaUsageFinders.includes(finder)) mediaUsageFinders.push(finder);
}

const byPlace = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

/** Every place that uses any of `media`, read through `db` (a transaction, to delete safely). */
export async function usagesOf(
  db: Kysely<Database>,
  media: readonly MediaReference[],
): Promise<MediaUsage[]> {
  if (media.length === 0) return [];
  // With no finder every image would look unused, and could be deleted while still shown.
  if (mediaUsageFinders.length === 0)
    throw new Error("Registries not assembled: call assembleRegistries() at start.");
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
