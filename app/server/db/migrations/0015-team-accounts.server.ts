import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.server.ts";

// Team accounts: each user has a role ('admin' = Administrador, 'editor' = Editor) and may be
// deactivated (kept, with its authorship, but unable to sign in). Everyone who existed before
// roles becomes an Administrador, as they could do everything. Invitations and password resets
// are single-use links; only the SHA-256 of their token is stored, so a copy of the database
// hands out neither.
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable("users")
    .addColumn("role", "text", (col) => col.notNull().defaultTo("admin"))
    .execute();
  await db.schema.alterTable("users").addColumn("deactivated_at", t.timestamp).execute();
  await db.schema.alterTable("users").addColumn("last_sign_in_at", t.timestamp).execute();

  await db.schema
    .createTable("invitations")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("invited_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .addColumn("expires_at", t.timestamp, (col) => col.notNull())
    .addColumn("accepted_at", t.timestamp)
    .addColumn("revoked_at", t.timestamp)
    .execute();
  await db.schema.createIndex("invitations_email_idx").on("invitations").column("email").execute();

  await db.schema
    .createTable("password_resets")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .addColumn("expires_at", t.timestamp, (col) => col.notNull())
    .addColumn("used_at", t.timestamp)
    .execute();
  await db.schema
    .createIndex("password_resets_user_id_idx")
    .on("password_resets")
    .column("user_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("password_resets").execute();
  await db.schema.dropTable("invitations").execute();
  for (const column of ["last_sign_in_at", "deactivated_at", "role"]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
}
