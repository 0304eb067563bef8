import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { hashPassword } from "~/server/accounts/password.server";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { adminUserId, startDedicatedServer } from "../support/admin-auth";
import { newPage, signedInPage, toast } from "../support/admin-page";
import { insertUser } from "../support/db";
import { storedTotpSecret } from "../support/totp-secret";

// The team's rule that every account needs a second factor, on a server of its own (turning it
// on for the shared server would stop every other test): an Administrador without one cannot
// turn it on; once on, a colleague without one is sent to 'Minha conta' after the password and
// can use nothing else until TOTP is set up; bad input changes nothing.

function currentCode(secret: string): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });
}

test("an Administrador requires a second factor: a colleague without one sets it up before anything else", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const own = await startDedicatedServer({ PORT: "4462" });
  const handle = await openDatabase(databaseConfigFromEnv(own.databaseEnv));
  try {
    const origin = new URL(own.url).origin;
    const post = (request: APIRequestContext, path: string, form: Record<string, string>) =>
      request.post(path, { headers: { Origin: origin }, form, maxRedirects: 0 });
    const totpSecret = async (userId: string) =>
      storedTotpSecret(
        userId,
        (
          await handle.db
            .selectFrom("totp_secrets")
            .select("secret")
            .where("user_id", "=", userId)
            .executeTakeFirstOrThrow()
        ).secret,
        own.databaseEnv,
      );
    const policy = async () =>
      (
        await handle.db
          .selectFrom("settings")
          .select("value")
          .where("key", "=", "require_second_factor")
          .executeTakeFirst()
      )?.value;

    const admin = await signedInPage(browser, own.url);

    // Without a second factor of their own, the Administrador cannot require one of everybody.
    await admin.goto("/admin/usuarios");
    await admin.getByRole("button", { name: "Exigir segunda etapa de todos" }).click();
    await expect(toast(admin, "Antes de exigir de todos")).toBeVisible({ timeout: 15_000 });
    expect(await policy()).toBeUndefined();
    const bad = await post(admin.request, "/admin/usuarios", {
      intent: "second-factor-policy",
      required: "talvez",
    });
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toContain("Opção inválida para a segunda etapa obrigatória.");
    expect(await policy()).toBeUndefined();

    const adminId = await adminUserId(handle.db);
    expect((await post(admin.request, "/admin/conta", { intent: "totp-start" })).status()).toBe(302);
    const adminSecret = await totpSecret(adminId);
    expect(
      (
        await post(admin.request, "/admin/conta", { intent: "totp-confirm", code: currentCode(adminSecret) })
      ).status(),
    ).toBe(200);
    await admin.goto("/admin/usuarios");
    await admin.getByRole("button", { name: "Exigir segunda etapa de todos" }).click();
    await expect(toast(admin, "Segunda etapa obrigatória.")).toBeVisible({ timeout: 15_000 });
    expect(await policy()).toBe("1");

    // A colleague with only a password.
    const email = `colega-${randomUUID().slice(0, 8)}@exemplo-condominio.com.br`;
    const password = "frase comprida do colega sem segunda etapa";
    const colleagueId = await insertUser(handle.db, {
      email,
      passwordHash: await hashPassword(password),
      role: "editor",
    });
    const colleague = await newPage(browser, own.url);
    await colleague.goto("/auth");
    await colleague.getByLabel("E-mail").fill(email);
    await colleague.getByLabel("Senha").fill(password);
    await colleague.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(colleague).toHaveURL(/\/admin\/conta$/, { timeout: 15_000 });
    await expect(colleague.getByText("A equipe exige uma segunda etapa no acesso.")).toBeVisible();
    // Nothing else opens, nothing else changes.
    const page = await colleague.request.get("/admin/posts/novo", { maxRedirects: 0 });
    expect(page.status()).toBe(302);
    expect(page.headers().location).toBe("/admin/conta");
    const mutation = await post(colleague.request, "/admin/categorias", {
      intent: "create",
      name: "Não deve existir",
    });
    expect(mutation.status()).toBe(403);
    expect(await mutation.text()).toContain("A equipe exige verificação em duas etapas ou passkey.");
    expect(
      await handle.db.selectFrom("categories").select("id").where("name", "=", "Não deve existir").execute(),
    ).toEqual([]);

    // Setting up TOTP opens the rest.
    await colleague.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
    await expect(colleague.getByTestId("totp-secret")).toBeVisible({ timeout: 15_000 });
    await colleague.getByLabel("Código do aplicativo").fill(currentCode(await totpSecret(colleagueId)));
    await colleague.getByRole("button", { name: "Confirmar e ativar" }).click();
    await expect(colleague.getByRole("list", { name: "Códigos de recuperação" })).toBeVisible({
      timeout: 15_000,
    });
    expect((await colleague.request.get("/admin/posts/novo", { maxRedirects: 0 })).status()).toBe(200);

    // Back to optional.
    await admin.goto("/admin/usuarios");
    await admin.getByRole("button", { name: "Tornar a segunda etapa opcional" }).click();
    await expect(toast(admin, "Segunda etapa opcional.")).toBeVisible({ timeout: 15_000 });
    expect(await policy()).toBe("0");
    await admin.context().close();
  } finally {
    await handle.close();
    await own.stop();
  }
});
