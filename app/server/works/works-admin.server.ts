import { randomUUID } from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import { z } from "zod";
import { mediaThumbnailUrl } from "~/lib/media-url";
import { slugify, uniqueSlug } from "~/lib/slug";
import { pageWindow } from "../admin-lists/list-query.server";
import { type MoveDirection, moveInOrder } from "../admin-lists/reorder.server";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import { containsPattern, foldForSearch } from "../media/media-search.server";
import type { PictureRef, WorkForm } from "./work-form.server";

// The works (portfolio) as the admin reads and writes them: the list, one work with its gallery
// and before/after pairs, saving it all in one transaction, publishing, ordering and deleting.
// A picture is a library image (by id) or a file shipped with the site (by path, with its size).

export const WORKS_ADMIN_PAGE_SIZE = 50;
const SEARCH_MAX_LENGTH = 200;
const MAX_PAGE = 100_000;

/** The list's address: `?busca=…&pagina=…`, tolerant of anything typed (bad pages are page 1). */
export interface WorksQuery {
  search: string;
  page: number;
}

export function worksQueryFrom(params: URLSearchParams): WorksQuery {
  const page = Number(params.get("pagina") ?? "1");
  return {
    search: (params.get("busca") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** A work as the admin's list shows it. */
export interface AdminWorkListItem {
  id: string;
  slug: string;
  title: string;
  published: boolean;
  inProgress: boolean;
  /** 0-based place on /obras among all works (drafts included). */
  index: number;
}

export interface AdminWorksPage {
  items: AdminWorkListItem[];
  search: string;
  page: number;
  pageCount: number;
  /** Works matching the search (all of them without one). */
  total: number;
  /** All works, for "Descer" on the last one. */
  all: number;
}

/**
 * One page of works in the order of /obras, searched and paged in SQL: only the page's rows and
 * the columns the list shows are read. The search matches `search_text`, the title folded as the
 * media library folds name and alt (SQLite's LIKE folds only ASCII case and PostgreSQL's none).
 */
export async function listWorksForAdmin(query: WorksQuery): Promise<AdminWorksPage> {
  const db = await database();
  const folded = foldForSearch(query.search);
  // Kysely's "like" has no ESCAPE clause, and SQLite has no default escape character.
  const matches = sql<boolean>`search_text LIKE ${containsPattern(folded)} ESCAPE '\\'`;
  const counts = await db
    .selectFrom("works")
    .select([
      sql<number>`count(*)`.as("all"),
      (folded ? sql<number>`count(CASE WHEN ${matches} THEN 1 END)` : sql<number>`count(*)`).as("total"),
    ])
    .executeTakeFirstOrThrow();
  const all = Number(counts.all);
  const { page, pageCount, total, offset } = pageWindow(
    Number(counts.total),
    query.page,
    WORKS_ADMIN_PAGE_SIZE,
  );

  // A found work shows its place among all works, so it is numbered before the search filters.
  const ordered = db
    .selectFrom("works")
    .select([
      "id",
      "slug",
      "title",
      "published",
      "in_progress",
      "search_text",
      sql<number>`row_number() OVER (ORDER BY position, id) - 1`.as("place"),
    ]);
  const rows = folded
    ? await db
        .selectFrom(ordered.as("ordered"))
        .select(["id", "slug", "title", "published", "in_progress", "place"])
        .where(matches)
        .orderBy("place")
        .limit(WORKS_ADMIN_PAGE_SIZE)
        .offset(offset)
        .execute()
    : (
        await db
          .selectFrom("works")
          .select(["id", "slug", "title", "published", "in_progress"])
          .orderBy("position")
          .orderBy("id")
          .limit(WORKS_ADMIN_PAGE_SIZE)
          .offset(offset)
          .execute()
      ).map((row, index) => ({ ...row, place: offset + index }));
  return {
    items: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      published: Boolean(row.published),
      inProgress: Boolean(row.in_progress),
      index: Number(row.place),
    })),
    search: query.search,
    page,
    pageCount,
    total,
    all,
  };
}

// Work ids are UUIDs (the demo works' too); anything else in an address names no work and never
// reaches a query.
const workIdSchema = z.uuid();

/** The work id in an admin address or form, or null when it cannot name a work. */
export function workIdFromParam(value: string | undefined): string | null {
  const parsed = workIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

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

interface StoredPicture {
  mediaId: string | null;
  path: string | null;
  width: number | null;
  height: number | null;
}

type LibraryImage = { id: string; hash: string; width: number; height: number; name: string; alt: string };

async function libraryImages(
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

function pictureOf(stored: StoredPicture, library: Map<string, LibraryImage>): WorkPicture | null {
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

/** The shipped files works already show, with their sizes: the only paths a form may name. */
async function shippedPictures(
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

/** Said when the work an admin action names is gone (deleted meanwhile, or a stale link). */
export const WORK_GONE_MESSAGE = "Obra não encontrada; ela pode ter sido removida.";

export class WorkNotFoundError extends Error {}
export class WorkSlugTakenError extends Error {}
/** A picture the form named is not in the library (or not a file the site ships). */
export class UnknownWorkPictureError extends Error {
  constructor(readonly field: "cover" | "photos" | "pairs") {
    super(field);
  }
}
/**
 * Photos or pairs have no words for who cannot see them, and neither have their library images:
 * every one of them is named at once, under the gallery's field and the pairs' field.
 */
export class MissingAltError extends Error {
  constructor(readonly fieldErrors: Partial<Record<"photos" | "pairs", string>>) {
    const messages = Object.values(fieldErrors);
    super(messages.length === 1 ? (messages[0] ?? "") : "Verifique os campos destacados.");
  }
}

/** "1", "1 e 3", "1, 2 e 3": positions as a pt-BR list. */
const positionList = (positions: number[]) =>
  new Intl.ListFormat("pt-BR", { type: "conjunction" }).format(positions.map(String));

function missingAltMessages(photos: number[], pairs: number[]): Partial<Record<"photos" | "pairs", string>> {
  const messages: Partial<Record<"photos" | "pairs", string>> = {};
  if (photos.length === 1)
    messages.photos = `Foto ${photos[0]}: descreva a foto para quem não pode vê-la (texto alternativo).`;
  else if (photos.length > 1)
    messages.photos = `Fotos ${positionList(photos)}: descreva cada foto para quem não pode vê-la (texto alternativo).`;
  if (pairs.length === 1)
    messages.pairs = `Par ${pairs[0]}: descreva as fotos de antes e depois (texto alternativo) ou dê um título ao par.`;
  else if (pairs.length > 1)
    messages.pairs = `Pares ${positionList(pairs)}: descreva as fotos de antes e depois (texto alternativo) ou dê um título a cada par.`;
  return messages;
}

type PictureColumns = {
  media_id: string | null;
  path: string | null;
  width: number | null;
  height: number | null;
};

interface Resolver {
  library: Map<string, LibraryImage>;
  shipped: Map<string, { width: number; height: number }>;
}

function columnsOf(ref: PictureRef, resolver: Resolver, field: "cover" | "photos" | "pairs"): PictureColumns {
  if (ref.kind === "media") {
    if (!resolver.library.has(ref.id)) throw new UnknownWorkPictureError(field);
    return { media_id: ref.id, path: null, width: null, height: null };
  }
  const shipped = resolver.shipped.get(ref.path);
  if (!shipped) throw new UnknownWorkPictureError(field);
  return { media_id: null, path: ref.path, width: shipped.width, height: shipped.height };
}

/** The alt text kept: the one typed, else the library image's, else the photo's title. */
function altOf(typed: string, ref: PictureRef, resolver: Resolver, title: string): string {
  if (typed) return typed;
  const library = ref.kind === "media" ? (resolver.library.get(ref.id)?.alt ?? "") : "";
  return library || title;
}

async function slugTaken(
  trx: Transaction<Database>,
  slug: string,
  exceptId: string | null,
): Promise<boolean> {
  let query = trx.selectFrom("works").select("id").where("slug", "=", slug);
  if (exceptId) query = query.where("id", "!=", exceptId);
  return Boolean(await query.executeTakeFirst());
}

/**
 * Create (id null) or update a work with its gallery and pairs, in one transaction: the photos
 * and pairs are replaced by the form's, in its order. Left empty, the address (slug) comes from
 * the title (a new work) or stays as it was. A new work goes first on /obras. The date of first
 * publication is kept when a work is unpublished and published again.
 */
export async function saveWork(id: string | null, form: WorkForm): Promise<{ id: string; created: boolean }> {
  const db = await database();
  return db.transaction().execute(async (trx) => {
    const existing = id
      ? await trx.selectFrom("works").select(["slug", "published_at"]).where("id", "=", id).executeTakeFirst()
      : undefined;
    if (id && !existing) throw new WorkNotFoundError();

    let slug: string;
    if (form.slug) {
      if (await slugTaken(trx, form.slug, id)) throw new WorkSlugTakenError();
      slug = form.slug;
    } else if (existing) {
      slug = existing.slug;
    } else {
      slug = await uniqueSlug(slugify(form.title), (candidate) => slugTaken(trx, candidate, id));
    }

    const refs = [
      ...(form.cover ? [form.cover] : []),
      ...form.photos.map((photo) => photo.picture),
      ...form.pairs.flatMap((pair) => [pair.before, pair.after]),
    ];
    const resolver: Resolver = {
      library: await libraryImages(
        trx,
        refs.flatMap((ref) => (ref.kind === "media" ? [ref.id] : [])),
      ),
      shipped: refs.some((ref) => ref.kind === "path") ? await shippedPictures(trx) : new Map(),
    };
    const cover = form.cover ? columnsOf(form.cover, resolver, "cover") : null;
    const photosWithoutAlt: number[] = [];
    const photos = form.photos.map((photo, index) => {
      const alt = altOf(photo.alt, photo.picture, resolver, photo.title);
      const columns = columnsOf(photo.picture, resolver, "photos");
      if (!alt) photosWithoutAlt.push(index + 1);
      return { ...columns, title: photo.title, alt };
    });
    const pairsWithoutAlt: number[] = [];
    const pairs = form.pairs.map((pair, index) => {
      const before = columnsOf(pair.before, resolver, "pairs");
      const after = columnsOf(pair.after, resolver, "pairs");
      const beforeAlt = altOf(
        pair.beforeAlt,
        pair.before,
        resolver,
        pair.title ? `${pair.title}: antes` : "",
      );
      const afterAlt = altOf(pair.afterAlt, pair.after, resolver, pair.title ? `${pair.title}: depois` : "");
      if (!beforeAlt || !afterAlt) pairsWithoutAlt.push(index + 1);
      return { title: pair.title, before, beforeAlt, after, afterAlt };
    });
    if (photosWithoutAlt.length || pairsWithoutAlt.length)
      throw new MissingAltError(missingAltMessages(photosWithoutAlt, pairsWithoutAlt));

    const now = new Date().toISOString();
    const values = {
      slug,
      title: form.title,
      search_text: foldForSearch(form.title),
      neighbourhood: form.neighbourhood,
      city: form.city,
      period: form.period,
      building_type: form.buildingType,
      services: JSON.stringify(form.services),
      description: form.description,
      in_progress: form.inProgress,
      published: form.published,
      cover_media_id: cover?.media_id ?? null,
      cover_path: cover?.path ?? null,
      cover_width: cover?.width ?? null,
      cover_height: cover?.height ?? null,
      cover_alt: cover ? form.coverAlt : "",
      published_at: form.published ? (existing?.published_at ?? now) : (existing?.published_at ?? null),
      updated_at: now,
    };

    let workId: string;
    if (id && existing) {
      workId = id;
      await trx.updateTable("works").set(values).where("id", "=", id).execute();
      await trx.deleteFrom("work_photos").where("work_id", "=", id).execute();
      await trx.deleteFrom("work_pairs").where("work_id", "=", id).execute();
    } else {
      workId = randomUUID();
      const first = await trx
        .selectFrom("works")
        .select((eb) => eb.fn.min("position").as("position"))
        .executeTakeFirstOrThrow();
      const position = first.position === null ? 0 : Number(first.position) - 1;
      await trx
        .insertInto("works")
        .values({ ...values, id: workId, position, created_at: now })
        .execute();
    }
    if (photos.length > 0) {
      await trx
        .insertInto("work_photos")
        .values(
          photos.map((photo, position) => ({
            id: randomUUID(),
            work_id: workId,
            position,
            title: photo.title,
            alt: photo.alt,
            media_id: photo.media_id,
            path: photo.path,
            width: photo.width,
            height: photo.height,
          })),
        )
        .execute();
    }
    if (pairs.length > 0) {
      await trx
        .insertInto("work_pairs")
        .values(
          pairs.map((pair, position) => ({
            id: randomUUID(),
            work_id: workId,
            position,
            title: pair.title,
            before_media_id: pair.before.media_id,
            before_path: pair.before.path,
            before_width: pair.before.width,
            before_height: pair.before.height,
            before_alt: pair.beforeAlt,
            after_media_id: pair.after.media_id,
            after_path: pair.after.path,
            after_width: pair.after.width,
            after_height: pair.after.height,
            after_alt: pair.afterAlt,
          })),
        )
        .execute();
    }
    return { id: workId, created: !existing };
  });
}

/** Delete a work (its photos and pairs go with it); its library images stay in the library. */
export async function deleteWork(id: string): Promise<{ title: string } | null> {
  const db = await database();
  return db.transaction().execute(async (trx) => {
    const work = await trx.selectFrom("works").select("title").where("id", "=", id).executeTakeFirst();
    if (!work) return null;
    await trx.deleteFrom("works").where("id", "=", id).execute();
    return work;
  });
}

/** Publish or unpublish a work; false when there is no such work. */
export async function setWorkPublished(id: string, published: boolean): Promise<boolean> {
  const db = await database();
  return db.transaction().execute(async (trx) => {
    const work = await trx
      .selectFrom("works")
      .select(["published", "published_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!work) return false;
    // Already so: nothing written, nothing announced to the render cache.
    if (Boolean(work.published) === published) return true;
    const now = new Date().toISOString();
    await trx
      .updateTable("works")
      .set({ published, published_at: work.published_at ?? (published ? now : null), updated_at: now })
      .where("id", "=", id)
      .execute();
    return true;
  });
}

/** Move a work a place up or down on /obras (drafts keep their place too). */
export async function moveWork(id: string, direction: MoveDirection): Promise<boolean> {
  const db = await database();
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("works")
      .select(["id", "position"])
      .orderBy("position")
      .orderBy("id")
      .execute();
    return moveInOrder(trx, { table: "works", column: "position" }, rows, id, direction);
  });
}
