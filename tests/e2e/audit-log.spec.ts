import { randomBytes, randomUUID } from "node:crypto";
import { type APIResponse, expect, type Page, test } from "@playwright/test";
import { type AuditAction, auditActionLabel } from "~/lib/audit-actions";
import { hashPassword } from "~/server/accounts/password.server";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/connection.server";
import {
  adminUserId,
  type DedicatedServer,
  E2E_ADMIN,
  sha256Hex,
  startDedicatedServer,
} from "../support/admin-auth";
import { signedInPage } from "../support/admin-page";
import { adminPagesPassAxe } from "../support/axe";
import { insertUser } from "../support/db";
import { solidImage } from "../support/photo-fixtures";

// The audit log: each audited action, driven over HTTP as a browser would send it, shows up on
// /admin/auditoria with who did it, the action and its target. One server of its own, so the
// log holds only what these tests did.

const uid = () => randomUUID().slice(0, 8);
const STRONG = "girassol amarelo na varanda de inverno";
const ANOTHER_STRONG = "jabuticaba madura no quintal da vovó";

let site: DedicatedServer;
let handle: DatabaseHandle;
let admin: Page;
let adminId: string;

/** A form post from the admin's own page (the Origin a browser sends); the redirect is not followed. */
function post(page: Page, path: string, form: Record<string, string>): Promise<APIResponse> {
  return page.request.post(`${site.url}${path}`, { headers: { Origin: site.url }, form, maxRedirects: 0 });
}

/**
 * The audit page (filtered by `query`) has a row for `action` on `target` done by `who`
 * ("—" when nobody was signed in); returns the row for further checks.
 */
async function expectEntry(query: string, action: AuditAction, target: string, who: string) {
  await admin.goto(`/admin/auditoria?${query}`);
  await expect(admin.getByRole("heading", { level: 1, name: "Auditoria" })).toBeVisible();
  const row = admin
    .getByRole("row")
    .filter({ has: admin.getByRole("cell", { name: auditActionLabel(action), exact: true }) })
    .filter({ hasText: target })
    .first();
  await expect(row, `${action} on ${target}`).toBeVisible();
  await expect(row.getByRole("cell").nth(1)).toHaveText(who);
  return row;
}

test.describe("audited actions", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    site = await startDedicatedServer();
    handle = await openDatabase(databaseConfigFromEnv(site.databaseEnv));
    adminId = await adminUserId(handle.db);
    admin = await signedInPage(browser, site.url);
  });
  test.afterAll(async () => {
    await admin?.context().close();
    await handle?.close();
    await site?.stop();
  });

  test("sign-ins: success, failure with the e-mail typed, and sign-out", async ({ browser }) => {
    const stranger = `ninguem-${uid()}@exemplo.com.br`;
    const refused = await fetch(`${site.url}/auth`, {
      method: "POST",
      headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: stranger, password: "chute-errado" }).toString(),
    });
    expect(refused.status).toBe(401);
    const failure = await expectEntry("acao=signin", "signin.failure", stranger, "—");
    // The address the request came from is kept.
    await expect(failure.getByRole("cell").nth(4)).toHaveText(/127\.0\.0\.1|::1/);

    await expectEntry(`acao=signin&usuario=${adminId}`, "signin.success", "", E2E_ADMIN.email);

    const other = await signedInPage(browser, site.url);
    const out = await post(other, "/admin/sair", {});
    expect(out.status()).toBe(302);
    await other.context().close();
    await expectEntry(`acao=signin&usuario=${adminId}`, "signin.signout", "", E2E_ADMIN.email);
  });

  test("quote requests: each view, the status change, the CSV export and the deletion", async () => {
    const id = randomUUID();
    const name = `Síndico Auditado ${uid()}`;
    const now = new Date().toISOString();
    await handle.db
      .insertInto("leads")
      .values({
        id,
        name,
        email: `sindico-${uid()}@exemplo.com.br`,
        phone: "(41) 98888-7777",
        condominium: "Condomínio Jardim das Araucárias",
        service: "Restauração de Fachadas",
        message: "Fachada com pastilhas soltando.",
        status: "novo",
        note: "",
        created_at: now,
        updated_at: now,
      })
      .execute();

    await admin.goto(`/admin/solicitacoes/${id}`);
    await expect(admin.getByRole("heading", { name })).toBeVisible();
    await expectEntry("acao=lead", "lead.view", name, E2E_ADMIN.email);

    const update = await post(admin, "/admin/solicitacoes", {
      id,
      status: "fechado_ganho",
      note: "",
    });
    expect(update.status()).toBe(302);
    const changed = await expectEntry("acao=lead", "lead.update", name, E2E_ADMIN.email);
    await expect(changed).toContainText("novo");
    await expect(changed).toContainText("fechado_ganho");

    const csv = await admin.request.get(`${site.url}/admin/solicitacoes.csv?status=fechado_ganho`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain(name);
    const exported = await expectEntry("acao=lead", "lead.export", "", E2E_ADMIN.email);
    await expect(exported).toContainText("fechado_ganho");

    const removal = await post(admin, `/admin/solicitacoes/${id}`, { intent: "delete" });
    expect(removal.status()).toBe(302);
    // The erasure's entry names the request by its id, never the person.
    const erased = await expectEntry("acao=lead", "lead.delete", id, E2E_ADMIN.email);
    await expect(erased).not.toContainText(name);
  });

  test("settings: which fields changed, before and after", async () => {
    await admin.goto("/admin/configuracoes");
    const form = admin
      .locator("form")
      .filter({ has: admin.getByRole("button", { name: "Salvar configurações" }) });
    const values = await form.evaluate((element) => {
      const fields: Record<string, string> = {};
      for (const [key, value] of new FormData(element as HTMLFormElement)) fields[key] = String(value);
      return fields;
    });
    const message = `Olá! Mensagem auditada ${uid()}`;
    const saved = await post(admin, "/admin/configuracoes", { ...values, whatsappMessage: message });
    expect(saved.status()).toBe(302);
    const entry = await expectEntry(
      "acao=settings",
      "settings.update",
      "Configurações da empresa",
      E2E_ADMIN.email,
    );
    await expect(entry).toContainText("whatsappMessage");
    await expect(entry).toContainText(message);
  });

  test("users: invitation, role change, deactivation, reactivation, passwords, acceptance and removal", async ({
    browser,
  }) => {
    const invited = `convidada-${uid()}@exemplo.com.br`;
    expect(
      (await post(admin, "/admin/usuarios", { intent: "invite", email: invited, role: "editor" })).status(),
    ).toBe(302);
    await expectEntry("acao=user", "user.invite", invited, E2E_ADMIN.email);
    const invitation = await handle.db
      .selectFrom("invitations")
      .select("id")
      .where("email", "=", invited)
      .executeTakeFirstOrThrow();
    expect((await post(admin, "/admin/usuarios", { intent: "revoke", id: invitation.id })).status()).toBe(
      302,
    );
    await expectEntry("acao=user", "user.invitation_revoke", invited, E2E_ADMIN.email);

    const colleague = `colega-${uid()}@exemplo.com.br`;
    const colleagueId = await insertUser(handle.db, {
      email: colleague,
      passwordHash: await hashPassword(STRONG),
      role: "editor",
      name: "Colega Auditada",
    });
    expect(
      (await post(admin, "/admin/usuarios", { intent: "role", id: colleagueId, role: "admin" })).status(),
    ).toBe(302);
    const role = await expectEntry("acao=user", "user.role_change", colleague, E2E_ADMIN.email);
    await expect(role).toContainText("editor");
    await expect(role).toContainText("admin");
    for (const intent of ["deactivate", "reactivate"] as const) {
      expect((await post(admin, "/admin/usuarios", { intent, id: colleagueId })).status()).toBe(302);
      await expectEntry("acao=user", `user.${intent}`, colleague, E2E_ADMIN.email);
    }

    // Changing one's own password, signed in.
    const own = await signedInPage(browser, site.url, { email: colleague, password: STRONG });
    const change = await post(own, "/admin/conta", {
      current: STRONG,
      password: ANOTHER_STRONG,
      confirmation: ANOTHER_STRONG,
    });
    expect(change.status()).toBe(302);
    await own.context().close();
    await expectEntry("acao=user", "user.password_change", colleague, colleague);

    // Asking for a reset link (anyone may: nobody signed in), then using one.
    const asked = await fetch(`${site.url}/esqueci-minha-senha`, {
      method: "POST",
      headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: colleague }).toString(),
    });
    expect(asked.status).toBe(200);
    await expectEntry("acao=user", "user.password_reset_request", colleague, "—");
    const token = randomBytes(32).toString("base64url");
    await handle.db
      .insertInto("password_resets")
      .values({
        id: randomUUID(),
        user_id: colleagueId,
        token_hash: sha256Hex(token),
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
      })
      .execute();
    const reset = await fetch(`${site.url}/redefinir-senha/${token}`, {
      method: "POST",
      headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ password: STRONG, confirmation: STRONG }).toString(),
    });
    // The page answers with the used link's status, showing the success.
    expect(await reset.text()).toContain("Senha alterada");
    await expectEntry("acao=user", "user.password_reset", colleague, colleague);

    expect((await post(admin, "/admin/usuarios", { intent: "remove", id: colleagueId })).status()).toBe(302);
    await expectEntry("acao=user", "user.remove", colleague, E2E_ADMIN.email);

    // An invitation accepted: the new account is who acted.
    const newcomer = `nova-${uid()}@exemplo.com.br`;
    const invitationToken = randomBytes(32).toString("base64url");
    await handle.db
      .insertInto("invitations")
      .values({
        id: randomUUID(),
        email: newcomer,
        role: "editor",
        token_hash: sha256Hex(invitationToken),
        invited_by: adminId,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      })
      .execute();
    const accepted = await fetch(`${site.url}/convite/${invitationToken}`, {
      method: "POST",
      headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Pessoa Nova", password: STRONG, confirmation: STRONG }).toString(),
      redirect: "manual",
    });
    expect(accepted.status).toBe(302);
    await expectEntry("acao=user", "user.invitation_accept", newcomer, newcomer);
  });

  test("content: posts, categories, works, services, home page, media and redirects", async () => {
    const db = handle.db;
    const category = await db.selectFrom("categories").select("id").executeTakeFirstOrThrow();
    const title = `Post auditado ${uid()}`;
    const postFields = {
      title,
      categoryId: category.id,
      excerpt: "Resumo do post auditado.",
      content: "<p>Texto do post auditado.</p>",
      readTime: "3",
      status: "draft",
    };
    await test.step("posts", async () => {
      expect((await post(admin, "/admin/posts/novo", postFields)).status()).toBe(302);
      const created = await expectEntry("acao=post", "post.create", title, E2E_ADMIN.email);
      await expect(created).toContainText("draft");
      const row = await db
        .selectFrom("blog_posts")
        .select(["id", "version"])
        .where("title", "=", title)
        .executeTakeFirstOrThrow();
      const published = await post(admin, `/admin/posts/${row.id}`, {
        ...postFields,
        status: "published",
        baseVersion: String(row.version),
      });
      expect(published.status()).toBe(302);
      const entry = await expectEntry("acao=post", "post.publish", title, E2E_ADMIN.email);
      await expect(entry).toContainText("published");
      const revision = await db
        .selectFrom("post_revisions")
        .select("id")
        .where("post_id", "=", row.id)
        .orderBy("created_at")
        .executeTakeFirstOrThrow();
      const restored = await post(admin, `/admin/posts/${row.id}/revisoes`, { revisionId: revision.id });
      expect(restored.status()).toBe(302);
      await expectEntry("acao=post", "post.restore", title, E2E_ADMIN.email);
      expect((await post(admin, "/admin", { intent: "delete", id: row.id })).status()).toBe(302);
      await expectEntry("acao=post", "post.delete", title, E2E_ADMIN.email);
    });

    await test.step("categories", async () => {
      const name = `Categoria ${uid()}`;
      expect((await post(admin, "/admin/categorias", { intent: "create", name })).status()).toBe(302);
      await expectEntry("acao=category", "category.create", name, E2E_ADMIN.email);
      const row = await db
        .selectFrom("categories")
        .select("id")
        .where("name", "=", name)
        .executeTakeFirstOrThrow();
      const renamed = `${name} renomeada`;
      expect(
        (await post(admin, "/admin/categorias", { intent: "rename", id: row.id, name: renamed })).status(),
      ).toBe(302);
      const entry = await expectEntry("acao=category", "category.update", renamed, E2E_ADMIN.email);
      await expect(entry).toContainText(name);
      expect((await post(admin, "/admin/categorias", { intent: "delete", id: row.id })).status()).toBe(302);
      await expectEntry("acao=category", "category.delete", renamed, E2E_ADMIN.email);
    });

    await test.step("works", async () => {
      const work = await db.selectFrom("works").select(["id", "title"]).executeTakeFirstOrThrow();
      for (const intent of ["unpublish", "publish"] as const) {
        expect((await post(admin, "/admin/obras", { intent, id: work.id })).status()).toBe(302);
        await expectEntry("acao=work", `work.${intent}`, work.title, E2E_ADMIN.email);
      }
      expect((await post(admin, "/admin/obras", { intent: "delete", id: work.id })).status()).toBe(302);
      await expectEntry("acao=work", "work.delete", work.title, E2E_ADMIN.email);
    });

    await test.step("services", async () => {
      const service = await db.selectFrom("services").select(["id", "title"]).executeTakeFirstOrThrow();
      const moved = await post(admin, "/admin/servicos", {
        intent: "move",
        id: service.id,
        direction: "down",
        list: "page",
      });
      expect(moved.status()).toBe(302);
      await expectEntry("acao=service", "service.update", service.title, E2E_ADMIN.email);
      expect((await post(admin, "/admin/servicos", { intent: "delete", id: service.id })).status()).toBe(302);
      await expectEntry("acao=service", "service.delete", service.title, E2E_ADMIN.email);
    });

    await test.step("home page", async () => {
      const added = await post(admin, "/admin/pagina-inicial", {
        intent: "testimonial-create",
        author: "Cliente Auditado",
        role: "Síndico",
        quote: "Ótimo serviço.",
        visible: "on",
      });
      expect(added.status()).toBe(302);
      await expectEntry("acao=home", "home.update", "Depoimento novo", E2E_ADMIN.email);
    });

    await test.step("media", async () => {
      const name = `foto-auditada-${uid()}.png`;
      const upload = await admin.request.post(`${site.url}/admin/api/upload`, {
        headers: { Origin: site.url },
        multipart: {
          file: { name, mimeType: "image/png", buffer: await solidImage(80, 60, "#2a7f62").png().toBuffer() },
        },
      });
      expect(upload.status()).toBe(201);
      const image = (await upload.json()) as { id: string; name: string };
      await expectEntry("acao=media", "media.upload", image.name, E2E_ADMIN.email);
      const alt = `Fachada auditada ${uid()}`;
      const edited = await post(admin, `/admin/midia/${image.id}`, {
        intent: "update",
        name: image.name,
        alt,
      });
      expect(edited.status()).toBe(302);
      const entry = await expectEntry("acao=media", "media.update", image.name, E2E_ADMIN.email);
      await expect(entry).toContainText(alt);
      expect((await post(admin, `/admin/midia/${image.id}`, { intent: "delete" })).status()).toBe(302);
      await expectEntry("acao=media", "media.delete", image.name, E2E_ADMIN.email);
    });

    await test.step("redirects", async () => {
      const from = `/antigo-${uid()}`;
      expect(
        (await post(admin, "/admin/redirecionamentos", { intent: "create", from, to: "/contato" })).status(),
      ).toBe(302);
      await expectEntry("acao=redirect", "redirect.create", from, E2E_ADMIN.email);
      const imported = await admin.request.post(`${site.url}/admin/redirecionamentos`, {
        headers: { Origin: site.url },
        multipart: {
          intent: "import",
          csv: {
            name: "redirecionamentos.csv",
            mimeType: "text/csv",
            buffer: Buffer.from(`de,para\n${from}-csv,/contato\n`),
          },
        },
        maxRedirects: 0,
      });
      expect(imported.status()).toBe(302);
      await expectEntry("acao=redirect", "redirect.import", "redirecionamentos.csv", E2E_ADMIN.email);
      const row = await db
        .selectFrom("redirects")
        .select("id")
        .where("from_path", "=", from)
        .executeTakeFirstOrThrow();
      expect(
        (await post(admin, "/admin/redirecionamentos", { intent: "delete", id: String(row.id) })).status(),
      ).toBe(302);
      await expectEntry("acao=redirect", "redirect.delete", from, E2E_ADMIN.email);
    });
  });

  test("the audit log's own CSV export holds the filtered entries and is itself recorded", async () => {
    const csv = await admin.request.get(`${site.url}/admin/auditoria.csv?acao=lead`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const text = await csv.text();
    expect(text).toContain(auditActionLabel("lead.view"));
    expect(text).not.toContain(auditActionLabel("settings.update"));
    const entry = await expectEntry("acao=audit", "audit.export", "", E2E_ADMIN.email);
    await expect(entry).toContainText("lead");
  });
});

adminPagesPassAxe(["/admin/auditoria"]);
