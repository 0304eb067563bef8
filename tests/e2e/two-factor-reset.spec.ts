import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { auditActionLabel } from "~/lib/audit-actions";
import { hashPassword } from "~/server/accounts/password.server";
import { adminUserId, E2E_ADMIN, signInOverHttp } from "../support/admin-auth";
import { toast } from "../support/admin-page";
import { seriousAxeViolations } from "../support/axe";
import { insertUser } from "../support/db";
import { expect, test } from "../support/own-site";
import { storedTotpSecret } from "../support/totp-secret";
import { addVirtualAuthenticator } from "../support/virtual-authenticator";

// A colleague lost the phone and the recovery codes: the owner resets their second factor from
// the team page. The TOTP secret, the recovery codes and the passkey stop working, the open
// session ends, the password alone signs in again (and, with the team rule on, leads to setting
// a new factor up), the audit log names the colleague and an e-mail tells them. Bad input
// changes nothing. One server of its own, with an SMTP server to read the e-mail from.

const uid = () => randomUUID().slice(0, 8);

function post(request: APIRequestContext, origin: string, path: string, form: Record<string, string>) {
  return request.post(`${origin}${path}`, { headers: { Origin: origin }, form, maxRedirects: 0 });
}

test("the owner resets an editor's TOTP and passkey: the session ends, the password alone signs in, the log and an e-mail tell it", async ({
  browser,
  ownSite,
}) => {
  test.setTimeout(240_000);
  const db = ownSite.db;
  const ownerId = await adminUserId(db);
  const email = `colega-2fa-${uid()}@exemplo-condominio.com.br`;
  const password = `senha do teste ${uid()} com frase`;
  const name = "Bruna Editora";
  const editorId = await insertUser(db, {
    email,
    name,
    passwordHash: await hashPassword(password),
    role: "editor",
  });
  const who = `${name} (${email})`;

  // The editor, signed in on localhost (a passkey needs a domain), adds a passkey and turns TOTP on.
  const local = ownSite.url.replace("127.0.0.1", "localhost");
  const localOrigin = new URL(local).origin;
  const editorContext = await browser.newContext({ baseURL: local });
  const editor = await editorContext.newPage();
  await addVirtualAuthenticator(editor);
  await signInOverHttp(editor.request, { baseUrl: local, email, password });
  await editor.goto("/admin/conta");
  const passkeys = editor.getByRole("region", { name: "Passkeys" });
  await passkeys.getByLabel("Nome da nova passkey").fill("Celular perdido");
  await passkeys.getByRole("button", { name: "Adicionar passkey" }).click();
  await expect(toast(editor, "Passkey adicionada")).toBeVisible({ timeout: 15_000 });
  expect((await post(editor.request, localOrigin, "/admin/conta", { intent: "totp-start" })).status()).toBe(
    302,
  );
  const { secret } = await db
    .selectFrom("totp_secrets")
    .select("secret")
    .where("user_id", "=", editorId)
    .executeTakeFirstOrThrow();
  const code = TOTP.generate({
    secret: Secret.fromBase32(storedTotpSecret(editorId, secret, ownSite.databaseEnv)),
  });
  const confirmed = await post(editor.request, localOrigin, "/admin/conta", {
    intent: "totp-confirm",
    code,
  });
  expect(confirmed.status()).toBe(200);

  async function secondFactors() {
    const count = async (table: "totp_secrets" | "recovery_codes" | "passkeys" | "sessions") =>
      (await db.selectFrom(table).select("user_id").where("user_id", "=", editorId).execute()).length;
    return {
      totp: await count("totp_secrets"),
      recoveryCodes: await count("recovery_codes"),
      passkeys: await count("passkeys"),
      sessions: await count("sessions"),
    };
  }
  const before = await secondFactors();
  expect(before).toEqual({ totp: 1, recoveryCodes: 10, passkeys: 1, sessions: 1 });

  // The owner sees it on the team page.
  const ownerContext = await browser.newContext({ baseURL: ownSite.url });
  const owner = await ownerContext.newPage();
  await signInOverHttp(owner.request, { baseUrl: ownSite.url });
  await owner.goto("/admin/usuarios");
  const row = owner.getByRole("listitem").filter({ hasText: email });
  await expect(row.getByText("Verificação em duas etapas: ativada · Passkeys: 1")).toBeVisible();
  // The owner has no second factor, and nothing of their own to reset here.
  const ownRow = owner.getByRole("listitem").filter({ hasText: `${E2E_ADMIN.email}` });
  await expect(ownRow.getByText("Verificação em duas etapas: desativada · Passkeys: 0")).toBeVisible();
  await expect(ownRow.getByText("Redefinir verificação em duas etapas")).toHaveCount(0);
  await row.getByText("Redefinir verificação em duas etapas").click();
  await expect(row.getByRole("checkbox", { name: /Confirmo que o pedido veio mesmo de/ })).toBeVisible();
  for (const colorScheme of ["light", "dark"] as const) {
    await owner.emulateMedia({ colorScheme });
    expect(await seriousAxeViolations(owner), colorScheme).toEqual([]);
  }

  // Bad input: an unknown account, one's own, no confirmation. Each a pt-BR 4xx, nothing changed.
  for (const [form, status, message] of [
    [{ id: randomUUID(), confirmar: "sim" }, 404, "Usuário não encontrado."],
    [{ id: ownerId, confirmar: "sim" }, 403, "use 'Minha conta'"],
    [{ id: editorId }, 400, "Marque a confirmação"],
    [{ id: editorId, confirmar: "nao" }, 400, "Marque a confirmação"],
  ] as const) {
    const response = await post(owner.request, ownSite.url, "/admin/usuarios", {
      intent: "second-factor-reset",
      ...form,
    });
    expect(response.status(), JSON.stringify(form)).toBe(status);
    expect(await response.text()).toContain(message);
  }
  expect(await secondFactors()).toEqual(before);
  expect((await editor.request.get("/admin", { maxRedirects: 0 })).status()).toBe(200);

  // The confirmation (a disclosure and a checkbox the browser requires) works without JavaScript.
  const plainContext = await browser.newContext({ baseURL: ownSite.url, javaScriptEnabled: false });
  const plain = await plainContext.newPage();
  await signInOverHttp(plain.request, { baseUrl: ownSite.url });
  await plain.goto("/admin/usuarios");
  const plainRow = plain.getByRole("listitem").filter({ hasText: email });
  await plainRow.getByText("Redefinir verificação em duas etapas").click();
  const reset = plainRow.getByRole("button", { name: `Redefinir verificação em duas etapas de ${who}` });
  await reset.click();
  expect(await secondFactors()).toEqual(before);
  await plainRow.getByRole("checkbox", { name: /Confirmo que o pedido veio mesmo de/ }).check();
  await reset.click();
  await expect(toast(plain, "Verificação em duas etapas redefinida.")).toBeVisible({ timeout: 15_000 });
  await expect(plainRow.getByText("Verificação em duas etapas: desativada · Passkeys: 0")).toBeVisible();
  await expect(plainRow.getByText("Redefinir verificação em duas etapas")).toHaveCount(0);
  await plainContext.close();
  expect(await secondFactors()).toEqual({ totp: 0, recoveryCodes: 0, passkeys: 0, sessions: 0 });

  // The editor's open session has ended, and the passkey no longer signs in.
  const ended = await editor.request.get("/admin", { maxRedirects: 0 });
  expect(ended.status()).toBe(302);
  expect(ended.headers().location).toContain("/auth");
  await editorContext.clearCookies();
  await editor.goto("/auth");
  await editor.getByRole("button", { name: "Entrar com passkey" }).click();
  await expect(editor.getByRole("alert").filter({ hasText: "não está cadastrada" })).toBeVisible({
    timeout: 15_000,
  });

  // The password alone signs in: no code asked.
  await editor.getByLabel("E-mail").fill(email);
  await editor.getByLabel("Senha").fill(password);
  await editor.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(editor).toHaveURL(/\/admin$/, { timeout: 15_000 });
  await expect(editor.getByText(`Conectado como ${email}`)).toBeVisible();

  // The audit log names the colleague, and tells what went without any secret.
  await owner.goto("/admin/auditoria?acao=user");
  const entry = owner
    .getByRole("row")
    .filter({
      has: owner.getByRole("cell", { name: auditActionLabel("user.two_factor_reset"), exact: true }),
    })
    .filter({ hasText: email });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole("cell").nth(1)).toHaveText(E2E_ADMIN.email);
  await expect(entry).toContainText("aplicativo_autenticador: true; passkeys_removidas: 1");
  expect(JSON.stringify(await db.selectFrom("audit_log").select("details").execute())).not.toContain(secret);

  // The colleague is told by e-mail (after the notices of the passkey and TOTP they set up).
  const toColleague = () =>
    ownSite.smtp.messages.find(
      (message) =>
        message.envelopeTo.includes(email) && message.headers.get("subject")?.includes("redefinida"),
    );
  await expect.poll(toColleague, { timeout: 30_000 }).toBeTruthy();
  const mail = toColleague();
  expect(mail?.headers.get("subject")).toContain("Verificação em duas etapas redefinida");
  expect(mail?.text).toContain(`${E2E_ADMIN.email}, Administrador do painel`);
  expect(mail?.text).toContain("redefiniu a verificação em duas etapas da sua conta");
  expect(mail?.text).toContain("https://www.exemplo-condominio.com.br/auth");

  // With the team rule on, the next sign-in is sent to set a second factor up, as anyone's is
  // (last: the rule would send the owner, who has none, to 'Minha conta' too).
  await db
    .insertInto("settings")
    .values({ key: "require_second_factor", value: "1", updated_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: "1" }))
    .execute();
  const later = await browser.newContext({ baseURL: ownSite.url });
  await signInOverHttp(later.request, { baseUrl: ownSite.url, email, password });
  const sent = await later.request.get("/admin", { maxRedirects: 0 });
  expect(sent.status()).toBe(302);
  expect(sent.headers().location).toBe("/admin/conta");
  await later.close();
  await ownerContext.close();
  await editorContext.close();
});
