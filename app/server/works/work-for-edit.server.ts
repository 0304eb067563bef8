import { database } from "../db/database.server";
import { libraryImages, pictureOf, type WorkPicture } from "./work-pictures.server";

// One work as the editor reads it (/admin/obras/<id>): its fields, its gallery and its
// before/after pairs, each picture resolved to a preview.

export interface EditableWorkPhoto {
  picture: WorkPicture;
  title: string;
  alt: string;
}

export interface EditableWorkPair {
  title: string;
  before: WorkPicture;
  beforeAlt: string;
  after: WorkPicture;
  afterAlt: string;
}

/** A work as its form shows it. */
export interface EditableWork {
  id: string;
  slug: string;
  title: string;
  neighbourhood: string;
  city: string;
  period: string;
  buildingType: string;
  services: string[];
  description: string;
  inProgress: boolean;
  published: boolean;
  cover: WorkPicture | null;
  coverAlt: string;
  photos: EditableWorkPhoto[];
  pairs: EditableWorkPair[];
  /** Changes at every save: the editor starts afresh from what was saved. */
  updatedAt: string;
}
const parseServices = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
};

export async function getWorkForEdit(id: string): Promise<EditableWork | null> {
  const db = await database();
  const work = await db.selectFrom("works").selectAll().where("id", "=", id).executeTakeFirst();
  if (!work) return null;
  const [photos, pairs] = await Promise.all([
    db
      .selectFrom("work_photos")
      .selectAll()
      .where("work_id", "=", id)
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("work_pairs")
      .selectAll()
      .where("work_id", "=", id)
      .orderBy("position")
      .orderBy("id")
      .execute(),
  ]);
  const library = await libraryImages(db, [
    ...(work.cover_media_id ? [work.cover_media_id] : []),
    ...photos.flatMap((photo) => (photo.media_id ? [photo.media_id] : [])),
    ...pairs.flatMap((pair) => [pair.before_media_id, pair.after_media_id].filter((m): m is string => !!m)),
  ]);
  const cover = pictureOf(
    {
      mediaId: work.cover_media_id,
      path: work.cover_path,
      width: work.cover_width,
      height: work.cover_height,
    },
    library,
  );
  return {
    id: work.id,
    updatedAt: work.updated_at,
    slug: work.slug,
    title: work.title,
    neighbourhood: work.neighbourhood,
    city: work.city,
    period: work.period,
    buildingType: work.building_type,
    services: parseServices(work.services),
    description: work.description,
    inProgress: Boolean(work.in_progress),
    published: Boolean(work.published),
    cover,
    coverAlt: cover ? work.cover_alt : "",
    photos: photos.flatMap((photo) => {
      const picture = pictureOf(
        { mediaId: photo.media_id, path: photo.path, width: photo.width, height: photo.height },
        library,
      );
      return picture ? [{ picture, title: photo.title, alt: photo.alt }] : [];
    }),
    pairs: pairs.flatMap((pair) => {
      const before = pictureOf(
        {
          mediaId: pair.before_media_id,
          path: pair.before_path,
          width: pair.before_width,
          height: pair.before_height,
        },
        library,
      );
      const after = pictureOf(
        {
          mediaId: pair.after_media_id,
          path: pair.after_path,
          width: pair.after_width,
          height: pair.after_height,
        },
        library,
      );
      return before && after
        ? [{ title: pair.title, before, beforeAlt: pair.before_alt, after, afterAlt: pair.after_alt }]
        : [];
    }),
  };
}
