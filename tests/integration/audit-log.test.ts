import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseAuditListQuery } from "~/server/admin-lists/list-query.server";
import {
  auditEntriesToCsv,
  listAuditEntries,
  listAuditEntriesForExport,
} from "~/server/audit/audit-list.server";
import {
  auditRetentionCutoff,
  deleteAuditEntriesOlderThan,
  recordAudit,
} from "~/server/audit/audit-log.server";
import { database, startDatabase, stopDatabase } from "~/server/db/database.server";
import { withRequestAddress } from "~/server/platform/request-address.server";
import { testEngines } from "../support/test-database";

// The audit log's writer, its list filters (user, action group, São Paulo days), the CSV, the
// 12-month retention and the LGPD lookup/erasure, on both engines.

const ana = { user: { id: "user-ana", email: "ana@exemplo.com.br" } };
const bia = { user: { id: "user-bia", email: "bia@exemplo.com.br" } };

async function setAt(action: string, at: string) {
  const db = await database();
  await db.updateTable("audit_log").set({ at }).where("action", "=", action).execute();
}

function query(search: string) {
  const parsed = parseAuditListQuery(new URLSearchParams(search));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.query;
}

describe.each(testEngines())("the audit log on $name", (engine) => {
  beforeAll(async () => {
    await startDatabase(engine.env);
  });
  beforeEach(async () => {
    const db = await database();
    await db.deleteFrom("audit_log").execute();
  });
  afterAll(async () => {
    await stopDatabase();
    await engine.drop();
  });

  it("records who, what, the target, the request's address and the details", async () => {
    await withRequestAddress("203.0.113.9", () =>
      recordAudit(ana, {
        action: "post.publish",
        target: { type: "post", id: "p1", label: "Impermeabilização de lajes" },
        details: { status: { before: "draft", after: "published" } },
      }),
    );
    await recordAudit(null, {
      action: "signin.failure",
      target: { type: "email", label: "Intruso@Exemplo.com" },
      subject: "Intruso@Exemplo.com",
    });
    const page = await listAuditEntries(query(""));
    expect(page.total).toBe(2);
    const failure = page.items.find((entry) => entry.action === "signin.failure");
    const publish = page.items.find((entry) => entry.action === "post.publish");
    expect(failure).toMatchObject({ action: "signin.failure", userEmail: null, ipAddress: null });
    expect(publish).toMatchObject({
      action: "post.publish",
      userEmail: "ana@exemplo.com.br",
      targetType: "post",
      targetLabel: "Impermeabilização de lajes",
      ipAddress: "203.0.113.9",
    });
    expect(JSON.parse(publish?.details ?? "{}")).toEqual({ status: { before: "draft", after: "published" } });
  });

  it("filters by user, action group and São Paulo days, newest first, 50 a page", async () => {
    await recordAudit(ana, { action: "lead.view", target: { type: "lead", id: "l1", label: "Carla" } });
    await recordAudit(bia, { action: "post.create", target: { type: "post", id: "p2", label: "Novo" } });
    await recordAudit(bia, { action: "lead.export" });
    // 02:30 UTC on 2 March is still 1 March in São Paulo (UTC−3).
    await setAt("lead.view", "2026-03-02T02:30:00.000Z");
    await setAt("post.create", "2026-03-02T12:00:00.000Z");
    await setAt("lead.export", "2026-03-03T12:00:00.000Z");

    const byUser = await listAuditEntries(query("usuario=user-bia"));
    expect(byUser.items.map((e) => e.action)).toEqual(["lead.export", "post.create"]);
    const byGroup = await listAuditEntries(query("acao=lead"));
    expect(byGroup.items.map((e) => e.action)).toEqual(["lead.export", "lead.view"]);
    const firstOfMarch = await listAuditEntries(query("de=2026-03-01&ate=2026-03-01"));
    expect(firstOfMarch.items.map((e) => e.action)).toEqual(["lead.view"]);
    const combined = await listAuditEntries(query("usuario=user-bia&acao=post&de=2026-03-02&ate=2026-03-03"));
    expect(combined.items.map((e) => e.action)).toEqual(["post.create"]);

    for (let n = 0; n < 55; n++) await recordAudit(ana, { action: "media.upload" });
    const second = await listAuditEntries(query("acao=media&pagina=2"));
    expect(second).toMatchObject({ total: 55, page: 2, pageCount: 2 });
    expect(second.items).toHaveLength(5);
  });

  it("refuses filters it cannot apply, in pt-BR", () => {
    expect(parseAuditListQuery(new URLSearchParams("acao=tudo"))).toMatchObject({
      ok: false,
      message: "Tipo de ação inválido.",
    });
    expect(parseAuditListQuery(new URLSearchParams("de=2026-13-40"))).toMatchObject({ ok: false });
    expect(parseAuditListQuery(new URLSearchParams("de=2026-03-05&ate=2026-03-01"))).toMatchObject({
      ok: false,
      message: "A data inicial deve ser igual ou anterior à data final.",
    });
    expect(parseAuditListQuery(new URLSearchParams("usuario=' OR 1=1"))).toMatchObject({
      ok: false,
      message: "Usuário inválido.",
    });
  });

  it("exports the filtered entries as CSV with pt-BR labels", async () => {
    await recordAudit(ana, { action: "lead.delete", target: { type: "lead", id: "l9", label: "Davi" } });
    await recordAudit(ana, { action: "post.delete", target: { type: "post", id: "p9", label: "Velho" } });
    const { page: _page, ...filters } = query("acao=lead");
    const csv = auditEntriesToCsv(await listAuditEntriesForExport(filters));
    expect(csv).toContain("Excluiu solicitação;lead.delete;lead: Davi");
    expect(csv).not.toContain("post.delete");
  });

  it("deletes entries older than 12 months and keeps the rest", async () => {
    await recordAudit(ana, { action: "post.update" });
    await recordAudit(ana, { action: "post.delete" });
    const now = new Date("2026-11-25T12:00:00.000Z");
    await setAt("post.update", "2025-11-24T12:00:00.000Z");
    await setAt("post.delete", "2025-11-26T12:00:00.000Z");
    expect(await deleteAuditEntriesOlderThan(auditRetentionCutoff(now))).toBe(1);
    const left = await listAuditEntries(query(""));
    expect(left.items.map((e) => e.action)).toEqual(["post.delete"]);
  });
});
