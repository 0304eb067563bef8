import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.server.ts";

// The LGPD erasure log: which quote requests were deleted because their owner asked, so a
// restored backup can delete them again. Hashes of the e-mail and phone (SHA-256), never the
// data itself; no foreign key, since the request it names is gone.
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("lead_erasures")
    .addColumn("lead_id", "text", (col) => col.primaryKey())
    .addColumn("email_hash", "text", (col) => col.notNull())
    .addColumn("phone_hash", "text", (col) => col.notNull())
    .addColumn("erased_at", t.timestamp, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("lead_erasures").execute();
}
