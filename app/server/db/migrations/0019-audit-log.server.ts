import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.server.ts";

// The audit log: who did what, when and from where (docs/decisions/0035-audit-log.md). The
// application only appends; rows go when they pass 12 months (housekeeping) or when an LGPD
// erasure removes the ones naming a person. No foreign key to users: an entry outlives the
// account it names, so it keeps the e-mail as it was. `subject` holds the e-mail or phone an
// entry names (a failed sign-in's attempted e-mail, a quote request's visitor), lowercased,
// so the LGPD tool can find it. The page lists newest first, filtered by user, action group
// and date range: one index per filter, each ending in the date.
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("at", t.timestamp, (col) => col.notNull())
    .addColumn("user_id", "text")
    .addColumn("user_email", "text")
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("target_type", "text")
    .addColumn("target_id", "text")
    .addColumn("target_label", "text")
    .addColumn("ip_address", "text")
    .addColumn("details", "text")
    .addColumn("subject", "text")
    .execute();
  await db.schema.createIndex("audit_log_at_idx").on("audit_log").column("at").execute();
  await db.schema.createIndex("audit_log_user_at_idx").on("audit_log").columns(["user_id", "at"]).execute();
  await db.schema.createIndex("audit_log_action_at_idx").on("audit_log").columns(["action", "at"]).execute();
  await db.schema.createIndex("audit_log_subject_idx").on("audit_log").column("subject").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
}
