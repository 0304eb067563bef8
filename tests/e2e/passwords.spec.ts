import { randomBytes, randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { hashPassword } from "~/server/accounts/password.server";
import type { DatabaseHandle } from "~/server/db/connection.server";
import { adminHeaders, E2E_ADMIN, sha256Hex, signInOverHttp } from "../support/admin-auth";
import { linkPath, newPage } from "../support/admin-page";
import { adminPagesPassAxe, seriousAxeViolations } from "../support/axe";
import { insertUser, openE2eDatabase } from "../support/db";
import { expect, test } from "../support/own-site";

// Passwords: 'Esqueci minha senha' by e-mail (read from a real SMTP server; the same answer for
// an unknown e-mail; the link works once and for 30 minutes; using it ends every session), and
// changing one's own password (the current one is asked; the other sessions end, this one
// stays). Bad input gets its pt-BR reason, a 4xx, and changes nothing.

const uid = () => randomUUID().slice(0, 8);
const STRONG = "cachoeira escondida atrás do morro verde";
const REQUESTED =
  "Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha. Ele vale por 30 minutos. Confira também a caixa de spam.";

async function askForReset(page: Page, email: string) {
  await page.goto("/auth");
  await page.getByRole("link", { name: "Esqueci minha senha" }).click();
  await expect(page).toHaveURL(/\/esqueci-minha-senha$/);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByRole("status").filter({ hasText: REQUESTED })).toBeVisible({ timeout: 15_000 });
}

/** A reset link that no longer works: its page says why, and a new password sent to it is refused. */
async function expectLinkRefused(
  request: APIRequestContext,
  origin: string,
  path: string,
  status: number,
  reason: string,
) {
  const page = await request.get(path);
  expect(page.status()).toBe(status);
  expect(await page.text()).toContain(reason);
  const posted = await request.post(path, {
    headers: { Origin: origin },
    form: { password: `${STRONG} de novo`, confirmation: `${STRONG} de novo` },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(status);
}

test("a forgotten password: the same answer for an unknown e-mail, a link that works once and ends every session, and an expired link refused", async ({
  browser,
  ownSite,
}) => {
  test.setTimeout(180_000);
  const origin = new URL(ownSite.url).origin;
  // A session the owner left open elsewhere.
  const elsewhere = await newPage(browser, ownSite.url);
  await signInOverHttp(elsewhere.request, { baseUrl: ownSite.url });
  expect((await elsewhere.request.get("/admin", { maxRedirects: 0 })).status()).toBe(200);

  const visitor = await newPage(browser, ownSite.url);
  const unknown = `ninguem-${uid()}@exemplo.com.br`;
  await askForReset(visitor, unknown);
  await askForReset(visitor, E2E_ADMIN.email);
  // One message, for the account; nothing queued for the unknown address.
  expect(JSON.stringify(await ownSite.db.selectFrom("outbox").select("payload").execute())).not.toContain(
    unknown,
  );
  const [mail] = await ownSite.smtp.waitForMessages(1, 30_000);
  expect(mail?.envelopeTo).toEqual([E2E_ADMIN.email]);
  // Delivered, the message (and its link) leaves the outbox (decision 0046).
  await expect
    .poll(async () => (await ownSite.db.selectFrom("outbox").select("id").execute()).length, {
      timeout: 15_000,
    })
    .toBe(0);
  const path = linkPath(mail?.text ?? "", "/redefinir-senha");
  const token = path.split("/").pop() ?? "";
  expect(await ownSite.db.selectFrom("password_resets").select("token_hash").execute()).toEqual([
    { token_hash: sha256Hex(token) },
  ]);

  await visitor.goto(path);
  await expect(visitor.getByRole("heading", { name: "Criar nova senha" })).toBeVisible();
  // A tap on the reset page's WhatsApp button is counted under the route's pattern, never the
  // token (a token read from the Painel or a CSV set another account's password).
  await visitor
    .context()
    .route("https://wa.me/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }),
    );
  const chat = visitor.getByRole("link", { name: "Conversar pelo WhatsApp" });
  await expect(chat).toHaveAttribute("ping", "/toque?tipo=whatsapp&de=/redefinir-senha/%3Atoken");
  const [conversation] = await Promise.all([visitor.context().waitForEvent("page"), chat.click()]);
  await conversation.close();
  await expect
    .poll(async () => ownSite.db.selectFrom("contact_taps").select(["kind", "page"]).execute(), {
      timeout: 15_000,
    })
    .toEqual([{ kind: "whatsapp", page: "/redefinir-senha/:token" }]);
  await visitor.getByLabel("Nova senha", { exact: true }).fill("alvorada2024");
  await visitor.getByLabel("Repita a nova senha").fill("alvorada2024");
  await visitor.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(visitor.getByRole("alert").filter({ hasText: "Senha fraca" })).toBeVisible({
    timeout: 15_000,
  });
  await visitor.getByLabel("Nova senha", { exact: true }).fill(STRONG);
  await visitor.getByLabel("Repita a nova senha").fill(STRONG);
  await visitor.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(visitor.getByRole("heading", { name: "Senha alterada" })).toBeVisible({ timeout: 15_000 });

  // Every session of the account ended; the new password signs in, the old one does not.
  const after = await elsewhere.request.get("/admin", { maxRedirects: 0 });
  expect(after.status()).toBe(302);
  const old = await visitor.request.post("/auth", {
    headers: { Origin: origin },
    form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    maxRedirects: 0,
  });
  expect(old.status()).toBe(401);
  await signInOverHttp(visitor.request, { baseUrl: ownSite.url, password: STRONG });

  // The link worked for its owner after the tap; nothing counted holds its token.
  const counted = JSON.stringify(
    await Promise.all(
      (["contact_taps", "contact_tap_visitors", "visit_counts", "visit_visitors"] as const).map((table) =>
        ownSite.db.selectFrom(table).selectAll().execute(),
      ),
    ),
  );
  expect(counted).not.toContain(token);

  // The link works once.
  await expectLinkRefused(visitor.request, origin, path, 404, "já foi usado");

  // A link past its 30 minutes is refused.
  await askForReset(await newPage(browser, ownSite.url), E2E_ADMIN.email);
  const [, second] = await ownSite.smtp.waitForMessages(2, 30_000);
  const expiredPath = linkPath(second?.text ?? "", "/redefinir-senha");
  await ownSite.db
    .updateTable("password_resets")
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where("token_hash", "=", sha256Hex(expiredPath.split("/").pop() ?? ""))
    .execute();
  await expectLinkRefused(visitor.request, origin, expiredPath, 410, "Este link expirou");
  await signInOverHttp(visitor.request, { baseUrl: ownSite.url, password: STRONG });
});

test.describe("on the shared server", () => {
  let handle: DatabaseHandle;
  test.beforeAll(async () => {
    handle = await openE2eDatabase();
  });
  test.afterAll(async () => {
    await handle.close();
  });

  /** An account of this test's own, with a known password. */
  async function newAccount(password: string) {
    const email = `conta-${uid()}@exemplo-condominio.com.br`;
    await insertUser(handle.db, { email, passwordHash: await hashPassword(password), role: "editor" });
    return email;
  }

  /** A reset link for an account, valid 30 minutes; returns its token. */
  async function insertReset(userId: string): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    await handle.db
      .insertInto("password_resets")
      .values({
        id: randomUUID(),
        user_id: userId,
        token_hash: sha256Hex(token),
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
      })
      .execute();
    return token;
  }

  const passwordHash = async (email: string) =>
    (
      await handle.db
        .selectFrom("users")
        .select("password_hash")
        .where("email", "=", email)
        .executeTakeFirstOrThrow()
    ).password_hash;

  test("changing the password asks for the current one and ends the other sessions, not this one", async ({
    browser,
    baseURL,
  }) => {
    const password = `senha inicial ${uid()} do teste`;
    const email = await newAccount(password);
    const here = await newPage(browser, baseURL ?? "");
    const there = await newPage(browser, baseURL ?? "");
    await signInOverHttp(here.request, { email, password });
    await signInOverHttp(there.request, { email, password });

    await here.goto("/admin/conta");
    await here.getByLabel("Senha atual").fill("senha errada demais");
    await here.getByLabel(/^Nova senha/).fill(STRONG);
    await here.getByLabel("Repita a nova senha").fill(STRONG);
    await here.getByRole("button", { name: "Trocar senha" }).click();
    await expect(here.getByRole("alert").filter({ hasText: "Senha atual incorreta." })).toBeVisible({
      timeout: 15_000,
    });
    expect((await there.request.get("/admin", { maxRedirects: 0 })).status()).toBe(200);

    await here.getByLabel("Senha atual").fill(password);
    await here.getByLabel(/^Nova senha/).fill(STRONG);
    await here.getByLabel("Repita a nova senha").fill(STRONG);
    await here.getByRole("button", { name: "Trocar senha" }).click();
    await expect(here.getByRole("status").filter({ hasText: "Senha alterada!" })).toBeVisible({
      timeout: 15_000,
    });

    // The other browser is signed out; this one stays.
    await there.goto("/admin");
    await expect(there).toHaveURL(/\/auth$/);
    expect((await here.request.get("/admin", { maxRedirects: 0 })).status()).toBe(200);
    await signInOverHttp(there.request, { email, password: STRONG });
  });

  test("bad input on the change-password form: 4xx with the reason, the password unchanged", async ({
    request,
  }) => {
    const password = `senha inicial ${uid()} do teste`;
    const email = await newAccount(password);
    const token = await signInOverHttp(request, { email, password });
    const before = await passwordHash(email);
    const long = "y".repeat(129);
    const cases: Array<[Record<string, string>, string]> = [
      [{ current: "", password: STRONG, confirmation: STRONG }, "Informe a senha atual."],
      [
        { current: password, password: "curta", confirmation: "curta" },
        "A senha precisa ter pelo menos 8 caracteres.",
      ],
      [
        { current: password, password: long, confirmation: long },
        "A senha pode ter no máximo 128 caracteres.",
      ],
      [{ current: password, password: STRONG, confirmation: "outra coisa" }, "As senhas não conferem."],
      [{ current: password, password: "password123", confirmation: "password123" }, "Senha fraca"],
      [{ current: password, password: email, confirmation: email }, "Senha fraca"],
    ];
    for (const [form, message] of cases) {
      const response = await request.post("/admin/conta", {
        headers: adminHeaders(token),
        form,
        maxRedirects: 0,
      });
      expect(response.status(), message).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect(await passwordHash(email)).toBe(before);
  });

  test("bad input on 'forgot my password' and the reset page: 4xx with the reason; asking too often gets 429", async ({
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? "").origin;
    for (const email of ["", "sem-arroba", `${"a".repeat(330)}@exemplo.com.br`]) {
      const response = await request.post("/esqueci-minha-senha", {
        headers: { Origin: origin },
        form: { email },
        maxRedirects: 0,
      });
      expect(response.status(), email.slice(0, 20)).toBe(400);
      expect(await response.text()).toContain("Informe um e-mail válido.");
    }
    const email = `limite-${uid()}@exemplo.com.br`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await request.post("/esqueci-minha-senha", {
        headers: { Origin: origin },
        form: { email },
        maxRedirects: 0,
      });
      statuses.push(response.status());
      if (response.status() === 429)
        expect(await response.text()).toContain("Muitos pedidos de nova senha em pouco tempo.");
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    const password = `senha inicial ${uid()} do teste`;
    const account = await newAccount(password);
    const userId = (
      await handle.db.selectFrom("users").select("id").where("email", "=", account).executeTakeFirstOrThrow()
    ).id;
    const token = await insertReset(userId);
    const before = await passwordHash(account);
    for (const [form, message] of [
      [{ password: "curta", confirmation: "curta" }, "A senha precisa ter pelo menos 8 caracteres."],
      [{ password: STRONG, confirmation: "diferente" }, "As senhas não conferem."],
      [{ password: "qwerty123", confirmation: "qwerty123" }, "Senha fraca"],
    ] as const) {
      const response = await request.post(`/redefinir-senha/${token}`, {
        headers: { Origin: origin },
        form,
        maxRedirects: 0,
      });
      expect(response.status(), message).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect(await passwordHash(account)).toBe(before);
    const unknown = await request.get(`/redefinir-senha/${randomBytes(32).toString("base64url")}`);
    expect(unknown.status()).toBe(404);
    expect((await request.get("/redefinir-senha/nada")).status()).toBe(404);
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`'forgot my password' and the reset page in ${colorScheme} mode have no serious or critical axe violation`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto("/esqueci-minha-senha");
      await expect(page.getByRole("heading", { name: "Esqueci minha senha" })).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      const account = await newAccount(`senha inicial ${uid()} do teste`);
      const userId = (
        await handle.db
          .selectFrom("users")
          .select("id")
          .where("email", "=", account)
          .executeTakeFirstOrThrow()
      ).id;
      const token = await insertReset(userId);
      await page.goto(`/redefinir-senha/${token}`);
      await expect(page.getByRole("heading", { name: "Criar nova senha" })).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
});

adminPagesPassAxe(["/admin/conta"]);
