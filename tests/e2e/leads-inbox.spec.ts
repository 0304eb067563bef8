import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { formatDetailDateTime, formatListDateTime } from "~/lib/site-time";
import type { DatabaseHandle } from "~/server/db/connection.server";
import { signInOverHttp } from "../support/admin-auth";
import { hydrated, signedInPage } from "../support/admin-page";
import { seriousAxeViolations } from "../support/axe";
import { insertTestLead, openE2eDatabase } from "../support/db";
import { e2eBaseUrl } from "../support/e2e-env";

let handle: DatabaseHandle;

test.beforeAll(async () => {
  handle = await openE2eDatabase();
});
test.afterAll(async () => {
  await handle.close();
});

/** A quote request as the form stores it, with a unique name to find it again. */
function insertLead(fields: Partial<{ name: string; message: string; status: "novo"; email: string }> = {}) {
  return insertTestLead(handle.db, fields);
}

test("the owner reads, updates, filters, exports and deletes quote requests", async ({ page }) => {
  // A whole story of a dozen page loads and form posts: on a busy 2-core machine it passed 30 s.
  test.setTimeout(90_000);
  const lead = await insertLead({ message: '<script>window.__xss=1</script> "aspas"; ponto-e-vírgula' });
  await signInOverHttp(page.request);
  await page.goto("/admin/solicitacoes");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Solicitações de Orçamento");

  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: lead.name }) });
  await expect(item).toContainText("Condomínio Jardim das Araucárias");
  await expect(item).toContainText("Restauração de Fachadas");
  await expect(item).toContainText("(41) 98888-7777");
  await expect(item).toContainText("<script>window.__xss=1</script>");
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(item.getByRole("article").getByText("Novo", { exact: true })).toBeVisible();

  await item.getByLabel("Etapa").selectOption("em_contato");
  await item.getByLabel("Nota particular").fill("Ligar na segunda às 10h.");
  await item.getByRole("button", { name: `Salvar solicitação de ${lead.name}` }).click();
  // A busy machine can take seconds to answer the form: a toast's own wait, not the default.
  await expect(page.getByRole("status").filter({ hasText: "Solicitação atualizada!" })).toBeVisible({
    timeout: 15_000,
  });
  const updated = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: lead.name }) });
  await expect(updated.getByLabel("Nota particular")).toHaveValue("Ligar na segunda às 10h.");

  await page
    .getByRole("navigation", { name: "Filtrar por etapa" })
    .getByRole("link", { name: "Em contato" })
    .click();
  await expect(page).toHaveURL(/status=em_contato/);
  await expect(page.getByRole("heading", { name: lead.name })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Filtrar por etapa" })
    .getByRole("link", { name: "Fechado" })
    .click();
  await expect(page.getByRole("heading", { name: lead.name })).toHaveCount(0);

  const csv = await page.request.get("/admin/solicitacoes.csv");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(csv.headers()["content-disposition"]).toMatch(
    /attachment; filename="solicitacoes-\d{4}-\d{2}-\d{2}\.csv"/,
  );
  const bytes = await csv.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8").slice(1);
  expect(text.split("\r\n")[0]).toBe(
    "Data;Nome;E-mail;Telefone;Condomínio;Serviço;Mensagem;Status;Nota;E-mail da empresa;Origem;Campanha;Post;Nº;Repetição do nº",
  );
  const row = text.split("\r\n").find((line) => line.includes(lead.name));
  expect(row).toContain('"<script>window.__xss=1</script> ""aspas""; ponto-e-vírgula"');
  expect(row).toContain(";Em contato;Ligar na segunda às 10h.;");

  // Deleting is on the request's own page, after a question.
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain("Tem certeza que deseja excluir esta solicitação?");
    void dialog.accept();
  });
  await page.goto(`/admin/solicitacoes/${lead.id}`);
  await page
    .getByRole("region", { name: "Excluir solicitação" })
    .getByRole("button", { name: `Excluir solicitação de ${lead.name}` })
    .click();
  // A busy machine can take seconds to answer the form: a toast's own wait, not the default.
  await expect(page.getByRole("status").filter({ hasText: "Solicitação excluída!" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/admin\/solicitacoes$/);
  await expect(page.getByRole("heading", { name: lead.name })).toHaveCount(0);
  const left = await handle.db.selectFrom("leads").select("id").where("id", "=", lead.id).executeTakeFirst();
  expect(left).toBeUndefined();
});

test("without a session the inbox, stage change, note, export and delete are all refused", async ({
  request,
}) => {
  const lead = await insertLead();
  expect((await request.get("/admin/solicitacoes", { maxRedirects: 0 })).headers().location).toBe("/auth");
  expect((await request.get("/admin/solicitacoes.csv", { maxRedirects: 0 })).status()).toBe(302);
  const data = await request.get("/admin/solicitacoes.data", { maxRedirects: 0 });
  expect(data.status()).not.toBe(200);
  expect(await data.text()).not.toContain(lead.name);
  const update = await request.post("/admin/solicitacoes", {
    form: { id: lead.id, status: "fechado_ganho", note: "invasor" },
    maxRedirects: 0,
  });
  expect(update.status()).toBe(401);
  const remove = await request.post(`/admin/solicitacoes/${lead.id}`, {
    form: { intent: "delete" },
    maxRedirects: 0,
  });
  expect(remove.status()).toBe(401);
  const row = await handle.db
    .selectFrom("leads")
    .select(["status", "note"])
    .where("id", "=", lead.id)
    .executeTakeFirst();
  expect(row).toEqual({ status: "novo", note: "" });
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("from Início on a phone the first request shows at once; 'Excluir' is on the request's page, away from 'Salvar'; the stage is 'Etapa'", async ({
  browser,
}) => {
  // An address as long as many are, wider than half of a card.
  const lead = await insertLead({ email: `carlos.bittencourt.${randomUUID().slice(0, 8)}@exemplo.com.br` });
  const sentAt = new Date(Date.now() - 3_600_000).toISOString();
  const now = new Date().toISOString();
  await handle.db
    .insertInto("outbox")
    .values({
      id: randomUUID(),
      kind: "lead-notification",
      lead_id: lead.id,
      payload: JSON.stringify({ leadId: lead.id }),
      attempts: 1,
      next_attempt_at: sentAt,
      sent_at: sentAt,
      created_at: sentAt,
    })
    .execute();
  // A notice that keeps failing, due again only later (the server's worker leaves it alone).
  const failing = await insertLead();
  const nextTry = new Date(Date.now() + 6 * 3_600_000).toISOString();
  await handle.db
    .insertInto("outbox")
    .values({
      id: randomUUID(),
      kind: "lead-notification",
      lead_id: failing.id,
      payload: JSON.stringify({ leadId: failing.id }),
      attempts: 3,
      next_attempt_at: nextTry,
      last_error: "connect ECONNREFUSED 127.0.0.1:25",
      created_at: now,
    })
    .execute();
  // What a visitor may type with no space to wrap at: it wraps inside the card, not past the page.
  const unbroken = await insertTestLead(handle.db, {
    condominium: `CondomínioResidencial${"JardimDasAraucárias".repeat(8)}`,
    phone: "4".repeat(60),
    utm_source: `campanha_${"x".repeat(90)}`,
  });
  const page = await signedInPage(browser, e2eBaseUrl);
  const main = page.getByRole("main");
  const filters = main.locator("details");

  await page.setViewportSize(PHONE);
  // Início's "Abrir a caixa de entrada".
  await page.goto("/admin/solicitacoes?status=novo");
  await expect(filters).not.toHaveAttribute("open");
  await expect(filters.locator("summary")).toHaveText(/Buscar e filtrar\s*· Etapa: Novo/);
  await expect(main.getByRole("article").first().getByRole("heading", { level: 2 })).toBeInViewport({
    ratio: 1,
  });
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: lead.name }) });
  await expect(card.getByLabel("Etapa", { exact: true })).toHaveValue("novo");
  await expect(main.getByLabel("Status", { exact: true })).toHaveCount(0);
  // No destructive action in the inbox: only each card's "Salvar".
  await expect(main.getByRole("button", { name: /Excluir/ })).toHaveCount(0);
  await expect(card.getByRole("button", { name: `Salvar solicitação de ${lead.name}` })).toBeVisible();
  // One date format per kind of place: a list says "25/11/2026, 14:30", the request's own page
  // "25 de nov. de 2026, 14:30".
  const receivedAt = (await card.locator("time").first().getAttribute("datetime")) ?? "";
  await expect(card.locator("time").first()).toHaveText(formatListDateTime(receivedAt));
  // A search of the form's own opens the fold, to show what narrows the list.
  await page.goto(`/admin/solicitacoes?status=novo&busca=${encodeURIComponent(lead.name)}`);
  await expect(filters).toHaveAttribute("open");
  await expect(main.getByRole("search", { name: "Buscar e filtrar solicitações" })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.goto(`/admin/solicitacoes/${unbroken.id}`);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await page.goto(`/admin/solicitacoes/${lead.id}`);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await expect(page.getByRole("article")).toContainText(
    `Aviso por e-mail à empresa: enviado em ${formatDetailDateTime(sentAt)}`,
  );
  await expect(page.getByRole("article").locator(`time[datetime="${receivedAt}"]`)).toHaveText(
    formatDetailDateTime(receivedAt),
  );
  const stage = page.getByRole("region", { name: "Etapa e valores" });
  const removal = page.getByRole("region", { name: "Excluir solicitação" });
  await expect(stage.getByLabel("Etapa", { exact: true })).toHaveValue("novo");
  await expect(stage.getByRole("button", { name: /Excluir/ })).toHaveCount(0);
  await expect(removal.getByRole("button", { name: /Salvar/ })).toHaveCount(0);
  const remove = removal.getByRole("button", { name: `Excluir solicitação de ${lead.name}` });
  await expect(remove).toBeVisible();
  // The page's other buttons are a screen or more above it.
  const removeBox = await remove.boundingBox();
  const saveBox = await stage.getByRole("button", { name: "Salvar etapa" }).boundingBox();
  expect((removeBox?.y ?? 0) - (saveBox?.y ?? 0)).toBeGreaterThan(PHONE.height / 2);
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.goto(`/admin/solicitacoes/${failing.id}`);
  await expect(page.getByRole("article")).toContainText(
    `Aviso por e-mail à empresa: ainda não enviado: 3 tentativas falharam; nova tentativa em ${formatDetailDateTime(nextTry)}`,
  );

  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/solicitacoes?status=novo");
  // On a desktop the stages and the search are always in view.
  await expect(main.getByRole("navigation", { name: "Filtrar por etapa" })).toBeVisible();
  await expect(main.getByRole("search", { name: "Buscar e filtrar solicitações" })).toBeVisible();
  await expect(main.getByRole("article").first().getByRole("heading", { level: 2 })).toBeInViewport({
    ratio: 1,
  });
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await expect(main.getByRole("button", { name: /Excluir/ })).toHaveCount(0);
  // An address that fits its line is never broken in the middle ("exemplo.c / om.br").
  const desktopCard = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: lead.name }) });
  const emailLines = await desktopCard
    .locator('a[href^="mailto:"]')
    .evaluate((link) => new Set([...link.getClientRects()].map((box) => Math.round(box.top))).size);
  expect(emailLines).toBe(1);
  await page.context().close();
});

test("the e-mail reply on a phone and a desktop: the address inside its card, the template of the request's stage, another template without a reload", async ({
  browser,
}) => {
  const email = `uma.sindica.com.um.endereco.bem.comprido.${randomUUID().slice(0, 8)}@condominio-residencial-exemplo.com.br`;
  const lead = await insertTestLead(handle.db, { status: "proposta_enviada", email });
  const page = await signedInPage(browser, e2eBaseUrl);
  const template = page.getByLabel("Modelo");
  const subject = page.getByLabel("Assunto");
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto(`/admin/solicitacoes/${lead.id}/responder`);
    // The template written for "Proposta enviada", not the first of the list.
    await expect(template.locator("option:checked")).toHaveText("Proposta enviada");
    await expect(subject).toHaveValue(/^Proposta de Restauração de Fachadas - /);
    const recipient = page.getByText(/^Para:/);
    await expect(recipient).toContainText(email);
    const line = await recipient.boundingBox();
    const card = await recipient.locator("xpath=..").boundingBox();
    if (!line || !card) throw new Error("the recipient line and its card are on screen");
    expect(line.x + line.width).toBeLessThanOrEqual(card.x + card.width);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  }
  expect(await seriousAxeViolations(page)).toEqual([]);

  // With JavaScript another template is a fetch, not a new document, and the page stays where it was.
  await hydrated(page);
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });
  await template.selectOption({ label: "Primeiro contato" });
  await page.getByRole("button", { name: "Usar modelo" }).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 120));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Usar modelo" }).click();
  await expect(subject).toHaveValue(/^Seu pedido de orçamento - /);
  await expect(page).toHaveURL(/[?&]modelo=/);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(documents).toEqual([]);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await page.context().close();

  // Without JavaScript it is a plain GET form: the same choice, a new page.
  const plain = await signedInPage(browser, e2eBaseUrl, { javaScriptEnabled: false });
  await plain.goto(`/admin/solicitacoes/${lead.id}/responder`);
  await plain.getByLabel("Modelo").selectOption({ label: "Primeiro contato" });
  await plain.getByRole("button", { name: "Usar modelo" }).click();
  await expect(plain.getByLabel("Assunto")).toHaveValue(/^Seu pedido de orçamento - /);
  await plain.context().close();
});
