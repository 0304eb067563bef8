import { expect, type Page, test } from "@playwright/test";
import type { LeadStatus } from "~/lib/lead-status";
import { formatMoney } from "~/lib/money";
import type { DatabaseHandle } from "~/server/db/connection.server";
import { E2E_ORIGIN } from "../support/admin-auth";
import { hydrated, signedInPage, toast } from "../support/admin-page";
import { seriousAxeViolations } from "../support/axe";
import { insertTestLead, openE2eDatabase } from "../support/db";
import { e2eBaseUrl } from "../support/e2e-env";

// The pipeline as the owner uses it: the board and a request's page move it through the stages
// with plain forms (no JavaScript needed), its values typed as money, each step on its timeline;
// on a phone the board is one stage at a time behind tabs; at 1280 px every column fits, and
// with JavaScript a card is dragged between them by any part of it.

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

/** What the board's requests in `status` are worth, as the column's total should say it. */
const columnTotal = async (status: LeadStatus) => {
  const rows = await handle.db
    .selectFrom("leads")
    .select(["proposal_value_cents", "closed_value_cents"])
    .where("status", "=", status)
    .execute();
  const cents = rows.reduce((sum, row) => sum + (row.closed_value_cents ?? row.proposal_value_cents ?? 0), 0);
  return `Total: ${formatMoney(cents)}`;
};

/**
 * The column's total is the whole stage's, and other files add requests to it while this one
 * runs: it must match the database once the page is read again.
 */
async function expectColumnTotal(page: Page, title: string, status: LeadStatus) {
  await expect
    .poll(async () => {
      await page.reload();
      const shown = await column(page, title)
        .getByText(/^Total:/)
        .textContent();
      return shown === (await columnTotal(status));
    })
    .toBe(true);
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

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
    // Beside the columns the card's form is folded, so the card is mostly what a mouse drags.
    await expect(card.getByLabel("Etapa")).toBeHidden();
    await card.getByText("Mudar etapa").click();
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

  test("on a phone, one stage at a time behind tabs with counts, filters folded, and a move to a stage with a value asks for it", async ({
    browser,
  }) => {
    const page = await signedInPage(browser, e2eBaseUrl, { javaScriptEnabled: false });
    await page.setViewportSize({ width: 390, height: 844 });
    const lead = await insertTestLead(handle.db, {
      status: "em_contato",
      stage_changed_at: new Date(Date.now() + 90_000).toISOString(),
    });
    await page.goto("/admin/solicitacoes/quadro");
    const tabs = page.getByRole("navigation", { name: "Etapas do quadro" }).getByRole("link");
    await expect(tabs).toHaveText([
      /^Novo \(\d+\)$/,
      /^Em contato \(\d+\)$/,
      /^Visita agendada \(\d+\)$/,
      /^Proposta enviada \(\d+\)$/,
      /^Fechado \(ganho\) \(\d+\)$/,
      /^Perdido \(\d+\)$/,
    ]);
    // One stage shows, the first, and its tab says so.
    await expect(page.locator("section[data-column]:visible")).toHaveCount(1);
    await expect(column(page, "Novo")).toBeVisible();
    await expect(tabs.and(page.locator('[aria-current="true"]'))).toHaveText(/^Novo/);
    // The filters are folded: the board comes first.
    const filters = page.getByText("Filtros: Todas as etapas");
    await expect(filters).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Colunas do quadro" })).toBeHidden();

    await tabs.filter({ hasText: "Em contato" }).click();
    await expect(page).toHaveURL(/[?&]etapa=em_contato/);
    await expect(page.locator("section[data-column]:visible")).toHaveCount(1);
    await expect(column(page, "Em contato")).toBeVisible();
    await expect(tabs.and(page.locator('[aria-current="true"]'))).toHaveText(/^Em contato/);
    const card = column(page, "Em contato").getByRole("listitem", { name: `Solicitação de ${lead.name}` });
    // On a phone the card's form is open: it is the only way a card moves there.
    const stage = card.getByLabel("Etapa");
    const move = card.getByRole("button", { name: `Mover solicitação de ${lead.name}` });
    await expect(stage).toBeVisible();
    expect(await noHorizontalScroll(page), "the page scrolls sideways").toBe(true);
    for (const target of [...(await tabs.all()), filters, stage, move]) {
      const name = await target.textContent();
      expect((await target.boundingBox())?.height, `${name}: its height`).toBeGreaterThanOrEqual(44);
    }

    // "Proposta enviada" asks for the proposal's value, in the card, without JavaScript.
    const proposal = card.getByLabel("Valor da proposta (R$)");
    await expect(proposal).toBeHidden();
    await stage.selectOption("proposta_enviada");
    await expect(proposal).toBeVisible();
    await expect(card.getByLabel("Valor fechado (R$)")).toBeHidden();
    await proposal.fill("12.500");
    await move.click();
    await expect(toast(page, "Solicitação movida!")).toBeVisible({ timeout: 15_000 });
    // Back on the same tab, where the card no longer is.
    await expect(page).toHaveURL(/[?&]etapa=em_contato/);
    await expect(card).toHaveCount(0);
    expect(await stageOf(lead.id)).toEqual({ status: "proposta_enviada", proposal_value_cents: 1_250_000 });

    await tabs.filter({ hasText: "Proposta enviada" }).click();
    const sent = column(page, "Proposta enviada").getByRole("listitem", {
      name: `Solicitação de ${lead.name}`,
    });
    await expect(sent).toContainText("Proposta: R$ 12.500,00");
    await expectColumnTotal(page, "Proposta enviada", "proposta_enviada");

    // "Fechado (ganho)" asks for the contract's value, offered at the proposal's.
    await sent.getByLabel("Etapa").selectOption("fechado_ganho");
    await expect(sent.getByLabel("Valor da proposta (R$)")).toBeHidden();
    await expect(sent.getByLabel("Valor fechado (R$)")).toHaveValue("12.500,00");
    await sent.getByLabel("Valor fechado (R$)").fill("R$ 11.000,00");
    await sent.getByRole("button", { name: `Mover solicitação de ${lead.name}` }).click();
    await expect(toast(page, "Solicitação movida!")).toBeVisible({ timeout: 15_000 });
    const closed = await handle.db
      .selectFrom("leads")
      .select(["status", "proposal_value_cents", "closed_value_cents"])
      .where("id", "=", lead.id)
      .executeTakeFirst();
    expect(closed).toEqual({
      status: "fechado_ganho",
      proposal_value_cents: 1_250_000,
      closed_value_cents: 1_100_000,
    });
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

test("with JavaScript at 1280×800, all six columns fit, a card is dragged by its blank part, and a drop on 'Proposta enviada' asks for the value; axe finds nothing serious on a desktop or a phone", async ({
  browser,
}) => {
  const page = await signedInPage(browser, e2eBaseUrl);
  await page.setViewportSize({ width: 1280, height: 800 });
  const lead = await insertTestLead(handle.db, {
    stage_changed_at: new Date(Date.now() + 120_000).toISOString(),
  });
  await page.goto("/admin/solicitacoes/quadro");
  await hydrated(page);
  // Every column side by side, none past the screen's edge, and no tabs.
  const columns = page.locator("section[data-column]");
  await expect(columns).toHaveCount(6);
  for (const each of await columns.all()) {
    await expect(each).toBeInViewport();
    const box = await each.boundingBox();
    expect(
      (box?.x ?? 0) + (box?.width ?? 0),
      `${await each.getAttribute("data-column")}`,
    ).toBeLessThanOrEqual(1280);
  }
  expect(await noHorizontalScroll(page), "the page scrolls sideways").toBe(true);
  await expect(page.getByRole("navigation", { name: "Etapas do quadro" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Colunas do quadro" })).toBeVisible();

  const card = page.getByRole("listitem", { name: `Solicitação de ${lead.name}` });
  // A person's drag, pressed where the card has no text and no control (beside "Mudar etapa",
  // where its form's fields were), moved in steps to another column, released there.
  const drag = async (to: string) => {
    await card.scrollIntoViewIfNeeded();
    const from = await card.boundingBox();
    const target = await column(page, to).boundingBox();
    if (!from || !target) throw new Error("the card and the column are on screen");
    const x = from.x + from.width - 10;
    const y = from.y + from.height - 16;
    const pressed = await page.evaluate(
      ([px, py]) => {
        const element = document.elementFromPoint(px ?? 0, py ?? 0);
        return element?.closest("a, button, select, input, summary, p") ? element.tagName : null;
      },
      [x, y],
    );
    expect(pressed, "pressed on the card's text or a control").toBeNull();
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(target.x + target.width / 2, y, { steps: 12 });
    await page.mouse.up();
  };
  await drag("Em contato");
  await expect(toast(page, "Solicitação movida!")).toBeVisible({ timeout: 15_000 });
  await expect(
    column(page, "Em contato").getByRole("listitem", { name: `Solicitação de ${lead.name}` }),
  ).toBeVisible();
  expect((await stageOf(lead.id))?.status).toBe("em_contato");

  // Dropped on "Proposta enviada", the card asks for the value in place and moves once it is given.
  await drag("Proposta enviada");
  const value = card.getByLabel("Valor da proposta (R$)");
  await expect(value).toBeFocused();
  expect((await stageOf(lead.id))?.status, "moved before the value was given").toBe("em_contato");
  expect(await seriousAxeViolations(page), "desktop").toEqual([]);
  await value.pressSequentially("12500");
  await expect(value).toHaveValue("12.500");
  await value.press("Enter");
  await expect(toast(page, `${lead.name}: Proposta enviada.`)).toBeVisible({ timeout: 15_000 });
  await expect(
    column(page, "Proposta enviada").getByRole("listitem", { name: `Solicitação de ${lead.name}` }),
  ).toContainText("Proposta: R$ 12.500,00");
  expect(await stageOf(lead.id)).toEqual({ status: "proposta_enviada", proposal_value_cents: 1_250_000 });
  await expectColumnTotal(page, "Proposta enviada", "proposta_enviada");

  // The same page on a phone: one stage, its tabs switch it without a reload of the document.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator("section[data-column]:visible")).toHaveCount(1);
  await page
    .getByRole("navigation", { name: "Etapas do quadro" })
    .getByRole("link", { name: /^Proposta enviada/ })
    .click();
  await expect(page).toHaveURL(/[?&]etapa=proposta_enviada/);
  await expect(column(page, "Proposta enviada")).toBeVisible();
  await expect(page.locator("section[data-column]:visible")).toHaveCount(1);
  await card.getByLabel("Etapa").selectOption("fechado_ganho");
  await expect(card.getByLabel("Valor fechado (R$)")).toBeVisible();
  expect(await seriousAxeViolations(page), "phone").toEqual([]);
  await page.context().close();
});
