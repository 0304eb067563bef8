import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * Void the account's password-reset links that were not used yet: called wherever its password
 * changes (a reset, the account page, `admin:create`), in the transaction that changes it.
 */
export async function voidPasswordResets(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
  now: string = new Date().toISOString(),
): Promise<void> {
  await db
    .updateTable("password_resets")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
}
