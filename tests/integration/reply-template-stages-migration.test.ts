import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { migrationsBefore } from "../support/migrations-before";
import { testEngines } from "../support/test-database";

// Migration 0030 on a site whose owner already edited the templates: each seeded template still
// named as seeded gets the stage its text is about, a renamed one and the owner's own get none,
// and a stage that is not one of the pipeline's is refused on both engines.

const before = migrationsBefore("0030");

describe.each(testEngines())("migration 0030 on $name", (engine) => {
  afterAll(() => engine.drop());

  it("gives the seeded templates their stage, unless renamed", { timeout: 30_000 }, async () => {
    const handle = await openDatabase(databaseConfigFromEnv(engine.env));
    try {
      await migrateToLatest(handle, before);
      await sql`update reply_templates set name = 'Minha proposta' where name = 'Proposta enviada'`.execute(
        handle.db,
      );
      await sql`insert into reply_templates (id, channel, name, subject, body, position, updated_at)
        values ('modelo-do-dono', 'email', 'Retorno', 'Oi', 'Olá, {nome}', 9, ${new Date().toISOString()})`.execute(
        handle.db,
      );
      await migrateToLatest(handle);
      const rows = await handle.db
        .selectFrom("reply_templates")
        .select(["name", "stage"])
        .orderBy("position")
        .execute();
      expect(rows).toEqual([
        { name: "Primeiro contato", stage: "novo" },
        { name: "Minha proposta", stage: null },
        { name: "WhatsApp: primeiro contato", stage: "novo" },
        { name: "Retorno", stage: null },
      ]);
      await expect(
        sql`update reply_templates set stage = 'orcamento_enviado' where id = 'modelo-do-dono'`.execute(
          handle.db,
        ),
      ).rejects.toThrow();
    } finally {
      await handle.close();
    }
  });
});
