import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { migrationsBefore } from "../support/migrations-before";
import { testEngines } from "../support/test-database";

// Migration 0028 on a site whose counts kept pages with their tokens (a tap on a password-reset
// page stored "/redefinir-senha/<token>"): every such row is kept by the route's pattern, the
// counts of rows that differed only by the token added up, and no token is left anywhere.

const before = migrationsBefore("0028");

const TOKENS = ["Rk9vQmFyVG9rZW4xMjM0NTY3", "U2VjcmV0MlNlY3JldDJTZWNy", "Q29udml0ZVRva2VuLTk5OTk5"];
const DIMENSIONS = { referrer_host: "", utm_source: "", utm_medium: "", utm_campaign: "" };

describe.each(testEngines())("migration 0028 on $name", (engine) => {
  afterAll(() => engine.drop());

  it("relabels every stored page that holds a token, adding up what becomes one row", {
    timeout: 30_000,
  }, async () => {
    const handle = await openDatabase(databaseConfigFromEnv(engine.env));
    try {
      await migrateToLatest(handle, before);
      const db = handle.db;
      const day = "2026-11-30";
      await db
        .insertInto("contact_taps")
        .values([
          { day, kind: "whatsapp", page: `/redefinir-senha/${TOKENS[0]}`, ...DIMENSIONS, taps: 2 },
          { day, kind: "whatsapp", page: `/redefinir-senha/${TOKENS[1]}`, ...DIMENSIONS, taps: 3 },
          // A row already under the pattern takes the others' taps.
          { day, kind: "email", page: "/redefinir-senha/:token", ...DIMENSIONS, taps: 1 },
          { day, kind: "email", page: `/Redefinir-Senha/${TOKENS[0]}`, ...DIMENSIONS, taps: 4 },
          { day, kind: "telefone", page: `/convite/${TOKENS[2]}`, ...DIMENSIONS, taps: 1 },
          { day, kind: "telefone", page: `/blog/previa/${TOKENS[2]}`, ...DIMENSIONS, taps: 1 },
          { day, kind: "telefone", page: "/obras", ...DIMENSIONS, taps: 7 },
        ])
        .execute();
      await db
        .insertInto("visit_counts")
        .values([
          { day, page: `/convite/${TOKENS[2]}`, ...DIMENSIONS, device: "celular", views: 1 },
          { day, page: `/convite/${TOKENS[1]}`, ...DIMENSIONS, device: "celular", views: 2 },
        ])
        .execute();
      await db
        .insertInto("visit_visitors")
        .values([
          { day, visitor_hash: "h1", page: `/convite/${TOKENS[2]}`, ...DIMENSIONS },
          { day, visitor_hash: "h1", page: `/convite/${TOKENS[1]}`, ...DIMENSIONS },
        ])
        .execute();
      await db
        .insertInto("visit_uniques")
        .values([{ day, grouping: "page", page: `/blog/previa/${TOKENS[0]}`, ...DIMENSIONS, visitors: 3 }])
        .execute();
      const lead = randomUUID();
      const now = new Date().toISOString();
      await sql`insert into leads (id, name, email, phone, condominium, service, message, status, note, created_at, updated_at, source_page)
        values (${lead}, 'Pessoa', 'p@exemplo.com.br', '(41) 99999-0000', 'Cond.', 'Pintura', 'Oi', 'novo', '', ${now}, ${now}, ${`/redefinir-senha/${TOKENS[0]}`})`.execute(
        db,
      );

      await migrateToLatest(handle);

      const taps = await db
        .selectFrom("contact_taps")
        .select(["kind", "page", "taps"])
        .orderBy("kind")
        .orderBy("page")
        .execute();
      expect(taps.map((t) => ({ ...t, taps: Number(t.taps) }))).toEqual([
        { kind: "email", page: "/redefinir-senha/:token", taps: 5 },
        { kind: "telefone", page: "/blog/previa/:token", taps: 1 },
        { kind: "telefone", page: "/convite/:token", taps: 1 },
        { kind: "telefone", page: "/obras", taps: 7 },
        { kind: "whatsapp", page: "/redefinir-senha/:token", taps: 5 },
      ]);
      const views = await db.selectFrom("visit_counts").select(["page", "views"]).execute();
      expect(views.map((v) => ({ ...v, views: Number(v.views) }))).toEqual([
        { page: "/convite/:token", views: 3 },
      ]);
      expect(await db.selectFrom("visit_visitors").select(["visitor_hash", "page"]).execute()).toEqual([
        { visitor_hash: "h1", page: "/convite/:token" },
      ]);
      expect(await db.selectFrom("visit_uniques").select("page").execute()).toEqual([
        { page: "/blog/previa/:token" },
      ]);
      const stored = await db
        .selectFrom("leads")
        .select("source_page")
        .where("id", "=", lead)
        .executeTakeFirst();
      expect(stored?.source_page).toBe("/redefinir-senha/:token");
      const everything = JSON.stringify([
        taps,
        views,
        await db.selectFrom("visit_visitors").selectAll().execute(),
        await db.selectFrom("leads").selectAll().execute(),
      ]);
      for (const token of TOKENS) expect(everything).not.toContain(token);
    } finally {
      await handle.close();
    }
  });
});
