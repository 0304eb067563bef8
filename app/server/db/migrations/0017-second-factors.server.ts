import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.server.ts";

// Second factors: a TOTP secret per user (confirmed once the user typed a code from it), ten
// single-use recovery codes kept as SHA-256, passkeys (WebAuthn public keys), the short-lived
// challenges a passkey ceremony signs, and the half-finished sign-in between the password and
// the second factor (only its token's SHA-256 is kept; it grants no admin access).
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("totp_secrets")
    .addColumn("user_id", "text", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (col) => col.notNull())
    .addColumn("confirmed_at", t.timestamp)
    .addColumn("last_used_step", "bigint")
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .addColumn("used_at", t.timestamp)
    .execute();
  await db.schema.createIndex("recovery_codes_user_id_idx").on("recovery_codes").column("user_id").execute();

  await db.schema
    .createTable("pending_sign_ins")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .addColumn("expires_at", t.timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("pending_sign_ins_user_id_idx")
    .on("pending_sign_ins")
    .column("user_id")
    .execute();

  await db.schema
    .createTable("passkeys")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("public_key", t.bytes, (col) => col.notNull())
    .addColumn("counter", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("transports", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .addColumn("last_used_at", t.timestamp)
    .execute();
  await db.schema.createIndex("passkeys_user_id_idx").on("passkeys").column("user_id").execute();

  await db.schema
    .createTable("webauthn_challenges")
    .addColumn("challenge", "text", (col) => col.primaryKey())
    .addColumn("purpose", "text", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.references("users.id").onDelete("cascade"))
    .addColumn("expires_at", t.timestamp, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "webauthn_challenges",
    "passkeys",
    "pending_sign_ins",
    "recovery_codes",
    "totp_secrets",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
