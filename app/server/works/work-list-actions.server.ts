import type { Transaction } from "kysely";
import { type MoveDirection, moveInOrder } from "../admin-lists/reorder.server";
import { inTransaction } from "../db/in-transaction.server";
import type { Database } from "../db/schema";

// What the list of works (/admin/obras) does to one work: publish or unpublish it, move it,
// delete it.

/** Delete a work (its photos and pairs go with it); its library images stay in the library. */
export async function deleteWork(
  id: string,
  within?: Transaction<Database>,
): Promise<{ title: string } | null> {
  return inTransaction(within, async (trx) => {
    const work = await trx.selectFrom("works").select("title").where("id", "=", id).executeTakeFirst();
    if (!work) return null;
    await trx.deleteFrom("works").where("id", "=", id).execute();
    return work;
  });
}

/** Publish or unpublish a work; false when there is no such work. */
export async function setWorkPublished(
  id: string,
  published: boolean,
  within?: Transaction<Database>,
): Promise<boolean> {
  return inTransaction(within, async (trx) => {
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
export async function moveWork(
  id: string,
  direction: MoveDirection,
  within?: Transaction<Database>,
): Promise<boolean> {
  return inTransaction(within, async (trx) => {
    const rows = await trx
      .selectFrom("works")
      .select(["id", "position"])
      .orderBy("position")
      .orderBy("id")
      .execute();
    return moveInOrder(trx, { table: "works", column: "position" }, rows, id, direction);
  });
}
