import { hasAvif } from "~/lib/media-url";
import type { ContentPicture } from "~/lib/site-content";
import {
  WORKS_PAGE_SIZE,
  type WorkDetail,
  type WorkListItem,
  type WorkPair,
  type WorkPhoto,
  type WorksListPage,
} from "~/lib/works";
import { contentMemo, contentMemoByKey } from "../db/content-memo.server";
import { database } from "../db/database.server";
import { parseFeatures } from "../services/public-services.server";

// Read side of the works portfolio: only published works, in the owner's order. /obras reads
// one page of works and their photos (three queries, whatever the number of works); a work's
// page reads the work, its photos and its pairs. Each is memoised until the content changes.

interface ImageColumns {
  /** The picture's own alt text (the photo's, the cover's, a pair side's). */
  alt: string;
  path: string | null;
  width: number | null;
  height: number | null;
  media_hash: string | null;
  media_width: number | null;
  media_height: number | null;
  media_alt: string | null;
  media_formats: string | null;
}

/**
 * A picture from its columns: the library image when there is one (its own alt text wins over
 * the library's, which is the fallback), else the shipped file, else nothing.
 */
function pictureOf(columns: ImageColumns, fallbackAlt: string): ContentPicture | null {
  if (columns.media_hash && columns.media_width && columns.media_height) {
    return {
      kind: "media",
      image: {
        hash: columns.media_hash,
        width: columns.media_width,
        height: columns.media_height,
        alt: columns.alt || columns.media_alt || fallbackAlt,
        avif: hasAvif(columns.media_formats),
      },
    };
  }
  if (columns.path && columns.width && columns.height) {
    return {
      kind: "file",
      file: {
        src: columns.path,
        alt: columns.alt || fallbackAlt,
        width: columns.width,
        height: columns.height,
      },
    };
  }
  return null;
}

async function photosOf(workIds: string[]): Promise<Map<string, WorkPhoto[]>> {
  const byWork = new Map<string, WorkPhoto[]>();
  if (workIds.length === 0) return byWork;
  const db = await database();
  const rows = await db
    .selectFrom("work_photos as p")
    .leftJoin("media as m", "m.id", "p.media_id")
    .select([
      "p.work_id",
      "p.title",
      "p.alt",
      "p.path",
      "p.width",
      "p.height",
      "m.hash as media_hash",
      "m.width as media_width",
      "m.height as media_height",
      "m.alt as media_alt",
      "m.formats as media_formats",
    ])
    .where("p.work_id", "in", workIds)
    .orderBy("p.work_id")
    .orderBy("p.position")
    .orderBy("p.id")
    .execute();
  for (const row of rows) {
    const picture = pictureOf(row, row.title);
    if (!picture) continue;
    const list = byWork.get(row.work_id) ?? [];
    list.push({ title: row.title, picture });
    byWork.set(row.work_id, list);
  }
  return byWork;
}

async function loadPublishedWorks(page: number): Promise<WorksListPage | null> {
  const db = await database();
  const [rows, count] = await Promise.all([
    db
      .selectFrom("works")
      .select(["id", "slug", "title", "services", "description", "in_progress"])
      .where("published", "=", true)
      .orderBy("position")
      .orderBy("id")
      .limit(WORKS_PAGE_SIZE)
      .offset((page - 1) * WORKS_PAGE_SIZE)
      .execute(),
    db
      .selectFrom("works")
      .select((eb) => eb.fn.countAll<number | string>().as("total"))
      .where("published", "=", true)
      .executeTakeFirstOrThrow(),
  ]);
  const pageCount = Math.max(1, Math.ceil(Number(count.total) / WORKS_PAGE_SIZE));
  if (page > pageCount) return null;
  const photos = await photosOf(rows.map((row) => row.id));
  const works: WorkListItem[] = rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    services: parseFeatures(row.services),
    description: row.description,
    inProgress: Boolean(row.in_progress),
    photos: photos.get(row.id) ?? [],
  }));
  return { works, page, pageCount };
}

/** One page of /obras, or null when the page does not exist (past the last one). */
export const listPublishedWorks: (page: number) => Promise<WorksListPage | null> =
  contentMemoByKey(loadPublishedWorks);

/** Every published work's address and last change, for the sitemap. */
export const listPublishedWorkSlugs: () => Promise<Array<{ slug: string; updatedAt: string }>> = contentMemo(
  async () => {
    const db = await database();
    const rows = await db
      .selectFrom("works")
      .select(["slug", "updated_at"])
      .where("published", "=", true)
      .orderBy("position")
      .orderBy("id")
      .execute();
    return rows.map((row) => ({ slug: row.slug, updatedAt: row.updated_at }));
  },
);

async function loadPublishedWork(slug: string): Promise<WorkDetail | null> {
  const db = await database();
  const work = await db
    .selectFrom("works as w")
    .leftJoin("media as m", "m.id", "w.cover_media_id")
    .select([
      "w.id",
      "w.slug",
      "w.title",
      "w.neighbourhood",
      "w.city",
      "w.period",
      "w.building_type",
      "w.services",
      "w.description",
      "w.in_progress",
      "w.cover_alt as alt",
      "w.cover_path as path",
      "w.cover_width as width",
      "w.cover_height as height",
      "w.published_at",
      "w.updated_at",
      "m.hash as media_hash",
      "m.width as media_width",
      "m.height as media_height",
      "m.alt as media_alt",
      "m.formats as media_formats",
    ])
    .where("w.slug", "=", slug)
    .where("w.published", "=", true)
    .executeTakeFirst();
  if (!work) return null;
  const [photos, pairRows] = await Promise.all([
    photosOf([work.id]),
    db
      .selectFrom("work_pairs as p")
      .leftJoin("media as b", "b.id", "p.before_media_id")
      .leftJoin("media as a", "a.id", "p.after_media_id")
      .select([
        "p.title",
        "p.before_alt",
        "p.before_path",
        "p.before_width",
        "p.before_height",
        "b.hash as before_hash",
        "b.width as before_media_width",
        "b.height as before_media_height",
        "b.alt as before_media_alt",
        "b.formats as before_formats",
        "p.after_alt",
        "p.after_path",
        "p.after_width",
        "p.after_height",
        "a.hash as after_hash",
        "a.width as after_media_width",
        "a.height as after_media_height",
        "a.alt as after_media_alt",
        "a.formats as after_formats",
      ])
      .where("p.work_id", "=", work.id)
      .orderBy("p.position")
      .orderBy("p.id")
      .execute(),
  ]);
  const pairs: WorkPair[] = pairRows.flatMap((row) => {
    const before = pictureOf(
      {
        alt: row.before_alt,
        path: row.before_path,
        width: row.before_width,
        height: row.before_height,
        media_hash: row.before_hash,
        media_width: row.before_media_width,
        media_height: row.before_media_height,
        media_alt: row.before_media_alt,
        media_formats: row.before_formats,
      },
      `${row.title || work.title}: antes`,
    );
    const after = pictureOf(
      {
        alt: row.after_alt,
        path: row.after_path,
        width: row.after_width,
        height: row.after_height,
        media_hash: row.after_hash,
        media_width: row.after_media_width,
        media_height: row.after_media_height,
        media_alt: row.after_media_alt,
        media_formats: row.after_formats,
      },
      `${row.title || work.title}: depois`,
    );
    return before && after ? [{ title: row.title, before, after }] : [];
  });
  return {
    slug: work.slug,
    title: work.title,
    description: work.description,
    inProgress: Boolean(work.in_progress),
    photos: photos.get(work.id) ?? [],
    neighbourhood: work.neighbourhood,
    city: work.city,
    period: work.period,
    buildingType: work.building_type,
    services: parseFeatures(work.services),
    cover: pictureOf(work, work.title),
    pairs,
    publishedAt: work.published_at,
    updatedAt: work.updated_at,
  };
}

/** A published work with its photos and pairs, or null (unknown or not published). */
export const getPublishedWork: (slug: string) => Promise<WorkDetail | null> =
  contentMemoByKey(loadPublishedWork);

/** The library images a work's page (or an /obras page) shows, for its render-cache tags. */
export function mediaHashesOf(pictures: Array<ContentPicture | null>): string[] {
  return pictures.flatMap((picture) => (picture?.kind === "media" ? [picture.image.hash] : []));
}
