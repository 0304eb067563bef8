import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { hashPassword } from "~/server/accounts/password.server";
import type { DatabaseHandle } from "~/server/db/connection.server";
import { signInOverHttp } from "../support/admin-auth";
import { toast } from "../support/admin-page";
import { seriousAxeViolations } from "../support/axe";
import { insertUser, openE2eDatabase } from "../support/db";
import { addVirtualAuthenticator } from "../support/virtual-authenticator";

// Passkeys in Chromium, with the DevTools protocol's virtual authenticator standing in for the
// phone or laptop: added and named from 'Minha conta', used on the sign-in page (no code asked
// even when the account has TOTP on), removed, and then no longer accepted. A passkey belongs to
// a domain, and an IP address cannot be one: the browser talks to the server as localhost.

const uid = () => randomUUID().slice(0, 8);

let handle: DatabaseHandle;
test.beforeAll(async () => {
  handle = await openE2eDatabase();
});
test.afterAll(async () => {
  await handle.close();
});

test("a passkey added from the account page signs in without password or code, until it is removed", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const local = (baseURL ?? "").replace("127.0.0.1", "localhost");
  const email = `passkey-${uid()}@exemplo-condominio.com.br`;
  const password = `senha do teste ${uid()} com frase`;
  const userId = await insertUser(handle.db, {
    email,
    passwordHash: await hashPassword(password),
    role: "editor",
  });

  const context = await browser.newContext({ baseURL: local });
  const page = await context.newPage();
  await addVirtualAuthenticator(page);
  page.on("dialog", (dialog) => void dialog.accept());

  await signInOverHttp(page.request, { baseUrl: local, email, password });
  await page.goto("/admin/conta");
  const card = page.getByRole("region", { name: "Passkeys" });
  await expect(card.getByText("Nenhuma passkey cadastrada.")).toBeVisible();
  await card.getByLabel("Nome da nova passkey").fill("Notebook de teste");
  await card.getByRole("button", { name: "Adicionar passkey" }).click();
  await expect(toast(page, "Passkey adicionada")).toBeVisible({ timeout: 15_000 });
  await expect(card.getByRole("list", { name: "Suas passkeys" })).toContainText("Notebook de teste");
  expect(await seriousAxeViolations(page)).toEqual([]);
  const stored = await handle.db
    .selectFrom("passkeys")
    .select(["name", "last_used_at"])
    .where("user_id", "=", userId)
    .execute();
  expect(stored).toEqual([{ name: "Notebook de teste", last_used_at: null }]);

  // Bad input: no name, or an answer that is not a passkey's; nothing saved.
  const origin = new URL(local).origin;
  for (const [form, message] of [
    [{ intent: "passkey-add", name: " ", response: "{}" }, "Dê um nome à passkey"],
    [
      { intent: "passkey-add", name: "Outra", response: "não é json" },
      "Não foi possível confirmar a passkey",
    ],
    [
      {
        intent: "passkey-add",
        name: "Outra",
        response: JSON.stringify({
          id: "x",
          rawId: "x",
          type: "public-key",
          response: { clientDataJSON: "e30" },
          clientExtensionResults: {},
        }),
      },
      "Não foi possível confirmar a passkey",
    ],
    [{ intent: "passkey-remove", id: "nao-existe" }, "Passkey não encontrada."],
  ] as const) {
    const response = await page.request.post("/admin/conta", {
      headers: { Origin: origin },
      form,
      maxRedirects: 0,
    });
    expect([400, 404]).toContain(response.status());
    expect(await response.text()).toContain(message);
  }
  expect(
    await handle.db.selectFrom("passkeys").select("id").where("user_id", "=", userId).execute(),
  ).toHaveLength(1);
  const garbage = await page.request.post("/auth/passkey", {
    headers: { Origin: origin },
    form: { response: "" },
    maxRedirects: 0,
  });
  expect(garbage.status()).toBe(400);
  expect((await garbage.json()).error).toContain("inválida");

  // The account also has TOTP on: a passkey still needs no code.
  await handle.db
    .insertInto("totp_secrets")
    .values({
      user_id: userId,
      secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
      confirmed_at: new Date().toISOString(),
      created_at: new Date().toISOString(),
    })
    .execute();

  await context.clearCookies();
  await page.goto("/auth");
  await page.getByRole("button", { name: "Entrar com passkey" }).click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 });
  await expect(toast(page, "Login realizado!")).toBeVisible({ timeout: 15_000 });
  const used = await handle.db
    .selectFrom("passkeys")
    .select("last_used_at")
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  expect(used.last_used_at).toBeTruthy();

  // Removed, it no longer signs in.
  await page.goto("/admin/conta");
  await page.getByRole("button", { name: "Remover a passkey Notebook de teste" }).click();
  await expect(toast(page, "Passkey removida")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Nenhuma passkey cadastrada.")).toBeVisible();
  await context.clearCookies();
  await page.goto("/auth");
  await page.getByRole("button", { name: "Entrar com passkey" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "não está cadastrada" })).toBeVisible({
    timeout: 15_000,
  });
  expect((await page.request.get("/admin", { maxRedirects: 0 })).status()).toBe(302);
  await context.close();
});
