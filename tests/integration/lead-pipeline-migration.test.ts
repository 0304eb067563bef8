import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { migrationsBefore } from "../support/migrations-before";
import { testEngines } from "../support/test-database";

// Migration 0025 on a site that already has requests: each old status becomes its stage, a
// discarded request is lost with the reason "Outro", the reply templates are there, and a new
// stage can be written (the CHECK follows the new list on both engines).

const before = migrationsBefore("0025");

describe.each(testEngines())("migration 0025 on $name", (engine) => {
  afterAll(() => engine.drop());

  // Every migration on a database of its own: seconds on PostgreSQL when the machine is busy.
  it("maps the old statuses to the stages and keeps every request", { timeout: 30_000 }, async () => {
    const handle = await openDatabase(databaseConfigFromEnv(engine.env));
    try {
      await migrateToLatest(handle, before);
      const old = ["novo", "em_contato", "orcamento_enviado", "fechado", "descartado"];
      const ids = old.map(() => randomUUID());
      const now = new Date().toISOString();
      for (const [i, status] of old.entries()) {
        await sql`insert into leads (id, name, email, phone, condominium, service, message, status, note, created_at, updated_at)
          values (${ids[i]}, ${`Pessoa ${i}`}, ${`p${i}@exemplo.com.br`}, '(41) 99999-0000', 'Cond.', 'Pintura', 'Oi', ${status}, 'nota', ${now}, ${now})`.execute(
          handle.db,
        );
      }
      await migrateToLatest(handle);
      const rows = await handle.db
        .selectFrom("leads")
        .select(["id", "status", "lost_reason", "note", "first_response_at", "stage_changed_at"])
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(ids.map((id) => [byId.get(id)?.status, byId.get(id)?.lost_reason])).toEqual([
        ["novo", null],
        ["em_contato", null],
        ["proposta_enviada", null],
        ["fechado_ganho", null],
        ["perdido", "outro"],
      ]);
      // No date is invented for an answer nobody recorded.
      expect(rows.every((row) => row.first_response_at === null && row.stage_changed_at !== null)).toBe(true);
      expect(rows.every((row) => row.note === "nota")).toBe(true);
      await handle.db
        .updateTable("leads")
        .set({ status: "visita_agendada" })
        .where("id", "=", ids[0] ?? "")
        .execute();
      await expect(
        sql`update leads set status = 'orcamento_enviado' where id = ${ids[0]}`.execute(handle.db),
      ).rejects.toThrow();
      const templates = await handle.db.selectFrom("reply_templates").select(["channel", "body"]).execute();
      expect(templates.map((t) => t.channel).sort()).toEqual(["email", "email", "whatsapp"]);
      expect(templates.every((t) => t.body.includes("{nome}"))).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
