import { randomUUID } from "node:crypto";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { hashPassword } from "~/server/accounts/password.server";
import type { DatabaseHandle } from "~/server/db/connection.server";
import { E2E_ORIGIN } from "../support/admin-auth";
import { newPage, toast } from "../support/admin-page";
import { seriousAxeViolations } from "../support/axe";
import { insertUser, openE2eDatabase } from "../support/db";
import { storedTotpSecret } from "../support/totp-secret";

/** No serious or critical axe violation on the page, in light and in dark mode. */
async function expectAccessible(page: Page): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousAxeViolations(page), colorScheme).toEqual([]);
  }
}

// Two-factor sign-in with TOTP, as a person uses it: turned on from 'Minha conta' (QR code and
// secret, confirmed with a code the test computes), then every sign-in asks for a code after the
// password; the password alone opens nothing; a recovery code works once; wrong codes end in
// 429; bad input gets its pt-BR reason and changes nothing.

const uid = () => randomUUID().slice(0, 8);

/**
 * A code for the secret: the current one, or (`ahead`) the next step's, which the server still
 * accepts now (phones' clocks drift) and which is always later than a step spent before it.
 */
function codeFor(secret: string, ahead = false): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + (ahead ? 30_000 : 0) });
}

let handle: DatabaseHandle;
test.beforeAll(async () => {
  handle = await openE2eDatabase();
});
test.afterAll(async () => {
  await handle.close();
});

async function newAccount(): Promise<{ email: string; password: string; id: string }> {
  const email = `duas-etapas-${uid()}@exemplo-condominio.com.br`;
  const password = `senha do teste ${uid()} com frase`;
  const id = await insertUser(handle.db, {
    email,
    passwordHash: await hashPassword(password),
    role: "editor",
  });
  return { email, password, id };
}

/** A new account signed in (password only) in a page of its own. */
async function signedInAccount(browser: Browser, baseURL: string) {
  const account = await newAccount();
  const page = await newPage(browser, baseURL);
  expect((await postPassword(page.request, account.email, account.password)).status()).toBe(302);
  return { account, page };
}

async function postPassword(request: APIRequestContext, email: string, password: string) {
  return request.post("/auth", {
    headers: { Origin: E2E_ORIGIN },
    form: { email, password },
    maxRedirects: 0,
  });
}

async function postCode(request: APIRequestContext, code: string) {
  return request.post("/auth/verificacao", {
    headers: { Origin: E2E_ORIGIN },
    form: { code },
    maxRedirects: 0,
  });
}

async function postAccount(request: APIRequestContext, form: Record<string, string>) {
  return request.post("/admin/conta", { headers: { Origin: E2E_ORIGIN }, form, maxRedirects: 0 });
}

/** The account's TOTP row, its secret decrypted as the server does (it is encrypted at rest). */
async function totpRow(userId: string) {
  const row = await handle.db
    .selectFrom("totp_secrets")
    .select(["secret", "confirmed_at"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row && { ...row, secret: storedTotpSecret(userId, row.secret) };
}

/** Turn TOTP on over HTTP for a signed-in request context; returns the secret. */
async function enableOverHttp(request: APIRequestContext, userId: string): Promise<string> {
  expect((await postAccount(request, { intent: "totp-start" })).status()).toBe(302);
  const secret = (await totpRow(userId))?.secret ?? "";
  expect((await postAccount(request, { intent: "totp-confirm", code: codeFor(secret) })).status()).toBe(200);
  expect((await totpRow(userId))?.confirmed_at).toBeTruthy();
  return secret;
}

test("turning TOTP on, then signing in with a code, with a recovery code once, and never with the password alone", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const account = await newAccount();
  const page = await newPage(browser, baseURL ?? "");
  await page.goto("/auth");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Senha").fill(account.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 });

  await page.goto("/admin/conta");
  await page.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
  await expect(page.getByRole("img", { name: "QR code para o aplicativo autenticador" })).toBeVisible({
    timeout: 15_000,
  });
  await expectAccessible(page);
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  expect(secret).toBe((await totpRow(account.id))?.secret);

  // A wrong code turns nothing on.
  const current = codeFor(secret);
  await page.getByLabel("Código do aplicativo").fill(current === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Confirmar e ativar" }).click();
  await expect(toast(page, "Código incorreto")).toBeVisible({ timeout: 15_000 });
  expect((await totpRow(account.id))?.confirmed_at).toBeNull();

  await page.getByLabel("Código do aplicativo").fill(codeFor(secret));
  await page.getByRole("button", { name: "Confirmar e ativar" }).click();
  const list = page.getByRole("list", { name: "Códigos de recuperação" });
  await expect(list).toBeVisible({ timeout: 15_000 });
  const codes = await list.getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  await expectAccessible(page);
  // Shown once: the next visit shows neither the codes nor the secret.
  await page.reload();
  await expect(page.getByText("Ativada. Códigos de recuperação não usados: 10.")).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  expect(await page.content()).not.toContain(codes[0]);

  // A new browser: the password leads to the code step, and opens nothing in the admin.
  const other = await newPage(browser, baseURL ?? "");
  await other.goto("/auth");
  await other.getByLabel("E-mail").fill(account.email);
  await other.getByLabel("Senha").fill(account.password);
  await other.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(other.getByRole("heading", { name: "Verificação em duas etapas" })).toBeVisible({
    timeout: 15_000,
  });
  await expectAccessible(other);
  const blocked = await other.request.get("/admin", { maxRedirects: 0 });
  expect(blocked.status()).toBe(302);
  expect(blocked.headers().location).toBe("/auth");
  await other.getByLabel("Código").fill("12345");
  await other.getByRole("button", { name: "Verificar" }).click();
  await expect(toast(other, "Código incorreto ou já usado")).toBeVisible({ timeout: 15_000 });
  // The phone is lost: a recovery code gets in.
  await other.getByLabel("Código").fill(codes[0] ?? "");
  await other.getByRole("button", { name: "Verificar" }).click();
  await expect(other).toHaveURL(/\/admin$/, { timeout: 15_000 });
  await expect(toast(other, "Login realizado!")).toBeVisible();

  // The same recovery code never works again; a code from the app does.
  const third = await newPage(browser, baseURL ?? "");
  const password = await postPassword(third.request, account.email, account.password);
  expect(password.status()).toBe(302);
  expect(password.headers().location).toBe("/auth/verificacao");
  const reused = await postCode(third.request, codes[0] ?? "");
  expect(reused.status()).toBe(401);
  expect(await reused.text()).toContain("Código incorreto ou já usado");
  const fromApp = await postCode(third.request, codeFor(secret, true));
  expect(fromApp.status()).toBe(302);
  expect(fromApp.headers().location).toBe("/admin");
  expect((await third.request.get("/admin", { maxRedirects: 0 })).status()).toBe(200);

  // The audit log tells all of it: turned on, a wrong code, the sign-ins with the second factor.
  const audit = await handle.db
    .selectFrom("audit_log")
    .select(["action", "details"])
    .where("user_id", "=", account.id)
    .orderBy("at")
    .execute();
  const actions = audit.map((row) => row.action);
  expect(actions).toContain("user.two_factor_on");
  expect(actions).toContain("signin.failure");
  expect(
    audit.filter((row) => row.action === "signin.success" && row.details?.includes("senha e segundo fator"))
      .length,
  ).toBeGreaterThanOrEqual(2);
});

test("wrong codes at the second step end in 429, and then even a right code is refused", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { account, page: owner } = await signedInAccount(browser, baseURL ?? "");
  const secret = await enableOverHttp(owner.request, account.id);

  const guesser = await newPage(browser, baseURL ?? "");
  expect((await postPassword(guesser.request, account.email, account.password)).headers().location).toBe(
    "/auth/verificacao",
  );
  const right = codeFor(secret, true);
  const wrong = right === "000000" ? "111111" : "000000";
  for (let attempt = 1; attempt <= 5; attempt++) {
    expect((await postCode(guesser.request, wrong)).status(), `attempt ${attempt}`).toBe(401);
  }
  const locked = await postCode(guesser.request, wrong);
  expect(locked.status()).toBe(429);
  expect(await locked.text()).toContain("Muitas tentativas de código");
  expect((await postCode(guesser.request, right)).status()).toBe(429);
  expect((await guesser.request.get("/admin", { maxRedirects: 0 })).status()).toBe(302);
});

test("bad input on the two-factor forms: a pt-BR reason, a 4xx, nothing saved; turning off asks password and code", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { account, page } = await signedInAccount(browser, baseURL ?? "");

  // Confirming before starting, or with a malformed code.
  expect((await postAccount(page.request, { intent: "totp-start" })).status()).toBe(302);
  for (const code of ["", "abc123", "1234567"]) {
    const response = await postAccount(page.request, { intent: "totp-confirm", code });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Informe o código de 6 dígitos");
  }
  expect((await totpRow(account.id))?.confirmed_at).toBeNull();
  const unknown = await postAccount(page.request, { intent: "outra-coisa" });
  expect(unknown.status()).toBe(400);
  expect(await unknown.text()).toContain("Ação desconhecida.");

  const secret = await enableOverHttp(page.request, account.id);
  expect((await postAccount(page.request, { intent: "totp-start" })).status()).toBe(409);
  for (const [form, message] of [
    [{ intent: "totp-disable", password: "", code: "123456" }, "Informe a sua senha."],
    [{ intent: "totp-disable", password: account.password, code: "" }, "Informe o código do aplicativo"],
    [{ intent: "totp-disable", password: "senha errada", code: codeFor(secret, true) }, "Senha incorreta."],
  ] as const) {
    const response = await postAccount(page.request, form);
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain(message);
  }
  expect((await totpRow(account.id))?.confirmed_at).toBeTruthy();

  // The second step without a pending sign-in, and with an empty code.
  const stranger = await newPage(browser, baseURL ?? "");
  const noPending = await postCode(stranger.request, "123456");
  expect(noPending.status()).toBe(410);
  expect(await noPending.text()).toContain("Entre novamente");
  await stranger.goto("/auth/verificacao");
  await expect(stranger.getByText("O tempo para informar o código acabou. Entre novamente.")).toBeVisible();
  await expect(stranger.getByLabel("Código")).toHaveCount(0);
  expect((await postPassword(stranger.request, account.email, account.password)).status()).toBe(302);
  const empty = await postCode(stranger.request, "   ");
  expect(empty.status()).toBe(400);
  expect(await empty.text()).toContain("Informe o código do aplicativo ou um código de recuperação.");

  // Turning off with the password and a current code.
  await page.goto("/admin/conta");
  const card = page.getByRole("region", { name: "Verificação em duas etapas" });
  await card.getByLabel("Senha").fill(account.password);
  await card.getByLabel("Código do aplicativo ou de recuperação").fill(codeFor(secret, true));
  await card.getByRole("button", { name: "Desativar verificação em duas etapas" }).click();
  await expect(toast(page, "Verificação em duas etapas desativada")).toBeVisible({ timeout: 15_000 });
  expect(await totpRow(account.id)).toBeUndefined();
  expect(
    await handle.db.selectFrom("recovery_codes").select("id").where("user_id", "=", account.id).execute(),
  ).toEqual([]);
  const plain = await postPassword(
    (await newPage(browser, baseURL ?? "")).request,
    account.email,
    account.password,
  );
  expect(plain.headers().location).toBe("/admin");
});
