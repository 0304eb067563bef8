import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { CurrentSession } from "~/server/accounts/sessions.server";
import { database } from "~/server/db/database.server";
import { addCategory, changeCategoryName, removeCategory } from "~/server/posts/category-commands.server";
import { createRedirect, importRedirects, removeRedirect } from "~/server/redirects/redirect-commands.server";
import { removeService, reorderService } from "~/server/services/service-list-commands.server";
import { publishWork, removeWork, reorderWork } from "~/server/works/work-list-commands.server";
import { withAuditFailing } from "../support/audit-failing";
import { describeOnEachEngine } from "../support/engine-suite";

// Admin writes are commands of their domain (docs/decisions/0080): the change and its audit
// entry commit together or not at all, and a refused command writes neither. The audit insert
// is made to fail for real: the audit table is renamed away while the command runs.

const uid = () => randomUUID().slice(0, 8);
const ORIGINS = ["https://www.example.com"];

const actor = (): CurrentSession => ({
  user: { id: randomUUID(), email: `editora-${uid()}@exemplo.com.br`, name: "Editora", role: "editor" },
  idHash: "h",
  authenticatedAt: null,
});

describeOnEachEngine("admin commands", () => {
  async function stored(from: string) {
    const db = await database();
    const redirects = await db
      .selectFrom("redirects")
      .select("to_path")
      .where("from_path", "=", from)
      .execute();
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("target_label", "=", from)
      .orderBy("at")
      .execute();
    return { redirects: redirects.map((r) => r.to_path), audit: audit.map((a) => a.action) };
  }

  it("writes a redirect and its audit entry together", async () => {
    const from = `/antigo-${uid()}`;
    const outcome = await createRedirect(actor(), { origins: ORIGINS, from, to: "/servicos" });
    expect(outcome).toMatchObject({ kind: "done", redirectTo: "/admin/redirecionamentos" });
    expect(await stored(from)).toEqual({ redirects: ["/servicos"], audit: ["redirect.create"] });
  });

  it("writes nothing when the audit entry cannot be written: create, delete and import", async () => {
    const from = `/antigo-${uid()}`;
    expect(
      await withAuditFailing(() => createRedirect(actor(), { origins: ORIGINS, from, to: "/obras" })),
    ).toBeInstanceOf(Error);
    expect(await stored(from)).toEqual({ redirects: [], audit: [] });

    await createRedirect(actor(), { origins: ORIGINS, from, to: "/obras" });
    const db = await database();
    const row = await db
      .selectFrom("redirects")
      .select("id")
      .where("from_path", "=", from)
      .executeTakeFirstOrThrow();
    expect(await withAuditFailing(() => removeRedirect(actor(), { id: String(row.id) }))).toBeInstanceOf(
      Error,
    );
    expect(await stored(from)).toEqual({ redirects: ["/obras"], audit: ["redirect.create"] });

    const imported = `/importado-${uid()}`;
    const file = new File([`origem;destino\n${imported};/contato\n`], "redirecionamentos.csv", {
      type: "text/csv",
    });
    expect(await withAuditFailing(() => importRedirects(actor(), { origins: ORIGINS, file }))).toBeInstanceOf(
      Error,
    );
    expect(await stored(imported)).toEqual({ redirects: [], audit: [] });
  });

  it("writes neither the change nor an entry when it refuses", async () => {
    const from = `/antigo-${uid()}`;
    await createRedirect(actor(), { origins: ORIGINS, from, to: "/obras" });
    // Bad input, a clash with what is stored, a missing row.
    expect(
      await createRedirect(actor(), { origins: ORIGINS, from: "https://outro.example/x", to: "/obras" }),
    ).toMatchObject({
      kind: "refused",
    });
    expect(await createRedirect(actor(), { origins: ORIGINS, from, to: "/contato" })).toMatchObject({
      kind: "conflict",
      message: expect.stringContaining("Já existe um redirecionamento de"),
    });
    expect(await removeRedirect(actor(), { id: "999999999" })).toMatchObject({ kind: "not-found" });
    expect(await stored(from)).toEqual({ redirects: ["/obras"], audit: ["redirect.create"] });
  });

  async function category(name: string) {
    const db = await database();
    const rows = await db.selectFrom("categories").select(["id", "name"]).where("name", "=", name).execute();
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("target_type", "=", "category")
      .where("target_label", "=", name)
      .orderBy("at")
      .execute();
    return { ids: rows.map((r) => r.id), audit: audit.map((a) => a.action) };
  }

  it("categories: the change and its entry together, or neither", async () => {
    const name = `Categoria ${uid()}`;
    expect(await withAuditFailing(() => addCategory(actor(), { name }))).toBeInstanceOf(Error);
    expect(await category(name)).toEqual({ ids: [], audit: [] });
    expect(await addCategory(actor(), { name })).toMatchObject({ kind: "done" });
    const [id = ""] = (await category(name)).ids;

    const renamed = `Renomeada ${uid()}`;
    expect(await withAuditFailing(() => changeCategoryName(actor(), { id, name: renamed }))).toBeInstanceOf(
      Error,
    );
    expect(await category(renamed)).toEqual({ ids: [], audit: [] });
    expect(await withAuditFailing(() => removeCategory(actor(), { id }))).toBeInstanceOf(Error);
    expect(await category(name)).toEqual({ ids: [id], audit: ["category.create"] });

    // Refused: an empty name, a category that is not there; nothing written.
    expect(await addCategory(actor(), { name: "   " })).toMatchObject({
      kind: "refused",
      message: "Informe o nome da categoria.",
    });
    expect(await changeCategoryName(actor(), { id: randomUUID(), name: renamed })).toMatchObject({
      kind: "not-found",
    });
    expect(await category(renamed)).toEqual({ ids: [], audit: [] });

    expect(await removeCategory(actor(), { id })).toMatchObject({ kind: "done" });
    expect(await category(name)).toEqual({ ids: [], audit: ["category.create", "category.delete"] });
  });

  /** What the lists' commands change: the order and the published flag, the rows themselves. */
  async function listsState() {
    const db = await database();
    const services = await db.selectFrom("services").select(["id", "position"]).orderBy("id").execute();
    const works = await db
      .selectFrom("works")
      .select(["id", "position", "published"])
      .orderBy("id")
      .execute();
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("target_type", "in", ["service", "work"])
      .execute();
    return {
      services,
      works: works.map((w) => ({ ...w, published: Boolean(w.published) })),
      audit: audit.length,
    };
  }

  it("the services' and works' lists: the change and its entry together, or neither", async () => {
    const before = await listsState();
    const [service] = before.services;
    const [work] = before.works;
    expect(service && work).toBeTruthy();
    const serviceId = service?.id ?? "";
    const workId = work?.id ?? "";
    const backTo = "/admin/obras";
    for (const command of [
      () => reorderService(actor(), { id: serviceId, direction: "down", list: "page" }),
      () => removeService(actor(), { id: serviceId }),
      () => publishWork(actor(), { id: workId, backTo, published: !work?.published }),
      () => reorderWork(actor(), { id: workId, backTo, direction: "down" }),
      () => removeWork(actor(), { id: workId, backTo }),
    ]) {
      expect(await withAuditFailing(command)).toBeInstanceOf(Error);
      expect(await listsState()).toEqual(before);
    }
    // Refused: no such service or work; nothing written.
    expect(await removeService(actor(), { id: null })).toMatchObject({ kind: "not-found" });
    expect(await removeWork(actor(), { id: randomUUID(), backTo })).toMatchObject({ kind: "not-found" });
    expect(await publishWork(actor(), { id: randomUUID(), backTo, published: true })).toMatchObject({
      kind: "not-found",
    });
    expect(await listsState()).toEqual(before);

    expect(await removeWork(actor(), { id: workId, backTo })).toMatchObject({
      kind: "done",
      redirectTo: backTo,
    });
    const after = await listsState();
    expect(after.works.map((w) => w.id)).not.toContain(workId);
    expect(after.audit).toBe(before.audit + 1);
  });
});
