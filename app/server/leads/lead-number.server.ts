import type { Transaction } from "kysely";
import type { Database } from "../db/schema";

// The number a request is known by (migration 0031): the next value of the 'lead_number'
// counter, taken in the request's own transaction. On PostgreSQL the UPDATE holds the counter's
// row until the transaction ends, so requests being stored at the same moment queue here one
// after the other: each then sees the requests committed before it (what the repeat check
// needs), and no two get the same number. SQLite writes one transaction at a time anyway.

const LEAD_NUMBER = "lead_number";

/** The next request number; numbers only grow (an erased request's is never given again). */
export async function nextLeadNumber(trx: Transaction<Database>): Promise<number> {
  const row = await trx
    .updateTable("counters")
    .set((eb) => ({ value: eb("value", "+", 1) }))
    .where("name", "=", LEAD_NUMBER)
    .returning("value")
    .executeTakeFirstOrThrow();
  return Number(row.value);
}
