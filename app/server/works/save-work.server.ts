import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { slugify, uniqueSlug } from "~/lib/slug";
import { inTransaction } from "../db/in-transaction.server";
import type { Database } from "../db/schema";
import { foldForSearch } from "../media/media-search.server";
import type { PictureRef, WorkForm } from "./work-form-schema.server";
import { type LibraryImage, libraryImages, shippedPictures } from "./work-pictures.server";

// Saving a work with its gallery and before/after pairs, all in one transaction; and why a
// save is refused.

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
  constructor(
    readonly fieldErrors: Partial<Record<"photos" | "pairs", string>>,
    /** The same, at each alt field the editor shows (`photoAlt:<index>`, `pairBeforeAlt:<index>`…). */
    readonly fields: Record<string, string> = {},
  ) {
    const messages = Object.values(fieldErrors);
    super(messages.length === 1 ? (messages[0] ?? "") : "Verifique os campos destacados.");
  }
}

const PHOTO_ALT_MISSING = "Descreva a foto para quem não pode vê-la (texto alternativo).";
const PAIR_ALT_MISSING = "Descreva esta foto (texto alternativo) ou dê um título ao par.";

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
export async function saveWork(
  id: string | null,
  form: WorkForm,
  within?: Transaction<Database>,
): Promise<{ id: string; created: boolean }> {
  return inTransaction(within, async (trx) => {
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
    const altFields: Record<string, string> = {};
    const photos = form.photos.map((photo, index) => {
      const alt = altOf(photo.alt, photo.picture, resolver, photo.title);
      const columns = columnsOf(photo.picture, resolver, "photos");
      if (!alt) {
        photosWithoutAlt.push(index + 1);
        altFields[`photoAlt:${index}`] = PHOTO_ALT_MISSING;
      }
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
      if (!beforeAlt) altFields[`pairBeforeAlt:${index}`] = PAIR_ALT_MISSING;
      if (!afterAlt) altFields[`pairAfterAlt:${index}`] = PAIR_ALT_MISSING;
      return { title: pair.title, before, beforeAlt, after, afterAlt };
    });
    if (photosWithoutAlt.length || pairsWithoutAlt.length)
      throw new MissingAltError(missingAltMessages(photosWithoutAlt, pairsWithoutAlt), altFields);

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
