import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.server.ts";

// Sign-in, server-side sessions, rate limits, uploaded media and site settings.
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("name", "text")
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .addColumn("updated_at", t.timestamp, (col) => col.notNull())
    .execute();

  // The cookie carries a random token; only its SHA-256 is stored, so a copy of the database
  // does not hand out live sessions.
  await db.schema
    .createTable("sessions")
    .addColumn("id_hash", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .addColumn("last_seen_at", t.timestamp, (col) => col.notNull())
    .addColumn("expires_at", t.timestamp, (col) => col.notNull())
    .addColumn("absolute_expires_at", t.timestamp, (col) => col.notNull())
    .addColumn("flash", "text")
    .execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires_at_idx").on("sessions").column("expires_at").execute();

  // One row per counted event (failed sign-in, quote request…), shared by every instance.
  await db.schema
    .createTable("rate_limit_events")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("bucket", "text", (col) => col.notNull())
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("rate_limit_events_bucket_created_at_idx")
    .on("rate_limit_events")
    .columns(["bucket", "created_at"])
    .execute();

  // An uploaded or generated image, re-encoded; its files are the responsive WebP variants.
  await db.schema
    .createTable("media")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("hash", "text", (col) => col.notNull().unique())
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("uploaded_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("media_files")
    .addColumn("media_id", "text", (col) => col.notNull().references("media.id").onDelete("cascade"))
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("content_type", "text", (col) => col.notNull())
    .addColumn("bytes", t.bytes, (col) => col.notNull())
    .addColumn("byte_length", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("media_files_pk", ["media_id", "width"])
    .execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("updated_at", t.timestamp, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["settings", "media_files", "media", "rate_limit_events", "sessions", "users"]) {
    await db.schema.dropTable(table).execute();
  }
}
