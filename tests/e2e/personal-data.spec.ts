import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { type Browser, expect, type Page, test } from "@playwright/test";
import type { DatabaseHandle } from "~/server/db/connection.server";
import { signInOverHttp } from "../support/admin-auth";
import { hydrated } from "../support/admin-page";
import { adminPagesPassAxe, seriousAxeViolations } from "../support/axe";
import { insertTestLead, openE2eDatabase } from "../support/db";

// 'Titulares (LGPD)': the owner finds what the site holds about a person by e-mail or phone,
// downloads it as JSON, erases it with a confirmation, and a new search finds nothing. The
// same works without JavaScript. Bad input is refused with a pt-BR message and deletes nothing.

// A find, an export and an erasure with their page loads, on a machine busy with other work.
test.describe.configure({ timeout: 90_000 });

let handle: DatabaseHandle;
test.beforeAll(async () => {
  handle = await openE2eDatabase();
});
test.afterAll(async () => {
  await handle.close();
});

/** A quote request as the form stores it, with the company's notice and the visitor's confirmation. */
async function insertLead(email: string, phone: string, name: string) {
  const now = new Date().toISOString();
  const { id } = await insertTestLead(handle.db, {
    email,
    phone,
    name,
    message: `Mensagem de ${name}: infiltração na cobertura.`,
    note: "Ligar depois das 14h.",
    utm_source: "newsletter",
  });
  for (const [kind, payload] of [
    ["lead-notification", { leadId: id }],
    ["lead-confirmation", { leadId: id, text: "Recebemos seu pedido." }],
  ] as const) {
    await handle.db
      .insertInto("outbox")
      .values({
        id: randomUUID(),
        kind,
        lead_id: id,
        payload: JSON.stringify(payload),
        attempts: 0,
        next_attempt_at: now,
        locked_until: null,
        last_error: null,
        sent_at: kind === "lead-notification" ? now : null,
        created_at: now,
      })
      .execute();
  }
  return id;
}

const leadExists = async (id: string) =>
  (await handle.db.selectFrom("leads").select("id").where("id", "=", id).execute()).length === 1;

async function search(page: Page, typed: string) {
  await page.getByLabel("E-mail, telefone ou nome").fill(typed);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /Dados encontrados/ })).toBeVisible({
    timeout: 15_000,
  });
}

/** Find, export, erase, find nothing: in `page`, with or without JavaScript. */
async function findExportErase(
  page: Page,
  typed: string,
  lead: { id: string; name: string; email: string },
  checkAxe = true,
) {
  await page.goto("/admin/titulares");
  await expect(page.getByRole("heading", { level: 1, name: "Titulares (LGPD)" })).toBeVisible();
  await search(page, typed);
  await expect(page.getByRole("heading", { level: 3, name: "Solicitações de orçamento (1)" })).toBeVisible();
  await expect(page.getByText(lead.name, { exact: true })).toBeVisible();
  await expect(page.getByText("Ligar depois das 14h.")).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 3, name: "E-mails na fila de envio (enviados ou pendentes) (2)" }),
  ).toBeVisible();
  await expect(page.getByText("Aguardando envio")).toBeVisible();
  // axe runs in the page: only where JavaScript does. There, the export is pressed once the
  // page has hydrated (a press while React takes the form over can go nowhere on a busy machine).
  if (checkAxe) {
    expect(await seriousAxeViolations(page)).toEqual([]);
    await hydrated(page);
  }

  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 15_000 }),
    page.getByRole("button", { name: "Exportar JSON" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^dados-pessoais-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await download.path(), "utf8"));
  expect(exported.dados["Solicitações de orçamento"]).toEqual([
    expect.objectContaining({
      Nome: lead.name,
      "E-mail": lead.email,
      "Nota particular da equipe": "Ligar depois das 14h.",
      "Origem (utm_source)": "newsletter",
    }),
  ]);
  expect(exported.dados["E-mails na fila de envio (enviados ou pendentes)"]).toHaveLength(2);
  // The download changed nothing: still there, and the page still offers the erasure.
  expect(await leadExists(lead.id)).toBe(true);

  await page.getByRole("checkbox", { name: /Confirmo que o titular pediu a exclusão/ }).check();
  await page.getByRole("button", { name: "Excluir tudo" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /Dados excluídos/ })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole("status").filter({ hasText: "Dados excluídos!" })).toBeVisible();
  await expect(page.getByText("Solicitações de orçamento: 1 excluído")).toBeVisible();
  await expect(page.getByText("E-mails na fila de envio (enviados ou pendentes): 2 excluídos")).toBeVisible();
  expect(await leadExists(lead.id)).toBe(false);
  const logged = await handle.db
    .selectFrom("lead_erasures")
    .select("lead_id")
    .where("lead_id", "=", lead.id)
    .execute();
  expect(logged).toHaveLength(1);

  await search(page, typed);
  await expect(
    page.getByText("Nada encontrado: o site não guarda dados com este e-mail, telefone ou nome."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Excluir tudo" })).toHaveCount(0);
}

test("by e-mail: the owner finds a person's data, downloads it as JSON and erases it", async ({ page }) => {
  const id = randomUUID().slice(0, 8);
  const email = `titular-${id}@exemplo.com.br`;
  const name = `Titular E-mail ${id}`;
  const leadId = await insertLead(email, `(41) 9${id.replace(/\D/g, "1").padEnd(8, "2").slice(0, 8)}`, name);
  const other = await insertLead(`outra-${id}@exemplo.com.br`, "(41) 3333-0000", `Outra ${id}`);
  await signInOverHttp(page.request);
  await findExportErase(page, `  ${email.toUpperCase()} `, { id: leadId, name, email });
  expect(await leadExists(other)).toBe(true);
});

async function pageWithoutJavaScript(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, acceptDownloads: true });
  const page = await context.newPage();
  await signInOverHttp(page.request);
  return page;
}

test("by phone, without JavaScript: any way of typing the number finds the person", async ({
  browser,
  baseURL,
}) => {
  const id = randomUUID().slice(0, 8);
  const digits = `9${String(Number.parseInt(id, 16) % 100_000_000).padStart(8, "0")}`;
  const email = `fone-${id}@exemplo.com.br`;
  const name = `Titular Telefone ${id}`;
  const leadId = await insertLead(email, `(43) ${digits.slice(0, 5)}-${digits.slice(5)}`, name);
  const page = await pageWithoutJavaScript(browser, baseURL as string);
  try {
    await findExportErase(page, `+55 43 ${digits}`, { id: leadId, name, email }, false);
  } finally {
    await page.context().close();
  }
});

test("bad input is refused with its pt-BR message and deletes nothing", async ({ page, baseURL }) => {
  const id = randomUUID().slice(0, 8);
  const email = `intocado-${id}@exemplo.com.br`;
  const leadId = await insertLead(email, "(41) 98765-0000", `Intocado ${id}`);
  await signInOverHttp(page.request);
  const headers = { Origin: baseURL as string };
  const cases: Array<[Record<string, string>, string]> = [
    [{ intent: "buscar", titular: "maria@" }, "Informe um e-mail válido, como nome@exemplo.com.br."],
    [{ intent: "excluir", titular: "12345", confirmar: "sim" }, "Informe um e-mail ou um telefone com DDD"],
    [{ intent: "excluir", titular: "x".repeat(10_000), confirmar: "sim" }, "no máximo 254 caracteres"],
    [{ intent: "buscar", titular: "" }, "Informe o e-mail, o telefone ou o nome do titular."],
    [{ intent: "excluir", titular: email }, "Marque a confirmação de que o titular pediu a exclusão"],
    [{ intent: "apagar", titular: email, confirmar: "sim" }, "Ação desconhecida."],
  ];
  for (const [form, message] of cases) {
    const response = await page.request.post("/admin/titulares", { headers, form, maxRedirects: 0 });
    expect(response.status(), JSON.stringify(form).slice(0, 80)).toBe(400);
    expect(await response.text()).toContain(message);
  }
  const exported = await page.request.post("/admin/titulares/exportar", {
    headers,
    form: { titular: "y".repeat(10_000) },
  });
  expect(exported.status()).toBe(400);
  expect(await exported.text()).toContain("no máximo 254 caracteres");
  expect(await leadExists(leadId)).toBe(true);

  // In the page: the message beside the field, what was typed kept.
  await page.goto("/admin/titulares");
  await page.getByLabel("E-mail, telefone ou nome").fill("(41) 1234");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(
    page.getByText("Informe um e-mail ou um telefone com DDD, como (41) 99999-9999.").first(),
  ).toBeVisible();
  await expect(page.getByLabel("E-mail, telefone ou nome")).toHaveValue("(41) 1234");
});

test.describe("accessibility", () => {
  adminPagesPassAxe(["/admin/titulares"]);
});
