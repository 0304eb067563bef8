import { expect, test } from "@playwright/test";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/connection.server";
import { type DedicatedServer, signInOverHttp, startDedicatedServer } from "../support/admin-auth";
import { insertTestLead } from "../support/db";

// Início do painel as the owner opens it, on a site of its own whose e-mail server refuses every
// connection and that was never backed up: the health list says so, in pt-BR, with what to do;
// the requests nobody answered come oldest first, a visitor's new one last, each one tap from a
// call or a WhatsApp chat. Its store is the one each engine's pass runs on.

test.describe.configure({ timeout: 90_000 });

let site: DedicatedServer;
let handle: DatabaseHandle;

test.beforeAll(async () => {
  // Nothing listens on port 9 of this machine: every delivery fails with "connection refused".
  site = await startDedicatedServer({
    SMTP_URL: "smtp://site:segredo@127.0.0.1:9",
    QUOTE_MIN_FILL_SECONDS: "0",
  });
  handle = await openDatabase(databaseConfigFromEnv(site.databaseEnv));
});

test.afterAll(async () => {
  await handle?.close();
  await site?.stop();
});

test("Início shows a failing SMTP, a missing backup and the unanswered requests, oldest first", async ({
  page,
}) => {
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
  await insertTestLead(handle.db, {
    name: "Síndica Mais Antiga",
    created_at: daysAgo(6),
    phone: "(41) 99111-2222",
  });
  await insertTestLead(handle.db, {
    name: "Síndico Já Atendido",
    created_at: daysAgo(5),
    status: "em_contato",
  });
  await insertTestLead(handle.db, { name: "Síndico do Meio", created_at: daysAgo(2) });

  // A visitor asks for a quote: the request is stored and its e-mail to the company fails.
  await page.goto(`${site.url}/contato`);
  await page.getByLabel("Nome completo").fill("Síndica Recente");
  await page.getByLabel("E-mail").and(page.locator("input")).fill("sindica.recente@exemplo.com.br");
  await page.getByLabel("Telefone").and(page.locator("input")).fill("(41) 99876-0000");
  await page.getByLabel("Serviço de interesse").selectOption("Impermeabilização");
  await page.getByRole("button", { name: "Enviar Solicitação" }).click();
  await expect(page.getByText("Mensagem enviada com sucesso!")).toBeVisible({ timeout: 15_000 });

  await signInOverHttp(page.request, { baseUrl: site.url });
  const health = page.getByRole("region", { name: "Saúde do site" });
  // The outbox worker tries the e-mail in the background: the page says so once it failed.
  await expect(async () => {
    await page.goto(`${site.url}/admin/inicio`);
    await expect(health.getByText("O último envio de e-mail falhou")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  const row = (title: string | RegExp) => health.getByRole("listitem").filter({ hasText: title });
  await expect(row("O último envio de e-mail falhou")).toContainText("Problema");
  await expect(row("O último envio de e-mail falhou")).toContainText(
    "O servidor 127.0.0.1:9 recusou ou não respondeu.",
  );
  await expect(row("O último envio de e-mail falhou")).toContainText(
    "Confira SMTP_URL no ambiente do servidor",
  );
  await expect(row(/e-mails? com falha de envio/)).toContainText("Atenção");
  await expect(row("Último backup: nunca")).toContainText("Problema");
  await expect(row("Último backup: nunca")).toContainText("Não há registro de backup feito com");
  // The e2e site's address is https, and its only account has no second factor yet.
  await expect(row("Endereço público com HTTPS")).toContainText("OK");

  const waiting = page.getByRole("region", { name: /^Solicitações sem resposta/ });
  await expect(waiting.getByRole("heading")).toHaveText("Solicitações sem resposta (3)");
  const requests = waiting.getByRole("listitem");
  await expect(requests.getByRole("link", { name: /^Síndic/ })).toHaveText([
    "Síndica Mais Antiga",
    "Síndico do Meio",
    "Síndica Recente",
  ]);
  const oldest = requests.first();
  await expect(oldest.getByRole("link", { name: "Ligar para Síndica Mais Antiga" })).toHaveAttribute(
    "href",
    "tel:+5541991112222",
  );
  await expect(oldest.getByRole("link", { name: "WhatsApp de Síndica Mais Antiga" })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/5541991112222\?text=/,
  );
  await oldest.getByRole("link", { name: "Síndica Mais Antiga", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/solicitacoes\/[\w-]+$/);
  await expect(page.getByRole("heading", { name: "Síndica Mais Antiga" })).toBeVisible();
});
