import type { Transaction } from "kysely";
import type { Database } from "../db/schema";
import { type FormFields, formText } from "../forms/read-form.server";

/** What moveInOrder writes, in any of the ordered tables. */
type OrderedTables = Record<Ordered["table"], { id: string; position: number; home_position: number }>;

export type MoveDirection = "up" | "down";

/** The tables and order columns the admin's "Subir"/"Descer" buttons change. */
type Ordered =
  | { table: "services"; column: "position" | "home_position" }
  | { table: "reasons" | "testimonials" | "works"; column: "position" };

/**
 * Move one item of an ordered list a place up or down: the list is numbered 1…n in its
 * current order and only the rows whose number changes are written (so the database
 * announces only what changed). `ids` is the whole list in its current order, read in the same
 * transaction. Returns false when the id is not in the list; moving the first item up (or the
 * last down) changes nothing and is not an error.
 */
export async function moveInOrder(
  trx: Transaction<Database>,
  { table, column }: Ordered,
  current: Array<{ id: string; position: number }>,
  id: string,
  direction: MoveDirection,
): Promise<boolean> {
  const index = current.findIndex((item) => item.id === id);
  if (index < 0) return false;
  const target = direction === "up" ? index - 1 : index + 1;
  const order = current.map((item) => item.id);
  if (target >= 0 && target < order.length) {
    [order[index], order[target]] = [order[target] as string, order[index] as string];
  }
  for (const [n, itemId] of order.entries()) {
    const before = current.find((item) => item.id === itemId);
    if (before?.position === n + 1) continue;
    // The table and column come from the union above, never from input.
    await (trx as unknown as Transaction<OrderedTables>)
      .updateTable(table)
      .set({ [column]: n + 1 })
      .where("id", "=", itemId)
      .execute();
  }
  return true;
}

/**
 * The direction (and, where a page has several ordered lists, which one) of a "Subir"/
 * "Descer" form, or null when the form names something else.
 */
export function readMove<List extends string>(
  form: FormFields,
  lists: readonly List[],
): { direction: MoveDirection; list: List } | null {
  const direction = formText(form, "direction");
  const list = formText(form, "list") as List;
  if (direction !== "up" && direction !== "down") return null;
  if (lists.length > 0 && !lists.includes(list)) return null;
  return { direction, list };
}
