import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/connection.server";
import { slotPlaceholder } from "~/server/render-cache/render-slots.server";
import { PLAIN_HTTP_SESSION_COOKIE, signInOverHttp } from "../support/admin-auth";
import { type DevServer, startDevServer } from "../support/dev-server";
import { E2E_ADMIN } from "../support/e2e-admin";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

// `npm run dev` must run the same HTTP app as `npm start`: security headers, the form token
// filled in, the outbox that sends the e-mail, the admin behind its sign-in.

const LEADS_TO = "orcamentos@exemplo-condominio.com.br";
/** The form refuses posts sooner than this after the page was rendered (default 3 s). */
const MIN_FILL_MS = 3_200;

// One dev server for every test. Vite compiles every module on its first request: the first
// pages take a while, so what the page shows after a navigation is given longer to appear.
test.describe.configure({ mode: "serial", timeout: 120_000 });
const slowExpect = expect.configure({ timeout: 30_000 });

let smtp: SmtpSink;
let dev: DevServer;
let database: DatabaseHandle;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtpSink();
  dev = await startDevServer({
    ...smtp.env,
    LEADS_TO,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  });
  database = await openDatabase(databaseConfigFromEnv(dev.databaseEnv));
});

test.afterAll(async () => {
  await database?.close();
  await dev?.stop();
  await smtp?.close();
});

/** Console errors about the Content-Security-Policy: the policy must not break the dev page. */
function cspErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text()))
      errors.push(message.text());
  });
  return errors;
}

test("the quote form under npm run dev: a real form token, the first post accepted, the lead stored and e-mailed", async ({
  page,
}) => {
  const refused = cspErrors(page);
  const response = await page.goto(`${dev.url}/contato`);
  const loadedAt = Date.now();
  expect(response?.status()).toBe(200);
  const csp = (await response?.allHeaders())?.["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(await response?.text()).not.toContain(slotPlaceholder("form-token"));
  await expect(page.locator('input[name="form_token"]')).toHaveValue(/^v1\./);

  const email = `dev.${randomUUID().slice(0, 8)}@exemplo.com.br`;
  await page.getByLabel("Nome completo").fill("Helena Dev");
  await page.getByLabel("E-mail").and(page.locator("input")).fill(email);
  await page.getByLabel("Telefone").and(page.locator("input")).fill("(41) 98765-4321");
  await page.getByLabel("Mensagem").fill("Pedido enviado pelo servidor de desenvolvimento.");
  await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - loadedAt)));
  const posted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/contato"));
  await page.getByRole("button", { name: "Enviar Solicitação" }).click();
  expect((await posted).status()).toBe(200);

  const toast = page.locator("#quote-toasts").getByRole("status");
  await expect(toast.getByText("Mensagem enviada com sucesso!", { exact: true })).toBeVisible();
  await expect(toast.getByText("Entraremos em contato em breve para discutir seu projeto.")).toBeVisible();

  const leads = await database.db
    .selectFrom("leads")
    .select(["name", "email"])
    .where("email", "=", email)
    .execute();
  expect(leads).toEqual([{ name: "Helena Dev", email }]);
  // The company's message, and the visitor's confirmation (on by default with SMTP).
  const mails = await smtp.waitForMessages(2);
  const mail = mails.find((m) => m.envelopeTo.includes(LEADS_TO));
  expect(mails.find((m) => m !== mail)?.envelopeTo).toEqual([email]);
  expect(mail?.envelopeTo).toEqual([LEADS_TO]);
  expect(mail?.text).toContain(email);
  expect(refused).toEqual([]);
});

test("the admin under npm run dev: /admin asks for a session, sign-in at /auth opens it", async ({
  page,
}) => {
  const refused = cspErrors(page);
  await page.goto(`${dev.url}/admin`);
  await slowExpect(page).toHaveURL((url) => url.pathname === "/auth");
  await expect(page.getByRole("heading", { level: 1, name: "Acesso ao Admin" })).toBeVisible();
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Senha").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await slowExpect(page).toHaveURL((url) => url.pathname === "/admin");
  await slowExpect(page.getByRole("heading", { level: 1, name: "Admin do Blog" })).toBeVisible();
  await expect(page.getByText(`Conectado como ${E2E_ADMIN.email}`)).toBeVisible();
  expect(refused).toEqual([]);
});

test("npm run dev shuts down at once on SIGTERM, even with a page connected to hot reload", async ({
  page,
}) => {
  expect(dev.server.output()).toMatch(
    /Site no ar em http:\/\/localhost:\d+ \(escutando em 127\.0\.0\.1:\d+\)/,
  );
  await signInOverHttp(page.request, { baseUrl: dev.url, cookieName: PLAIN_HTTP_SESSION_COOKIE });
  const connected = page.waitForEvent("console", (message) => message.text().includes("[vite] connected"));
  await page.goto(`${dev.url}/admin`);
  await connected;

  const started = Date.now();
  await dev.server.stop();
  expect(dev.server.process.exitCode).toBe(0);
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(dev.server.output()).toContain(
    "SIGTERM recebido: encerrando após concluir as requisições em andamento...",
  );
});
