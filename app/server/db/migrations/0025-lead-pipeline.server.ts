import { type Kysely, sql } from "kysely";
import { columnTypes } from "./column-types.server.ts";

// The quote requests' pipeline (docs/decisions/0060-lead-pipeline.md):
// - `leads.status` takes the pipeline's stages. SQLite cannot change a column's CHECK, so the
//   stages go into a new column that then takes the old one's name (ADD, copy, DROP, RENAME:
//   SQLite 3.35+ and PostgreSQL alike; the table is never rebuilt, so the foreign keys that point
//   at it and their cascades stay untouched). Old statuses map to the nearest stage; a
//   discarded request becomes lost with the reason "outro".
// - A request may carry why it was lost, a proposal value and a closed value (integer centavos),
//   and when the team first answered it (null until then, and for requests from before: no date
//   is invented for them).
// - `lead_events`: the request's timeline (stage changes, notes, replies), deleted with it.
// - `reply_templates`: the owner's reply texts, seeded with a first version of each.
// - `lead_digests`: one row per São Paulo day whose digest of unanswered requests went out;
//   its primary key is what makes the daily e-mail go out once with several instances.
// Everything it writes is spelled out here, so later code never changes what it did.

const STAGES = "'novo', 'em_contato', 'visita_agendada', 'proposta_enviada', 'fechado_ganho', 'perdido'";
const REASONS = "'preco', 'prazo', 'outra_empresa', 'sem_retorno', 'fora_da_area', 'outro'";

const seededTemplates = [
  {
    id: "0b1f6b3e-5a57-4b44-9f5c-0c3f1d5f0a01",
    channel: "email",
    name: "Primeiro contato",
    subject: "Seu pedido de orçamento - {empresa}",
    body: [
      "Olá, {nome},",
      "",
      "Obrigado pelo seu pedido de orçamento de {servico}. Para prepararmos uma proposta, gostaríamos de agendar uma visita técnica ao condomínio.",
      "",
      "Quais dias e horários ficam melhores para vocês? Se preferir, ligue ou chame no WhatsApp: {telefone}.",
      "",
      "Atenciosamente,",
      "{empresa}",
    ].join("\n"),
    position: 0,
  },
  {
    id: "0b1f6b3e-5a57-4b44-9f5c-0c3f1d5f0a02",
    channel: "email",
    name: "Proposta enviada",
    subject: "Proposta de {servico} - {empresa}",
    body: [
      "Olá, {nome},",
      "",
      "Segue a nossa proposta para {servico}. Ficamos à disposição para esclarecer qualquer dúvida.",
      "",
      "Atenciosamente,",
      "{empresa} · {telefone}",
    ].join("\n"),
    position: 1,
  },
  {
    id: "0b1f6b3e-5a57-4b44-9f5c-0c3f1d5f0a03",
    channel: "whatsapp",
    name: "WhatsApp: primeiro contato",
    subject: "",
    body: "Olá, {nome}! Aqui é da {empresa}, sobre o seu pedido de orçamento de {servico}. Podemos conversar?",
    position: 2,
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await sql
    .raw(`ALTER TABLE leads ADD COLUMN stage TEXT NOT NULL DEFAULT 'novo' CHECK (stage IN (${STAGES}))`)
    .execute(db);
  await sql
    .raw(`UPDATE leads SET stage = CASE status
            WHEN 'em_contato' THEN 'em_contato'
            WHEN 'orcamento_enviado' THEN 'proposta_enviada'
            WHEN 'fechado' THEN 'fechado_ganho'
            WHEN 'descartado' THEN 'perdido'
            ELSE 'novo' END`)
    .execute(db);
  // The indexes on the old column (0003, 0012) go first: SQLite refuses to drop an indexed column.
  await sql.raw("DROP INDEX leads_status_created_at_idx").execute(db);
  await sql.raw("DROP INDEX leads_status_created_at_id_idx").execute(db);
  await sql.raw("ALTER TABLE leads DROP COLUMN status").execute(db);
  await sql.raw("ALTER TABLE leads RENAME COLUMN stage TO status").execute(db);
  await sql.raw("CREATE INDEX leads_status_created_at_idx ON leads (status, created_at)").execute(db);
  await sql.raw("CREATE INDEX leads_status_created_at_id_idx ON leads (status, created_at, id)").execute(db);

  await sql
    .raw(`ALTER TABLE leads ADD COLUMN lost_reason TEXT CHECK (lost_reason IN (${REASONS}))`)
    .execute(db);
  await sql.raw("UPDATE leads SET lost_reason = 'outro' WHERE status = 'perdido'").execute(db);
  await sql.raw("ALTER TABLE leads ADD COLUMN proposal_value_cents INTEGER").execute(db);
  await sql.raw("ALTER TABLE leads ADD COLUMN closed_value_cents INTEGER").execute(db);
  await sql.raw(`ALTER TABLE leads ADD COLUMN first_response_at ${t.timestamp}`).execute(db);
  await sql.raw(`ALTER TABLE leads ADD COLUMN stage_changed_at ${t.timestamp}`).execute(db);
  await sql.raw("UPDATE leads SET stage_changed_at = updated_at").execute(db);
  // The board lists each stage's latest moves first, a page at a time.
  await sql
    .raw("CREATE INDEX leads_status_stage_changed_idx ON leads (status, stage_changed_at)")
    .execute(db);

  await db.schema
    .createTable("lead_events")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("lead_id", "text", (col) => col.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) =>
      col.notNull().check(sql`kind in ('stage', 'note', 'email_reply', 'whatsapp')`),
    )
    .addColumn("from_stage", "text")
    .addColumn("to_stage", "text")
    .addColumn("body", "text")
    .addColumn("details", "text")
    .addColumn("outbox_id", "text")
    .addColumn("user_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("user_name", "text")
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("lead_events_lead_idx")
    .on("lead_events")
    .columns(["lead_id", "created_at"])
    .execute();

  await db.schema
    .createTable("reply_templates")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("channel", "text", (col) => col.notNull().check(sql`channel in ('email', 'whatsapp')`))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("updated_at", t.timestamp, (col) => col.notNull())
    .execute();
  const now = new Date().toISOString();
  await (db as Kysely<{ reply_templates: Record<string, unknown> }>)
    .insertInto("reply_templates")
    .values(seededTemplates.map((template) => ({ ...template, updated_at: now })))
    .execute();

  await db.schema
    .createTable("lead_digests")
    .addColumn("day", "text", (col) => col.primaryKey())
    .addColumn("lead_count", "integer", (col) => col.notNull())
    .addColumn("sent_at", t.timestamp, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("lead_digests").execute();
  await db.schema.dropTable("reply_templates").execute();
  await db.schema.dropTable("lead_events").execute();
  for (const column of [
    "stage_changed_at",
    "first_response_at",
    "closed_value_cents",
    "proposal_value_cents",
    "lost_reason",
  ]) {
    await sql.raw(`ALTER TABLE leads DROP COLUMN ${column}`).execute(db);
  }
}
