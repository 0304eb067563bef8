import { type Kysely, sql } from "kysely";

// A reply template may name the stage of the pipeline it is written for: the reply screens offer
// first the template of the request's stage (docs/decisions/0092-inbox-and-painel-on-a-phone.md).
// The templates seeded by 0025 get the stage their text is about, unless the owner renamed them
// since (then the text may be about something else, and the owner chooses).
// Everything it writes is spelled out here, so later code never changes what it did.

const STAGES = "'novo', 'em_contato', 'visita_agendada', 'proposta_enviada', 'fechado_ganho', 'perdido'";

const seededStages = [
  { id: "0b1f6b3e-5a57-4b44-9f5c-0c3f1d5f0a01", name: "Primeiro contato", stage: "novo" },
  { id: "0b1f6b3e-5a57-4b44-9f5c-0c3f1d5f0a02", name: "Proposta enviada", stage: "proposta_enviada" },
  { id: "0b1f6b3e-5a57-4b44-9f5c-0c3f1d5f0a03", name: "WhatsApp: primeiro contato", stage: "novo" },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE reply_templates ADD COLUMN stage TEXT CHECK (stage IN (${STAGES}))`).execute(db);
  for (const { id, name, stage } of seededStages) {
    await sql`UPDATE reply_templates SET stage = ${stage} WHERE id = ${id} AND name = ${name}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("ALTER TABLE reply_templates DROP COLUMN stage").execute(db);
}
