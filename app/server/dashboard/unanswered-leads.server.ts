import type { Kysely } from "kysely";
import type { HomeList, UnansweredLead, UnansweredSummary } from "~/lib/admin-home";
import { internationalPhoneDigits } from "~/lib/phone-digits";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";

// The requests nobody has answered yet, oldest first, as Início lists them and the posts page's
// strip sums them up. A repeat (leads.repeat_of, docs/decisions/0090) is the same person's
// request sent again: it waits as part of the first one and counts as no request of its own.
// One statement for both the rows and the total: the rows walk leads_status_created_at_id_idx
// (status, created_at, id) up to the limit, and the total is an uncorrelated subquery both
// engines evaluate once, counted from the same index.

/** A request nobody has answered yet: the inbox's first status. */
const UNANSWERED = "novo";

/** The `limit` oldest unanswered requests (only the columns shown) and how many there are. */
export async function unansweredLeads(
  db: Kysely<Database>,
  limit: number,
): Promise<HomeList<UnansweredLead>> {
  const rows = await db
    .selectFrom("leads")
    .where("status", "=", UNANSWERED)
    .where("repeat_of", "is", null)
    .select(["id", "name", "created_at", "phone"])
    .select((eb) =>
      eb
        .selectFrom("leads as waiting")
        .where("waiting.status", "=", UNANSWERED)
        .where("waiting.repeat_of", "is", null)
        .select((inner) => inner.fn.countAll<number | string>().as("n"))
        .as("total"),
    )
    .orderBy("created_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      created_at: String(row.created_at),
      phone: row.phone,
      phoneDigits: internationalPhoneDigits(row.phone),
    })),
    // No row means none is waiting; PostgreSQL counts as a string.
    total: Number(rows[0]?.total ?? 0),
  };
}

/** How many requests wait for an answer, and the one waiting longest (the posts page's strip). */
export async function unansweredSummary(): Promise<UnansweredSummary> {
  const { items, total } = await unansweredLeads(await database(), 1);
  return { total, oldest: items[0] ?? null };
}
