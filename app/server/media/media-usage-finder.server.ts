import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

// What a finder of the library's images answers (media-usage.server.ts asks one per kind of
// content); each kind's finder lives in its domain and depends on this module only.

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
