import { expect, test } from "@playwright/test";
import type { DatabaseHandle } from "~/server/db/connection.server";
import { signInOverHttp } from "../support/admin-auth";
import { insertTestLead, openE2eDatabase } from "../support/db";

let handle: DatabaseHandle;

test.beforeAll(async () => {
  handle = await openE2eDatabase();
});
test.afterAll(async () => {
  await handle.close();
});

/** A quote request as the form stores it, with a unique name to find it again. */
function insertLead(fields: Partial<{ name: string; message: string; status: "novo" }> = {}) {
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

  await item.getByLabel("Status").selectOption("em_contato");
  await item.getByLabel("Nota particular").fill("Ligar na segunda às 10h.");
  await item.getByRole("button", { name: `Salvar solicitação de ${lead.name}` }).click();
  // A busy machine can take seconds to answer the form: a toast's own wait, not the default.
  await expect(page.getByRole("status").filter({ hasText: "Solicitação atualizada!" })).toBeVisible({
    timeout: 15_000,
  });
  const updated = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: lead.name }) });
  await expect(updated.getByLabel("Nota particular")).toHaveValue("Ligar na segunda às 10h.");

  await page
    .getByRole("navigation", { name: "Filtrar por status" })
    .getByRole("link", { name: "Em contato" })
    .click();
  await expect(page).toHaveURL(/status=em_contato/);
  await expect(page.getByRole("heading", { name: lead.name })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Filtrar por status" })
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

  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain("Tem certeza que deseja excluir esta solicitação?");
    void dialog.accept();
  });
  await page.goto("/admin/solicitacoes");
  await page.getByRole("button", { name: `Excluir solicitação de ${lead.name}` }).click();
  // A busy machine can take seconds to answer the form: a toast's own wait, not the default.
  await expect(page.getByRole("status").filter({ hasText: "Solicitação excluída!" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole("heading", { name: lead.name })).toHaveCount(0);
  const left = await handle.db.selectFrom("leads").select("id").where("id", "=", lead.id).executeTakeFirst();
  expect(left).toBeUndefined();
});

test("without a session the inbox, status change, note, export and delete are all refused", async ({
  request,
}) => {
  const lead = await insertLead();
  expect((await request.get("/admin/solicitacoes", { maxRedirects: 0 })).headers().location).toBe("/auth");
  expect((await request.get("/admin/solicitacoes.csv", { maxRedirects: 0 })).status()).toBe(302);
  const data = await request.get("/admin/solicitacoes.data", { maxRedirects: 0 });
  expect(data.status()).not.toBe(200);
  expect(await data.text()).not.toContain(lead.name);
  const update = await request.post("/admin/solicitacoes", {
    form: { id: lead.id, intent: "update", status: "fechado_ganho", note: "invasor" },
    maxRedirects: 0,
  });
  expect(update.status()).toBe(401);
  const remove = await request.post("/admin/solicitacoes", {
    form: { id: lead.id, intent: "delete" },
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
