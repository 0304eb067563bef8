import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { hashPassword } from "~/server/accounts/password.server";
import { adminHeaders, adminUserId, signInOverHttp } from "../support/admin-auth";
import { signedInPage } from "../support/admin-page";
import { adminPagesPassAxe } from "../support/axe";
import { insertUser, openE2eDatabase } from "../support/db";

// 'Dispositivos conectados': a user sees the sessions of their account (browser, address, last
// activity), ends one, then all the others; the ended browsers are signed out at their next
// request. Nobody can end another person's session through it.

const PASSWORD = "girassol amarelo na varanda de inverno";
const DEVICES = {
  android:
    "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  windows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
};

let handle: Awaited<ReturnType<typeof openE2eDatabase>>;
let email: string;
test.beforeAll(async () => {
  handle = await openE2eDatabase();
  email = `dispositivos-${randomUUID().slice(0, 8)}@exemplo-condominio.com.br`;
  await insertUser(handle.db, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    role: "editor",
    name: "Rita",
  });
});
test.afterAll(async () => {
  await handle.close();
});

const signedIn = (browser: Browser, baseURL: string, userAgent: string) =>
  signedInPage(browser, baseURL, { email, password: PASSWORD, userAgent });

async function stillSignedIn(page: Page): Promise<boolean> {
  const response = await page.request.get("/admin", { maxRedirects: 0 });
  return response.status() === 200;
}

test("a user lists their sessions, ends one, then all the others", async ({ browser, baseURL }) => {
  const base = baseURL as string;
  const android = await signedIn(browser, base, DEVICES.android);
  const windows = await signedIn(browser, base, DEVICES.windows);
  const iphone = await signedIn(browser, base, DEVICES.iphone);
  android.on("dialog", (dialog) => dialog.accept());

  await android.goto("/admin/conta");
  await android.getByRole("link", { name: "Dispositivos conectados" }).click();
  await expect(android.getByRole("heading", { level: 1, name: "Dispositivos conectados" })).toBeVisible();
  const sessions = android.getByRole("listitem").filter({ hasText: "Última atividade" });
  await expect(sessions).toHaveCount(3);
  await expect(sessions.filter({ hasText: "Este dispositivo" })).toHaveText(/Chrome no Android/);
  await expect(sessions.filter({ hasText: "Firefox no Windows" })).toHaveText(/Endereço 127\.0\.0\.1/);
  await expect(sessions.filter({ hasText: "Safari no iPhone" })).toHaveCount(1);

  await android.getByRole("button", { name: "Encerrar a sessão de Firefox no Windows" }).click();
  await expect(android.getByRole("status").filter({ hasText: "Sessão encerrada!" })).toBeVisible();
  await expect(sessions).toHaveCount(2);
  expect(await stillSignedIn(windows)).toBe(false);
  expect(await stillSignedIn(iphone)).toBe(true);

  await android.getByRole("button", { name: "Encerrar todas as outras" }).click();
  await expect(android.getByRole("status").filter({ hasText: "Sessões encerradas!" })).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(android.getByRole("button", { name: "Encerrar todas as outras" })).toHaveCount(0);
  expect(await stillSignedIn(iphone)).toBe(false);
  expect(await stillSignedIn(android)).toBe(true);

  // Ending this device's own session signs it out.
  await android.getByRole("button", { name: /este dispositivo/ }).click();
  await expect(android).toHaveURL(/\/auth$/);
  expect(await stillSignedIn(android)).toBe(false);
});

test("another person's session, a made-up id and an unknown action are refused, and nothing ends", async ({
  browser,
  baseURL,
}) => {
  const base = baseURL as string;
  const page = await signedIn(browser, base, DEVICES.android);
  const token = await signInOverHttp(page.request, { baseUrl: base, email, password: PASSWORD });
  // The administrator has a session of their own.
  const adminContext = await browser.newContext({ baseURL: base });
  await signInOverHttp(adminContext.request, { baseUrl: base });
  const adminId = await adminUserId(handle.db);
  const adminSessions = () =>
    handle.db.selectFrom("sessions").select("id_hash").where("user_id", "=", adminId).execute();
  const before = await adminSessions();
  expect(before.length).toBeGreaterThan(0);

  const post = (form: Record<string, string>) =>
    page.request.post("/admin/conta/dispositivos", {
      headers: adminHeaders(token),
      form,
      maxRedirects: 0,
    });
  for (const id of [before[0]?.id_hash ?? "", "x".repeat(64), "1".repeat(10_000), ""]) {
    const response = await post({ intent: "end", id });
    expect(response.status(), id.slice(0, 10)).toBe(404);
    expect(await response.text()).toContain("Esta sessão não existe mais");
  }
  const unknown = await post({ intent: "apagar-tudo" });
  expect(unknown.status()).toBe(400);
  expect(await unknown.text()).toContain("Ação desconhecida.");
  // Nothing ended: every session the administrator had is still there (other tests on the shared
  // server may sign the administrator in meanwhile, adding sessions of their own).
  expect((await adminSessions()).map((row) => row.id_hash)).toEqual(
    expect.arrayContaining(before.map((row) => row.id_hash)),
  );
});

adminPagesPassAxe(["/admin/conta/dispositivos"]);
