import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { MigrationProvider } from "kysely/migration";
import { afterAll, describe, expect, it } from "vitest";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { migrationProvider } from "~/server/db/migrations/index.server";
import { testEngines } from "../support/test-database";

// Migration 0030 on a site that already has requests: they are numbered in the order they
// arrived (the same order on both engines), and the counter goes on after the last of them.

const before: MigrationProvider = {
  getMigrations: async () =>
    Object.fromEntries(
      Object.entries(await migrationProvider.getMigrations()).filter(([name]) => name < "0031"),
    ),
};

describe.each(testEngines())("migration 0031 on $name", (engine) => {
  afterAll(() => engine.drop());

  it("numbers the requests in the order they arrived and goes on from there", {
    timeout: 30_000,
  }, async () => {
    const handle = await openDatabase(databaseConfigFromEnv(engine.env));
    try {
      await migrateToLatest(handle, before);
      // Inserted out of order; two arrived at the same instant (the id breaks the tie).
      const arrivals = [
        ["2026-03-01T12:00:00.000Z", "c"],
        ["2026-01-15T09:30:00.000Z", "a"],
        ["2026-03-01T12:00:00.000Z", "b"],
        ["2026-02-10T18:45:00.000Z", "d"],
      ] as const;
      const ids = new Map(arrivals.map(([, key]) => [key, `${key}${randomUUID().slice(1)}`]));
      for (const [at, key] of arrivals) {
        await sql`insert into leads (id, name, email, phone, condominium, service, message, status, note, created_at, updated_at)
          values (${ids.get(key)}, ${`Pessoa ${key}`}, ${`${key}@exemplo.com.br`}, '(41) 99999-0000', 'Cond.', 'Pintura', 'Oi', 'novo', '', ${at}, ${at})`.execute(
          handle.db,
        );
      }
      await migrateToLatest(handle);
      const rows = await handle.db.selectFrom("leads").select(["id", "number", "repeat_of"]).execute();
      const numberOf = new Map(rows.map((row) => [row.id, row.number]));
      expect((["a", "d", "b", "c"] as const).map((key) => numberOf.get(ids.get(key) ?? ""))).toEqual([
        1, 2, 3, 4,
      ]);
      expect(rows.every((row) => row.repeat_of === null)).toBe(true);
      const counter = await handle.db
        .selectFrom("counters")
        .select("value")
        .where("name", "=", "lead_number")
        .executeTakeFirstOrThrow();
      expect(Number(counter.value)).toBe(4);
      // A number is one request's only.
      await expect(
        handle.db
          .updateTable("leads")
          .set({ number: 1 })
          .where("id", "=", ids.get("c") ?? "")
          .execute(),
      ).rejects.toThrow();
    } finally {
      await handle.close();
    }
  });
});
