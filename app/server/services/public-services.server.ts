import { z } from "zod";
import { isIconName } from "~/lib/icon-names";
import { hasAvif } from "~/lib/media-url";
import type { ContentPicture, ServiceLink, ServiceSection } from "~/lib/site-content";
import { contentMemo } from "../db/content-memo.server";
import { database } from "../db/database.server";
import { reusableQuery } from "../db/reusable-query.server";

// Read side of the services (the footer's links, /servicos, the home page's cards): one small
// query per list, compiled once, and memoised until the content changes (the footer's is read
// on every page rendered).

const linksQuery = reusableQuery([], (db) =>
  db.selectFrom("services").select(["slug", "title"]).orderBy("position").orderBy("id"),
);

/** The services as the footer lists them: their titles, linking to their anchors, in order. */
export const listServiceLinks: () => Promise<ServiceLink[]> = contentMemo(async () =>
  linksQuery(await database(), {}),
);

interface PictureColumns {
  picture_path: string | null;
  picture_width: number | null;
  picture_height: number | null;
  picture_alt: string;
  media_hash: string | null;
  media_width: number | null;
  media_height: number | null;
  media_formats: string | null;
}

/** A service's picture: a library image or a shipped illustration, with the service's alt text. */
export function servicePicture(row: PictureColumns): ContentPicture | null {
  if (row.media_hash && row.media_width && row.media_height) {
    return {
      kind: "media",
      image: {
        hash: row.media_hash,
        width: row.media_width,
        height: row.media_height,
        alt: row.picture_alt,
        avif: hasAvif(row.media_formats),
      },
    };
  }
  if (row.picture_path && row.picture_width && row.picture_height) {
    return {
      kind: "file",
      file: {
        src: row.picture_path,
        alt: row.picture_alt,
        width: row.picture_width,
        height: row.picture_height,
      },
    };
  }
  return null;
}

/** The hashes of the library images among `pictures`, for the page's render-cache tags. */
export function pictureMediaHashes(pictures: ReadonlyArray<ContentPicture | null>): string[] {
  return pictures.flatMap((picture) => (picture?.kind === "media" ? [picture.image.hash] : []));
}

const featuresSchema = z.array(z.string()).catch([]);

/** A service's bullet list, stored as a JSON array. */
export function parseFeatures(json: string): string[] {
  try {
    return featuresSchema.parse(JSON.parse(json));
  } catch {
    return [];
  }
}

const PICTURE_COLUMNS = [
  "s.picture_path",
  "s.picture_width",
  "s.picture_height",
  "s.picture_alt",
  "m.hash as media_hash",
  "m.width as media_width",
  "m.height as media_height",
  "m.formats as media_formats",
] as const;

export const homeServicesQuery = reusableQuery([], (db) =>
  db
    .selectFrom("services as s")
    .leftJoin("media as m", "m.id", "s.picture_media_id")
    .select(["s.slug", "s.icon", "s.title", "s.summary", ...PICTURE_COLUMNS])
    .where("s.show_on_home", "=", true)
    .orderBy("s.home_position")
    .orderBy("s.position")
    .orderBy("s.id"),
);

const servicesQuery = reusableQuery([], (db) =>
  db
    .selectFrom("services as s")
    .leftJoin("media as m", "m.id", "s.picture_media_id")
    .select(["s.slug", "s.icon", "s.title", "s.details", "s.features", ...PICTURE_COLUMNS])
    .orderBy("s.position")
    .orderBy("s.id"),
);

/** An icon name read back; the admin only writes known ones, so this is a safety net. */
export const iconOrCheck = (name: string) => (isIconName(name) ? name : "check");

/** Every service, in order, as /servicos shows them. */
export const listServiceSections: () => Promise<ServiceSection[]> = contentMemo(async () => {
  const rows = await servicesQuery(await database(), {});
  return rows.map((row) => ({
    slug: row.slug,
    icon: iconOrCheck(row.icon),
    title: row.title,
    details: row.details,
    features: parseFeatures(row.features),
    picture: servicePicture(row),
  }));
});
