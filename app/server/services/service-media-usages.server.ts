import type { MediaUsageFinder } from "../media/media-usage-finder.server";

const CHUNK = 500;

/** The services that show any of these library images, in the order of /servicos. */
export const findServiceUsages: MediaUsageFinder = async (db, media) => {
  const ids = [...new Set(media.map((item) => item.id))];
  const rows: Array<{ id: string; title: string; picture_media_id: string | null; position: number }> = [];
  // A bounded number of parameters per query, whatever the caller passes.
  for (let start = 0; start < ids.length; start += CHUNK) {
    rows.push(
      ...(await db
        .selectFrom("services")
        .select(["id", "title", "picture_media_id", "position"])
        .where("picture_media_id", "in", ids.slice(start, start + CHUNK))
        .execute()),
    );
  }
  return rows
    .sort((a, b) => a.position - b.position)
    .flatMap((row) =>
      row.picture_media_id
        ? [
            {
              mediaId: row.picture_media_id,
              place: `Serviço: ${row.title}`,
              href: `/admin/servicos/${row.id}`,
            },
          ]
        : [],
    );
};
