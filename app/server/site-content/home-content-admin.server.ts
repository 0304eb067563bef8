import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { IconName } from "~/lib/icon-names";
import { type MoveDirection, moveInOrder } from "../admin-lists/reorder.server";
import { database } from "../db/database.server";
import { inTransaction } from "../db/in-transaction.server";
import type { Database } from "../db/schema";

// The home page's numbers and reasons and the testimonials, as the admin reads and writes
// them. Each write is one transaction: a form changes everything it sent or nothing.

export interface AdminStat {
  id: string;
  value: string;
  label: string;
}

export interface AdminReason {
  id: string;
  icon: IconName;
  title: string;
  description: string;
}

export interface AdminTestimonial {
  id: string;
  author: string;
  role: string;
  quote: string;
  visible: boolean;
}

export interface HomeContentForAdmin {
  stats: AdminStat[];
  reasons: AdminReason[];
  testimonials: AdminTestimonial[];
}

export async function homeContentForAdmin(): Promise<HomeContentForAdmin> {
  const db = await database();
  const [stats, reasons, testimonials] = await Promise.all([
    db.selectFrom("stats").select(["id", "value", "label"]).orderBy("position").orderBy("id").execute(),
    db
      .selectFrom("reasons")
      .select(["id", "icon", "title", "description"])
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("testimonials")
      .select(["id", "author", "role", "quote", "visible"])
      .orderBy("position")
      .orderBy("id")
      .execute(),
  ]);
  return {
    stats,
    reasons,
    testimonials: testimonials.map((row) => ({ ...row, visible: Boolean(row.visible) })),
  };
}

/** A row the form names is not there (deleted meanwhile, or a forged id): nothing was saved. */
export class HomeItemNotFoundError extends Error {}

/** Save the numbers the form sent, all or none. */
export async function saveStats(stats: AdminStat[], within?: Transaction<Database>): Promise<void> {
  await inTransaction(within, async (trx) => {
    const now = new Date().toISOString();
    for (const stat of stats) {
      const result = await trx
        .updateTable("stats")
        .set({ value: stat.value, label: stat.label, updated_at: now })
        .where("id", "=", stat.id)
        .executeTakeFirst();
      // Throwing rolls back the numbers already written.
      if (Number(result.numUpdatedRows) === 0) throw new HomeItemNotFoundError();
    }
  });
}

export async function saveReason(reason: AdminReason, within?: Transaction<Database>): Promise<boolean> {
  const db = within ?? (await database());
  const result = await db
    .updateTable("reasons")
    .set({
      icon: reason.icon,
      title: reason.title,
      description: reason.description,
      updated_at: new Date().toISOString(),
    })
    .where("id", "=", reason.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function moveReason(
  id: string,
  direction: MoveDirection,
  within?: Transaction<Database>,
): Promise<boolean> {
  return inTransaction(within, async (trx) => {
    const rows = await trx
      .selectFrom("reasons")
      .select(["id", "position"])
      .orderBy("position")
      .orderBy("id")
      .execute();
    return moveInOrder(trx, { table: "reasons", column: "position" }, rows, id, direction);
  });
}

export type TestimonialFields = Omit<AdminTestimonial, "id">;

/** A new testimonial goes last. */
export async function createTestimonial(
  fields: TestimonialFields,
  within?: Transaction<Database>,
): Promise<string> {
  return inTransaction(within, async (trx) => {
    const last = await trx
      .selectFrom("testimonials")
      .select((eb) => eb.fn.max("position").as("position"))
      .executeTakeFirstOrThrow();
    const id = randomUUID();
    const now = new Date().toISOString();
    await trx
      .insertInto("testimonials")
      .values({ id, ...fields, position: Number(last.position ?? 0) + 1, created_at: now, updated_at: now })
      .execute();
    return id;
  });
}

export async function saveTestimonial(
  id: string,
  fields: TestimonialFields,
  within?: Transaction<Database>,
): Promise<boolean> {
  const db = within ?? (await database());
  const result = await db
    .updateTable("testimonials")
    .set({ ...fields, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function moveTestimonial(
  id: string,
  direction: MoveDirection,
  within?: Transaction<Database>,
): Promise<boolean> {
  return inTransaction(within, async (trx) => {
    const rows = await trx
      .selectFrom("testimonials")
      .select(["id", "position"])
      .orderBy("position")
      .orderBy("id")
      .execute();
    return moveInOrder(trx, { table: "testimonials", column: "position" }, rows, id, direction);
  });
}

export async function deleteTestimonial(id: string, within?: Transaction<Database>): Promise<boolean> {
  const db = within ?? (await database());
  const result = await db.deleteFrom("testimonials").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
