import { type Kysely, sql } from "kysely";
import { columnTypes } from "./column-types.server.ts";

// Quote requests and the outbox that notifies the company about each one.
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable("leads")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("condominium", "text", (col) => col.notNull())
    .addColumn("service", "text", (col) => col.notNull())
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("novo")
        .check(sql`status in ('novo', 'em_contato', 'orcamento_enviado', 'fechado', 'descartado')`),
    )
    .addColumn("note", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .addColumn("updated_at", t.timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("leads_created_at_idx").on("leads").column("created_at").execute();
  await db.schema
    .createIndex("leads_status_created_at_idx")
    .on("leads")
    .columns(["status", "created_at"])
    .execute();

  // Written in the same transaction as the lead; a worker sends it, retrying with backoff.
  // Deleting a lead (LGPD) deletes its pending messages too.
  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("lead_id", "text", (col) => col.references("leads.id").onDelete("cascade"))
    .addColumn("payload", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", t.timestamp, (col) => col.notNull())
    .addColumn("locked_until", t.timestamp)
    .addColumn("last_error", "text")
    .addColumn("sent_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("outbox_pending_idx")
    .on("outbox")
    .columns(["sent_at", "next_attempt_at"])
    .execute();
  await db.schema.createIndex("outbox_lead_id_idx").on("outbox").column("lead_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("outbox").execute();
  await db.schema.dropTable("leads").execute();
}
