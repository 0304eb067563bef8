import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { hashPassword } from "~/server/accounts/password.server";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/connection.server";
import { E2E_ORIGIN, insertSession, SESSION_COOKIE, startDedicatedServer } from "../support/admin-auth";
import { toast } from "../support/admin-page";
import { seriousAxeViolations } from "../support/axe";
import { insertUser, openE2eDatabase } from "../support/db";
import { startSmtpSink } from "../support/smtp-sink";
import { addVirtualAuthenticator } from "../support/virtual-authenticator";

// Second factors that cannot be skipped (docs/decisions/0044) in Chromium, with the DevTools protocol's virtual authenticator as the phone: an
// account with a passkey (and no TOTP) gets the second step after its password, and the step
// offers the passkey; a passkey alone from an authenticator that cannot verify the user is
// refused; a session whose password is older than 10 minutes cannot add a passkey until the
// password is confirmed again, and each change e-mails the owner. Passkeys need a domain: the
// browser talks to the server as localhost.

const uid = () => randomUUID().slice(0, 8);
const REAUTH_MESSAGE = "Por segurança, confirme a sua senha";

let handle: DatabaseHandle;
test.beforeAll(async () => {
  handle = await openE2eDatabase();
});
test.afterAll(async () => {
  await handle.close();
});

async function newAccount(db: DatabaseHandle["db"]) {
  const email = `segunda-etapa-${uid()}@exemplo-condominio.com.br`;
  const password = `senha do teste ${uid()} com frase`;
  const id = await insertUser(db, { email, passwordHash: await hashPassword(password), role: "admin" });
  return { email, password, id };
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

/** A browser on localhost with an authenticator, signed in with the password, that adds a passkey. */
async function accountWithPasskey(
  browser: Browser,
  base: string,
  db: DatabaseHandle["db"],
  userVerification = true,
) {
  const account = await newAccount(db);
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await addVirtualAuthenticator(page, { userVerification });
  await signInWithPassword(page, account.email, account.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/conta");
  const card = page.getByRole("region", { name: "Passkeys" });
  await card.getByLabel("Nome da nova passkey").fill("Chave do teste");
  await card.getByRole("button", { name: "Adicionar passkey" }).click();
  await expect(toast(page, "Passkey adicionada")).toBeVisible({ timeout: 15_000 });
  await context.clearCookies();
  return { account, context, page };
}

test("a passkey account's password alone opens nothing: the second step offers the passkey", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const local = (baseURL ?? "").replace("127.0.0.1", "localhost");
  const { account, context, page } = await accountWithPasskey(browser, local, handle.db);

  // Over HTTP: the right password gets the second step, never a session cookie.
  const answer = await page.request.post("/auth", {
    headers: { Origin: new URL(local).origin },
    form: { email: account.email, password: account.password },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toBe("/auth/verificacao");
  expect(answer.headers()["set-cookie"] ?? "").not.toMatch(/(^|\n)(__Host-)?sid=/);
  const admin = await page.request.get("/admin", { maxRedirects: 0 });
  expect(admin.status()).toBe(302);
  expect(admin.headers().location).toMatch(/\/auth$/);

  // In the browser: the step asks for the passkey (the account has no TOTP, so no code field).
  await context.clearCookies();
  await signInWithPassword(page, account.email, account.password);
  await expect(page).toHaveURL(/\/auth\/verificacao$/);
  await expect(page.getByText("Confirme o acesso com uma das suas passkeys.")).toBeVisible();
  await expect(page.getByLabel("Código")).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Usar passkey" }).click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 });
  await expect(toast(page, "Login realizado!")).toBeVisible();
  const signIn = await handle.db
    .selectFrom("audit_log")
    .select("details")
    .where("user_id", "=", account.id)
    .where("action", "=", "signin.success")
    .orderBy("at", "desc")
    .executeTakeFirstOrThrow();
  expect(JSON.parse(signIn.details ?? "{}")).toEqual({ method: "senha e segundo fator", fator: "passkey" });
  await context.close();
});

test("a passkey alone from an authenticator without user verification is refused, and logged", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const local = (baseURL ?? "").replace("127.0.0.1", "localhost");
  const { account, context, page } = await accountWithPasskey(browser, local, handle.db, false);

  // A client that asks the authenticator for presence only, whatever the server's options say
  // (naming the key, as Chromium lists discoverable keys only after verifying the user): the
  // answer carries flags 0x01 (user present, not verified).
  const { id: credentialId } = await handle.db
    .selectFrom("passkeys")
    .select("id")
    .where("user_id", "=", account.id)
    .executeTakeFirstOrThrow();
  await page.route("**/auth/passkey", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    const options = body.includes('"challenge"') ? JSON.parse(body) : undefined;
    if (options) {
      options.userVerification = "discouraged";
      options.allowCredentials = [{ id: credentialId, type: "public-key" }];
    }
    await route.fulfill({ response, body: options ? JSON.stringify(options) : body });
  });
  await page.goto("/auth");
  await page.getByRole("button", { name: "Entrar com passkey" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "não confirmou que é você" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/auth$/);
  expect((await page.request.get("/admin", { maxRedirects: 0 })).status()).toBe(302);
  const failure = await handle.db
    .selectFrom("audit_log")
    .select(["details", "user_email"])
    .where("user_id", "=", account.id)
    .where("action", "=", "signin.failure")
    .executeTakeFirstOrThrow();
  expect(failure.user_email).toBe(account.email);
  expect(JSON.parse(failure.details ?? "{}")).toEqual({
    method: "passkey",
    motivo: "sem verificação do usuário",
  });

  // The same key still serves as the second step after the password: presence is enough there.
  await page.unroute("**/auth/passkey");
  await signInWithPassword(page, account.email, account.password);
  await expect(page).toHaveURL(/\/auth\/verificacao$/);
  await page.getByRole("button", { name: "Usar passkey" }).click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 });
  await context.close();
});

test("without a password typed in the last 10 minutes a session changes no key; confirmed, it does and the owner gets an e-mail", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const smtp = await startSmtpSink();
  const own = await startDedicatedServer({ ...smtp.env });
  const ownHandle = await openDatabase(databaseConfigFromEnv(own.databaseEnv));
  try {
    const db = ownHandle.db;
    const account = await newAccount(db);
    const local = own.url.replace("127.0.0.1", "localhost");
    const origin = new URL(local).origin;
    // A session cookie and nothing else (stolen, or a computer left open): no key changes.
    const stolen = await insertSession(db, account.id);
    const headers = { Cookie: `${SESSION_COOKIE}=${stolen}`, Origin: origin };
    const attempts: Record<string, string>[] = [
      { intent: "passkey-add", name: "Intrusa", response: "{}" },
      { intent: "totp-start" },
      { intent: "passkey-remove", id: "qualquer" },
    ];
    for (const form of attempts) {
      const refused = await request.post(`${local}/admin/conta`, { headers, form, maxRedirects: 0 });
      expect(refused.status(), form.intent).toBe(403);
      expect(await refused.text()).toContain(REAUTH_MESSAGE);
    }
    const options = await request.post(`${local}/admin/conta/passkeys/opcoes`, { headers });
    expect(options.status()).toBe(403);
    expect((await options.json()).error).toContain(REAUTH_MESSAGE);

    // In a browser whose password was typed 11 minutes ago, the page says why.
    const context = await browser.newContext({ baseURL: local });
    const page = await context.newPage();
    await addVirtualAuthenticator(page);
    await signInWithPassword(page, account.email, account.password);
    await expect(page).toHaveURL(/\/admin$/);
    await db
      .updateTable("sessions")
      .set({ authenticated_at: new Date(Date.now() - 11 * 60 * 1000).toISOString() })
      .where("user_id", "=", account.id)
      .execute();
    await page.goto("/admin/conta");
    const card = page.getByRole("region", { name: "Passkeys" });
    await card.getByLabel("Nome da nova passkey").fill("Notebook");
    await card.getByRole("button", { name: "Adicionar passkey" }).click();
    await expect(card.getByRole("alert")).toContainText(REAUTH_MESSAGE);
    const changed = async () => ({
      passkeys: (await db.selectFrom("passkeys").select("id").where("user_id", "=", account.id).execute())
        .length,
      totp: (
        await db.selectFrom("totp_secrets").select("user_id").where("user_id", "=", account.id).execute()
      ).length,
    });
    expect(await changed()).toEqual({ passkeys: 0, totp: 0 });

    // Confirming: a wrong password changes nothing; the right one opens the keys for 10 minutes.
    const confirm = page.getByRole("region", { name: "Confirme que é você" });
    await confirm.getByLabel("Sua senha").fill("não é a senha");
    await confirm.getByRole("button", { name: "Confirmar" }).click();
    await expect(toast(page, "Senha incorreta.")).toBeVisible();
    await confirm.getByLabel("Sua senha").fill(account.password);
    await confirm.getByRole("button", { name: "Confirmar" }).click();
    await expect(confirm.getByText(/Identidade confirmada até/)).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await card.getByLabel("Nome da nova passkey").fill("Notebook");
    await card.getByRole("button", { name: "Adicionar passkey" }).click();
    await expect(toast(page, "Passkey adicionada")).toBeVisible({ timeout: 15_000 });
    expect(await changed()).toEqual({ passkeys: 1, totp: 0 });

    // The owner hears of it.
    const [mail] = await smtp.waitForMessages(1, 20_000);
    expect(mail?.envelopeTo).toEqual([account.email]);
    expect(mail?.headers.get("subject")).toContain("Alteração de segurança na sua conta");
    expect(mail?.text).toContain('Uma passkey ("Notebook") foi adicionada');
    await context.close();
  } finally {
    await ownHandle.close();
    await own.stop();
    await smtp.close();
  }
});

test("the second-step passkey endpoint without a pending sign-in is refused", async ({ request }) => {
  const response = await request.post("/auth/verificacao/passkey", {
    headers: { Origin: E2E_ORIGIN },
    form: { etapa: "opcoes" },
  });
  expect(response.status()).toBe(410);
  expect((await response.json()).error).toContain("Entre novamente");
});
