import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.server.ts";

// The log of LGPD requests answered in the admin (/admin/titulares): each export and each
// erasure, who made it and when, and how many records of each kind it covered. The person is
// named by a SHA-256 of the normalised e-mail or phone digits, never in clear, so the log
// survives the erasure it records. Who made it is kept when the account is later removed.
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("personal_data_requests")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("subject_kind", "text", (col) => col.notNull())
    .addColumn("subject_hash", "text", (col) => col.notNull())
    .addColumn("counts", "text", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("personal_data_requests_subject_idx")
    .on("personal_data_requests")
    .columns(["subject_hash", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("personal_data_requests").execute();
}
