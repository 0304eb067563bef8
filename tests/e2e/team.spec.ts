import { randomBytes, randomUUID } from "node:crypto";
import { FORBIDDEN_MESSAGE } from "~/lib/roles";
import type { DatabaseHandle } from "~/server/db/connection.server";
import { LAST_ADMIN_MESSAGE } from "~/server/team/team-members.server";
import { adminHeaders, E2E_ADMIN, sha256Hex, signInOverHttp } from "../support/admin-auth";
import { linkPath, signedInPage, toast } from "../support/admin-page";
import { adminPagesPassAxe, seriousAxeViolations } from "../support/axe";
import { openE2eDatabase } from "../support/db";
import { expect, test } from "../support/own-site";

// The team: an Administrador invites a colleague by e-mail (read from a real SMTP server), who
// sets a name and password and is signed in as an Editor that cannot open personal data;
// deactivating ends that person's sessions; the last Administrador stays. Bad input on the new
// forms gets its pt-BR reason, a 4xx, and saves nothing.

const uid = () => randomUUID().slice(0, 8);
const STRONG = "girassol amarelo na varanda de inverno";

test("an invited colleague sets a password, is signed in as Editor, and cannot open quote requests; deactivated, the session ends", async ({
  browser,
  ownSite,
}) => {
  test.setTimeout(180_000);
  const admin = await signedInPage(browser, ownSite.url);
  await admin.goto("/admin/usuarios");
  const email = `colega-${uid()}@exemplo-condominio.com.br`;
  const inviteForm = admin.getByRole("region", { name: "Convidar pessoa" });
  await inviteForm.getByLabel("E-mail").fill(email);
  await inviteForm.getByLabel("Papel").selectOption("editor");
  await admin.getByRole("button", { name: "Enviar convite" }).click();
  await expect(toast(admin, "Convite enviado!")).toBeVisible({ timeout: 15_000 });
  await expect(admin.getByRole("region", { name: "Convites pendentes" })).toContainText(email);

  const [mail] = await ownSite.smtp.waitForMessages(1, 30_000);
  expect(mail?.envelopeTo).toEqual([email]);
  expect(mail?.headers.get("subject")).toContain("Convite para o painel");
  const path = linkPath(mail?.text ?? "", "/convite");
  // Only the link's hash is stored, and the sent message no longer holds the link.
  const token = path.split("/").pop() ?? "";
  const stored = await ownSite.db
    .selectFrom("invitations")
    .select("token_hash")
    .where("email", "=", email)
    .execute();
  expect(stored).toEqual([{ token_hash: sha256Hex(token) }]);
  await expect
    .poll(async () => JSON.stringify(await ownSite.db.selectFrom("outbox").select("payload").execute()), {
      timeout: 15_000,
    })
    .not.toContain(token);

  const guestContext = await browser.newContext({ baseURL: ownSite.url });
  const guest = await guestContext.newPage();
  await guest.goto(path);
  await expect(guest.getByRole("heading", { name: "Aceitar convite" })).toBeVisible();
  await expect(guest.getByText(email)).toBeVisible();
  await guest.getByLabel("Seu nome").fill("Carla Editora");
  await guest.getByLabel("Senha", { exact: true }).fill("senha123");
  await guest.getByLabel("Repita a senha").fill("senha123");
  await guest.getByRole("button", { name: "Criar conta e entrar" }).click();
  await expect(toast(guest, "Senha fraca")).toBeVisible({ timeout: 15_000 });
  expect(await ownSite.db.selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([]);

  await guest.getByLabel("Senha", { exact: true }).fill(STRONG);
  await guest.getByLabel("Repita a senha").fill(STRONG);
  await guest.getByRole("button", { name: "Criar conta e entrar" }).click();
  await expect(guest).toHaveURL(/\/admin$/, { timeout: 15_000 });
  await expect(guest.getByText(`Conectado como ${email}`)).toBeVisible();
  const nav = guest.getByRole("navigation", { name: "Seções do painel" });
  await expect(nav.getByRole("link", { name: "Obras" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Caixa de entrada" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Usuários" })).toHaveCount(0);
  const forbidden = await guest.goto("/admin/solicitacoes");
  expect(forbidden?.status()).toBe(403);
  await expect(guest.getByRole("heading", { name: "Acesso restrito" })).toBeVisible();
  const csv = await guest.request.get("/admin/solicitacoes.csv");
  expect(csv.status()).toBe(403);
  expect(await csv.json()).toEqual({ error: FORBIDDEN_MESSAGE });

  // The link works once.
  const again = await guest.request.get(path);
  expect(again.status()).toBe(404);
  expect(await again.text()).toContain("Convite indisponível");

  // The invitee signs in with the chosen password in a browser of their own.
  const later = await signedInPage(browser, ownSite.url, { email, password: STRONG });
  expect((await later.goto("/admin"))?.status()).toBe(200);

  // Deactivated: every session of theirs ends at once.
  await admin.goto("/admin/usuarios");
  await admin.getByRole("button", { name: `Desativar Carla Editora (${email})` }).click();
  await expect(toast(admin, "Usuário desativado.")).toBeVisible({ timeout: 15_000 });
  for (const page of [guest, later]) {
    const response = await page.request.get("/admin", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toContain("/auth");
  }
  await guestContext.close();
});

test.describe("on the shared server", () => {
  let handle: DatabaseHandle;
  test.beforeAll(async () => {
    handle = await openE2eDatabase();
  });
  test.afterAll(async () => {
    await handle.close();
  });

  async function insertInvitation(expiresInMs = 60 * 60_000) {
    const token = randomBytes(32).toString("base64url");
    const email = `convite-${uid()}@exemplo-condominio.com.br`;
    const now = new Date().toISOString();
    await handle.db
      .insertInto("invitations")
      .values({
        id: randomUUID(),
        email,
        role: "editor",
        token_hash: sha256Hex(token),
        invited_by: null,
        created_at: now,
        expires_at: new Date(Date.now() + expiresInMs).toISOString(),
      })
      .execute();
    return { token, email };
  }

  const usersWith = (email: string) =>
    handle.db.selectFrom("users").select("id").where("email", "=", email).execute();

  test("the last Administrador cannot demote themself (409, pt-BR reason)", async ({ page }) => {
    const token = await signInOverHttp(page.request);
    const adminId = (
      await handle.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", E2E_ADMIN.email)
        .executeTakeFirstOrThrow()
    ).id;
    const others = await handle.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", "admin")
      .where("deactivated_at", "is", null)
      .where("id", "<>", adminId)
      .execute();
    test.skip(others.length > 0, "another spec added an Administrador to the shared database");
    const response = await page.request.post("/admin/usuarios", {
      headers: adminHeaders(token),
      form: { intent: "role", id: adminId, role: "editor" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(409);
    expect(await response.text()).toContain(LAST_ADMIN_MESSAGE);
    const row = await handle.db
      .selectFrom("users")
      .select("role")
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe("admin");
  });

  test("bad input on the invitation form: 400 with the reason, nothing saved", async ({ request }) => {
    const token = await signInOverHttp(request);
    const cases: Array<[Record<string, string>, string]> = [
      [{ intent: "invite", email: "", role: "editor" }, "Informe um e-mail válido."],
      [{ intent: "invite", email: "nao-e-email", role: "editor" }, "Informe um e-mail válido."],
      [{ intent: "invite", email: `${"a".repeat(400)}@x.com`, role: "editor" }, "Informe um e-mail válido."],
      [
        { intent: "invite", email: `ok-${uid()}@exemplo.com.br`, role: "dono" },
        "Escolha o papel: Administrador ou Editor.",
      ],
      [{ intent: "role", id: randomUUID(), role: "dono" }, "Escolha o papel: Administrador ou Editor."],
      [{ intent: "qualquer" }, "Ação desconhecida."],
    ];
    for (const [form, message] of cases) {
      const response = await request.post("/admin/usuarios", {
        headers: adminHeaders(token),
        form,
        maxRedirects: 0,
      });
      expect(response.status(), JSON.stringify(form)).toBe(400);
      expect(await response.text()).toContain(message);
      if (form.email) {
        const saved = await handle.db
          .selectFrom("invitations")
          .select("id")
          .where("email", "=", form.email)
          .execute();
        expect(saved).toEqual([]);
      }
    }
    for (const [form, status] of [
      [{ intent: "deactivate", id: randomUUID() }, 404],
      [{ intent: "resend", id: randomUUID() }, 404],
      [{ intent: "invite", email: E2E_ADMIN.email, role: "editor" }, 409],
    ] as const) {
      const response = await request.post("/admin/usuarios", {
        headers: adminHeaders(token),
        form,
        maxRedirects: 0,
      });
      expect(response.status(), JSON.stringify(form)).toBe(status);
    }
  });

  test("bad input on the invitation page: 4xx with the reason, no account created", async ({ request }) => {
    const { token, email } = await insertInvitation();
    const long = "x".repeat(129);
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: "", password: STRONG, confirmation: STRONG }, "Informe seu nome."],
      [
        { name: "A".repeat(121), password: STRONG, confirmation: STRONG },
        "O nome pode ter no máximo 120 caracteres.",
      ],
      [
        { name: "Ana", password: "curta", confirmation: "curta" },
        "A senha precisa ter pelo menos 8 caracteres.",
      ],
      [{ name: "Ana", password: long, confirmation: long }, "A senha pode ter no máximo 128 caracteres."],
      [{ name: "Ana", password: STRONG, confirmation: `${STRONG}!` }, "As senhas não conferem."],
      [{ name: "Ana", password: "12345678", confirmation: "12345678" }, "Senha fraca"],
      [{ name: "Ana", password: email, confirmation: email }, "Senha fraca"],
    ];
    for (const [form, message] of cases) {
      const response = await request.post(`/convite/${token}`, {
        headers: { Origin: new URL(test.info().project.use.baseURL ?? "").origin },
        form,
        maxRedirects: 0,
      });
      expect(response.status(), JSON.stringify(form).slice(0, 80)).toBe(400);
      expect(await response.text()).toContain(message);
      expect(await usersWith(email)).toEqual([]);
    }
    const unknown = await request.get(`/convite/${randomBytes(32).toString("base64url")}`);
    expect(unknown.status()).toBe(404);
    const malformed = await request.get("/convite/%3Cscript%3E");
    expect(malformed.status()).toBe(404);
    const expired = await insertInvitation(-60_000);
    const late = await request.post(`/convite/${expired.token}`, {
      headers: { Origin: new URL(test.info().project.use.baseURL ?? "").origin },
      form: { name: "Ana", password: STRONG, confirmation: STRONG },
      maxRedirects: 0,
    });
    expect(late.status()).toBe(410);
    expect(await late.text()).toContain("Este convite expirou.");
    expect(await usersWith(expired.email)).toEqual([]);
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`the invitation page in ${colorScheme} mode has no serious or critical axe violation`, async ({
      page,
    }) => {
      const { token } = await insertInvitation();
      await page.emulateMedia({ colorScheme });
      await page.goto(`/convite/${token}`);
      await expect(page.getByRole("heading", { name: "Aceitar convite" })).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
});

adminPagesPassAxe(["/admin/usuarios"]);
