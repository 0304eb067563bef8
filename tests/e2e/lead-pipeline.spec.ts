import { expect, type Page, test } from "@playwright/test";
import type { DatabaseHandle } from "~/server/db/connection.server";
import { E2E_ORIGIN } from "../support/admin-auth";
import { hydrated, signedInPage, toast } from "../support/admin-page";
import { insertTestLead, openE2eDatabase } from "../support/db";
import { e2eBaseUrl } from "../support/e2e-env";

// The pipeline as the owner uses it: the board and a request's page move it through the stages
// with plain forms (no JavaScript needed), its values typed as money, each step on its timeline;
// with JavaScript, a card is dragged between columns.

let handle: DatabaseHandle;

test.beforeAll(async () => {
  handle = await openE2eDatabase();
});
test.afterAll(async () => {
  await handle.close();
});

const stageOf = async (id: string) =>
  (await handle.db
    .selectFrom("leads")
    .select(["status", "proposal_value_cents"])
    .where("id", "=", id)
    .executeTakeFirst()) ?? null;

const column = (page: Page, title: string) =>
  page.locator("section[data-column]").filter({ has: page.getByRole("heading", { level: 2, name: title }) });

test.describe("without JavaScript", () => {
  test("moves a request on the board and on its page, with its values and timeline", async ({ browser }) => {
    const page = await signedInPage(browser, e2eBaseUrl, { javaScriptEnabled: false });
    const lead = await insertTestLead(handle.db, {
      stage_changed_at: new Date(Date.now() + 60_000).toISOString(),
    });

    await page.goto("/admin/solicitacoes/quadro?etapas=novo,visita_agendada");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quadro das solicitações");
    // Only the columns asked for.
    await expect(page.locator("section[data-column]")).toHaveCount(2);
    const card = page.getByRole("listitem", { name: `Solicitação de ${lead.name}` });
    await expect(
      column(page, "Novo").getByRole("listitem", { name: `Solicitação de ${lead.name}` }),
    ).toBeVisible();
    await card.getByLabel("Etapa").selectOption("visita_agendada");
    await card.getByRole("button", { name: `Mover solicitação de ${lead.name}` }).click();
    await expect(toast(page, "Solicitação movida!")).toBeVisible({ timeout: 15_000 });
    await expect(
      column(page, "Visita agendada").getByRole("listitem", { name: `Solicitação de ${lead.name}` }),
    ).toBeVisible();
    expect((await stageOf(lead.id))?.status).toBe("visita_agendada");

    await page.goto(`/admin/solicitacoes/${lead.id}`);
    const stage = page.getByRole("region", { name: "Etapa e valores" });
    // Money typed badly: a pt-BR message, nothing saved.
    await stage.getByLabel("Etapa").selectOption("proposta_enviada");
    await stage.getByLabel("Valor da proposta (R$)").fill("doze mil");
    await stage.getByRole("button", { name: "Salvar etapa" }).click();
    await expect(toast(page, "Valor inválido: digite em reais, por exemplo 12.500,00.")).toBeVisible({
      timeout: 15_000,
    });
    expect(await stageOf(lead.id)).toEqual({ status: "visita_agendada", proposal_value_cents: null });

    await page.goto(`/admin/solicitacoes/${lead.id}`);
    await stage.getByLabel("Etapa").selectOption("proposta_enviada");
    await stage.getByLabel("Valor da proposta (R$)").fill("R$ 12.500,00");
    await stage.getByRole("button", { name: "Salvar etapa" }).click();
    await expect(toast(page, "Etapa salva!")).toBeVisible({ timeout: 15_000 });
    expect(await stageOf(lead.id)).toEqual({ status: "proposta_enviada", proposal_value_cents: 1_250_000 });
    await expect(stage.getByLabel("Valor da proposta (R$)")).toHaveValue("12.500,00");

    // Lost needs its reason.
    await stage.getByLabel("Etapa").selectOption("perdido");
    await stage.getByRole("button", { name: "Salvar etapa" }).click();
    await expect(toast(page, "Escolha o motivo da perda.")).toBeVisible({ timeout: 15_000 });
    expect((await stageOf(lead.id))?.status).toBe("proposta_enviada");

    await page.goto(`/admin/solicitacoes/${lead.id}`);
    const history = page.getByRole("region", { name: "Histórico" });
    await history.getByLabel("Nova nota").fill("Síndico pediu a proposta impressa.");
    await history.getByRole("button", { name: "Adicionar nota" }).click();
    await expect(toast(page, "Nota adicionada!")).toBeVisible({ timeout: 15_000 });
    const entries = page.getByRole("region", { name: "Histórico" }).getByRole("listitem");
    await expect(entries).toHaveCount(4);
    await expect(entries.nth(0)).toContainText("Solicitação recebida pelo site");
    await expect(entries.nth(1)).toContainText("Etapa: Novo → Visita agendada");
    await expect(entries.nth(2)).toContainText("Etapa: Visita agendada → Proposta enviada");
    await expect(entries.nth(2)).toContainText("Proposta: R$ 12.500,00");
    await expect(entries.nth(3)).toContainText("Síndico pediu a proposta impressa.");
    await expect(entries.nth(3)).toContainText("admin.e2e@");

    // WhatsApp: a form post that records the contact and sends the browser to wa.me (303).
    const whatsapp = await page.request.post(`/admin/solicitacoes/${lead.id}/whatsapp`, {
      form: { template: "" },
      headers: { Origin: E2E_ORIGIN },
      maxRedirects: 0,
    });
    expect(whatsapp.status()).toBe(303);
    expect(whatsapp.headers().location).toMatch(/^https:\/\/wa\.me\/5541988887777\?text=Ol%C3%A1%2C%20/);
    await page.reload();
    await expect(entries).toHaveCount(5);
    await expect(entries.nth(4)).toContainText("Contato pelo WhatsApp");
    await page.context().close();
  });

  test("replying by e-mail starts from the template and goes on the timeline", async ({ browser }) => {
    const page = await signedInPage(browser, e2eBaseUrl, { javaScriptEnabled: false });
    const lead = await insertTestLead(handle.db, { name: `Rosa Resposta ${Date.now()}` });
    await page.goto(`/admin/solicitacoes/${lead.id}`);
    await page.getByRole("link", { name: "Responder por e-mail" }).click();
    await expect(page.getByLabel("Mensagem")).toHaveValue(new RegExp(`^Olá, ${lead.name},`));
    await expect(page.getByLabel("Mensagem")).toContainText("Restauração de Fachadas");
    await page.getByRole("button", { name: "Enviar resposta" }).click();
    await expect(toast(page, "Resposta enviada!")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("region", { name: "Histórico" })).toContainText("Resposta por e-mail");
    expect((await stageOf(lead.id))?.status).toBe("em_contato");
    const queued = await handle.db
      .selectFrom("outbox")
      .select("kind")
      .where("lead_id", "=", lead.id)
      .execute();
    expect(queued.map((row) => row.kind)).toContain("lead-reply");
    await page.context().close();
  });
});

test("with JavaScript, a card dragged to another column moves there", async ({ browser }) => {
  const page = await signedInPage(browser, e2eBaseUrl);
  const lead = await insertTestLead(handle.db, {
    stage_changed_at: new Date(Date.now() + 120_000).toISOString(),
  });
  await page.goto("/admin/solicitacoes/quadro?etapas=novo,em_contato");
  await hydrated(page);
  const card = page.getByRole("listitem", { name: `Solicitação de ${lead.name}` });
  // A person's drag: pressed on the card's edge (not its form's fields, where a select takes the
  // mouse), moved in steps over to the other column, released there.
  // The columns are as tall as the longest, so the other column is beside the card.
  await card.scrollIntoViewIfNeeded();
  const from = await card.boundingBox();
  const to = await column(page, "Em contato").boundingBox();
  if (!from || !to) throw new Error("the card and the column are on screen");
  await page.mouse.move(from.x + 8, from.y + 8);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, from.y + 8, { steps: 12 });
  await page.mouse.up();
  await expect(toast(page, "Solicitação movida!")).toBeVisible({ timeout: 15_000 });
  await expect(
    column(page, "Em contato").getByRole("listitem", { name: `Solicitação de ${lead.name}` }),
  ).toBeVisible();
  expect((await stageOf(lead.id))?.status).toBe("em_contato");
  await page.context().close();
});
