import type { MediaUsage, MediaUsageFinder } from "../media/media-usage-finder.server";

const CHUNK = 500;

/**
 * The works that show any of these library images, as cover, gallery photo or either side of a
 * before/after pair, drafts included (publishing one again would show a missing image). One
 * place per image and work, in the order of /obras.
 */
export const findWorkUsages: MediaUsageFinder = async (db, media) => {
  const ids = [...new Set(media.map((item) => item.id))];
  const found: Array<{ mediaId: string; workId: string }> = [];
  // A bounded number of parameters per query, whatever the caller passes.
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const covers = await db
      .selectFrom("works")
      .select(["id as workId", "cover_media_id as mediaId"])
      .where("cover_media_id", "in", chunk)
      .execute();
    const photos = await db
      .selectFrom("work_photos")
      .select(["work_id as workId", "media_id as mediaId"])
      .where("media_id", "in", chunk)
      .execute();
    const befores = await db
      .selectFrom("work_pairs")
      .select(["work_id as workId", "before_media_id as mediaId"])
      .where("before_media_id", "in", chunk)
      .execute();
    const afters = await db
      .selectFrom("work_pairs")
      .select(["work_id as workId", "after_media_id as mediaId"])
      .where("after_media_id", "in", chunk)
      .execute();
    for (const row of [...covers, ...photos, ...befores, ...afters]) {
      if (row.mediaId) found.push({ mediaId: row.mediaId, workId: row.workId });
    }
  }
  if (found.length === 0) return [];
  const workIds = [...new Set(found.map((item) => item.workId))];
  const works = new Map<string, { title: string; position: number }>();
  for (let start = 0; start < workIds.length; start += CHUNK) {
    const rows = await db
      .selectFrom("works")
      .select(["id", "title", "position"])
      .where("id", "in", workIds.slice(start, start + CHUNK))
      .execute();
    for (const row of rows) works.set(row.id, row);
  }
  const seen = new Set<string>();
  const usages: Array<MediaUsage & { position: number }> = [];
  for (const { mediaId, workId } of found) {
    const work = works.get(workId);
    const key = `${mediaId} ${workId}`;
    if (!work || seen.has(key)) continue;
    seen.add(key);
    usages.push({
      mediaId,
      place: `Obra: ${work.title}`,
      href: `/admin/obras/${workId}`,
      position: work.position,
    });
  }
  return usages
    .sort((a, b) => a.position - b.position)
    .map(({ mediaId, place, href }) => ({ mediaId, place, href }));
};
