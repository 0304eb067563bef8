import type { Transaction } from "kysely";
import { database } from "./database.server";
import type { Database } from "./schema";

/**
 * Runs `work` in the transaction it is given (a command's, which also writes the audit entry),
 * or in a transaction of its own when called alone.
 */
export async function inTransaction<T>(
  within: Transaction<Database> | undefined,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return within ? work(within) : (await database()).transaction().execute(work);
}
