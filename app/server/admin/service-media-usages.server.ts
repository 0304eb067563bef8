import { database } from "../db/database.server";

/** Where an image of the library is used, as the library's "where used" lists it. */
export interface MediaUsage {
  mediaId: string;
  /** pt-BR, e.g. "Serviço: Impermeabilização". */
  place: string;
  /** The admin page that edits the place. */
  href: string;
}

const CHUNK = 500;

/** The services that show any of these images, in the order of /servicos. */
export async function serviceMediaUsages(mediaIds: string[]): Promise<MediaUsage[]> {
  const ids = [...new Set(mediaIds)];
  if (ids.length === 0) return [];
  const db = await database();
  const usages: Array<MediaUsage & { position: number }> = [];
  // A bounded number of parameters per query, whatever the caller passes.
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await db
      .selectFrom("services")
      .select(["id", "title", "picture_media_id", "position"])
      .where("picture_media_id", "in", ids.slice(start, start + CHUNK))
      .execute();
    for (const row of rows) {
      if (!row.picture_media_id) continue;
      usages.push({
        mediaId: row.picture_media_id,
        place: `Serviço: ${row.title}`,
        href: `/admin/servicos/${row.id}`,
        position: row.position,
      });
    }
  }
  return usages
    .sort((a, b) => a.position - b.position)
    .map(({ mediaId, place, href }) => ({ mediaId, place, href }));
}
