import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { z } from "zod";
import { services as demoServices } from "~/content/services";
import type { IconName } from "~/lib/icon-names";
import { mediaUrl, parseMediaUrl } from "~/lib/media-url";
import { slugify, uniqueSlug } from "~/lib/slug";
import { type MoveDirection, moveInOrder } from "../admin-lists/reorder.server";
import { database } from "../db/database.server";
import { inTransaction } from "../db/in-transaction.server";
import type { Database } from "../db/schema";
import { parseFeatures } from "../services/public-services.server";
import type { ServiceForm } from "./service-form-schema.server";

/** A service as the admin's list shows it. */
export interface AdminServiceListItem {
  id: string;
  slug: string;
  title: string;
  showOnHome: boolean;
}

/** Every service in the order of /servicos, and those on the home page in theirs. */
export async function listServicesForAdmin(): Promise<{
  services: AdminServiceListItem[];
  home: AdminServiceListItem[];
}> {
  const db = await database();
  const rows = await db
    .selectFrom("services")
    .select(["id", "slug", "title", "show_on_home", "position", "home_position"])
    .orderBy("position")
    .orderBy("id")
    .execute();
  const item = (row: (typeof rows)[number]): AdminServiceListItem => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    showOnHome: Boolean(row.show_on_home),
  });
  const home = rows
    .filter((row) => row.show_on_home)
    .sort((a, b) => a.home_position - b.home_position || a.position - b.position || a.id.localeCompare(b.id));
  return { services: rows.map(item), home: home.map(item) };
}

/** A service as its form shows it. */
export interface EditableService {
  id: string;
  slug: string;
  icon: IconName;
  title: string;
  summary: string;
  details: string;
  features: string[];
  /** The picture as the image field holds it: a library URL or an illustration's path. */
  picture: string | null;
  pictureAlt: string;
  showOnHome: boolean;
}

// Service ids are UUIDs; anything else in an address names no service and never reaches a query.
const serviceIdSchema = z.uuid();

/** The service id in an admin address or form, or null when it cannot name a service. */
export function serviceIdFromParam(value: string | undefined): string | null {
  const parsed = serviceIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export async function getServiceForEdit(id: string): Promise<EditableService | null> {
  const db = await database();
  const row = await db
    .selectFrom("services as s")
    .leftJoin("media as m", "m.id", "s.picture_media_id")
    .select([
      "s.id",
      "s.slug",
      "s.icon",
      "s.title",
      "s.summary",
      "s.details",
      "s.features",
      "s.picture_path",
      "s.picture_alt",
      "s.show_on_home",
      "m.hash as media_hash",
      "m.width as media_width",
      "m.height as media_height",
    ])
    .where("s.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const picture =
    row.media_hash && row.media_width && row.media_height
      ? mediaUrl({ hash: row.media_hash, width: row.media_width, height: row.media_height })
      : row.picture_path;
  return {
    id: row.id,
    slug: row.slug,
    icon: row.icon,
    title: row.title,
    summary: row.summary,
    details: row.details,
    features: parseFeatures(row.features),
    picture,
    pictureAlt: row.picture_alt,
    showOnHome: Boolean(row.show_on_home),
  };
}

/** Said when the service an admin action names is gone (deleted meanwhile, or a stale link). */
export const SERVICE_GONE_MESSAGE = "Serviço não encontrado; ele pode ter sido removido.";

export class ServiceNotFoundError extends Error {}
export class SlugTakenError extends Error {}
export class UnknownPictureError extends Error {}

/** The illustrations shipped with the site that a service may show, with their sizes. */
const shippedIllustrations = new Map(
  demoServices.map((service) => [
    service.image.src,
    { width: service.image.width, height: service.image.height },
  ]),
);

type PictureColumns = Pick<
  Database["services"],
  "picture_media_id" | "picture_path" | "picture_width" | "picture_height"
>;

/** The picture's columns: a library image by its id, or a shipped illustration by its path. */
async function pictureColumns(trx: Transaction<Database>, picture: string | null): Promise<PictureColumns> {
  if (!picture)
    return { picture_media_id: null, picture_path: null, picture_width: null, picture_height: null };
  const stored = parseMediaUrl(picture);
  if (stored) {
    const media = await trx
      .selectFrom("media")
      .select("id")
      .where("hash", "=", stored.hash)
      .executeTakeFirst();
    if (!media) throw new UnknownPictureError();
    return { picture_media_id: media.id, picture_path: null, picture_width: null, picture_height: null };
  }
  const shipped = shippedIllustrations.get(picture);
  if (!shipped) throw new UnknownPictureError();
  return {
    picture_media_id: null,
    picture_path: picture,
    picture_width: shipped.width,
    picture_height: shipped.height,
  };
}

async function slugTaken(
  trx: Transaction<Database>,
  slug: string,
  exceptId: string | null,
): Promise<boolean> {
  let query = trx.selectFrom("services").select("id").where("slug", "=", slug);
  if (exceptId) query = query.where("id", "!=", exceptId);
  return Boolean(await query.executeTakeFirst());
}

/**
 * Create (id null) or update a service, in one transaction. The anchor (slug) is kept as given;
 * left empty, a new service gets one from its title. A new service goes last on /servicos, and
 * a service newly shown on the home page goes last there.
 */
export async function saveService(
  id: string | null,
  form: ServiceForm,
  within?: Transaction<Database>,
): Promise<{ id: string; created: boolean }> {
  return inTransaction(within, async (trx) => {
    const existing = id
      ? await trx
          .selectFrom("services")
          .select(["slug", "show_on_home"])
          .where("id", "=", id)
          .executeTakeFirst()
      : undefined;
    if (id && !existing) throw new ServiceNotFoundError();

    let slug: string;
    if (form.slug) {
      if (await slugTaken(trx, form.slug, id)) throw new SlugTakenError();
      slug = form.slug;
    } else if (existing) {
      slug = existing.slug;
    } else {
      slug = await uniqueSlug(slugify(form.title), (candidate) => slugTaken(trx, candidate, id));
    }

    const now = new Date().toISOString();
    const values = {
      slug,
      icon: form.icon,
      title: form.title,
      summary: form.summary,
      details: form.details,
      features: JSON.stringify(form.features),
      ...(await pictureColumns(trx, form.picture)),
      picture_alt: form.picture ? form.pictureAlt : "",
      show_on_home: form.showOnHome,
      updated_at: now,
    };
    const last = await trx
      .selectFrom("services")
      .select([(eb) => eb.fn.max("position").as("position"), (eb) => eb.fn.max("home_position").as("home")])
      .executeTakeFirstOrThrow();
    const nextHome = Number(last.home ?? 0) + 1;
    if (id && existing) {
      const newlyOnHome = form.showOnHome && !existing.show_on_home;
      await trx
        .updateTable("services")
        .set(newlyOnHome ? { ...values, home_position: nextHome } : values)
        .where("id", "=", id)
        .execute();
      return { id, created: false };
    }
    const newId = randomUUID();
    await trx
      .insertInto("services")
      .values({
        ...values,
        id: newId,
        position: Number(last.position ?? 0) + 1,
        home_position: nextHome,
        created_at: now,
      })
      .execute();
    return { id: newId, created: true };
  });
}

export async function deleteService(id: string, within?: Transaction<Database>): Promise<boolean> {
  const db = within ?? (await database());
  const result = await db.deleteFrom("services").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Move a service a place up or down on /servicos (and the footer), or among the home page's
 * cards. False when there is no such service (on the home page, when it is not shown there).
 */
export async function moveService(
  id: string,
  direction: MoveDirection,
  list: "page" | "home",
  within?: Transaction<Database>,
): Promise<boolean> {
  return inTransaction(within, async (trx) => {
    const column = list === "home" ? "home_position" : "position";
    let query = trx.selectFrom("services").select(["id", "position", "home_position"]);
    if (list === "home") query = query.where("show_on_home", "=", true);
    const rows = await query.orderBy(column).orderBy("position").orderBy("id").execute();
    const current = rows.map((row) => ({ id: row.id, position: row[column] }));
    return moveInOrder(trx, { table: "services", column }, current, id, direction);
  });
}
