import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { REPLY_PROMISE } from "~/lib/quote";
import { formatClockTime, formatPublicDate } from "~/lib/site-time";
import type { DatabaseHandle } from "~/server/db/connection.server";
import { signInOverHttp } from "../support/admin-auth";
import { seriousAxeViolations } from "../support/axe";
import { openE2eDatabase } from "../support/db";
import { e2eOnPostgres, SAME_ON_BOTH_ENGINES } from "../support/e2e-env";

// A sent request stays visibly sent (docs/decisions/0090): after the toast, the contact page
// keeps a confirmation with the request's number, when it arrived and the promise to answer,
// and "Enviar outro pedido" brings the cleared form back. Sent again, the same request is
// answered with the first one's number, and the owner sees the second as its repeat. With and
// without JavaScript, on a phone and on a desktop.

const uid = () => randomUUID().slice(0, 8);

/** A visitor of their own: an e-mail and a phone no other test sends. */
function visitor() {
  const id = uid();
  const digits = String(Number.parseInt(id, 16)).padStart(8, "0").slice(-8);
  return {
    name: `Síndica ${id}`,
    email: `sindica.${id}@exemplo.com.br`,
    phone: `(41) 9${digits.slice(0, 4)}-${digits.slice(4)}`,
    service: "Impermeabilização",
    message: `Infiltração na laje do bloco ${id}.`,
  };
}
type Visitor = ReturnType<typeof visitor>;

async function fill(page: Page, who: Visitor) {
  await page.getByLabel("Nome completo").fill(who.name);
  await page.getByLabel("E-mail").and(page.locator("input")).fill(who.email);
  await page.getByLabel("Telefone").and(page.locator("input")).fill(who.phone);
  await page.getByLabel("Serviço de interesse").selectOption(who.service);
  await page.getByLabel("Mensagem").fill(who.message);
}

/** Send the form as the visitor does: a tap on a phone (nothing then hovers the toast), a click. */
async function send(page: Page, touch = false) {
  const posted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/contato"));
  const button = page.getByRole("button", { name: "Enviar Solicitação" });
  await (touch ? button.tap() : button.click());
  expect((await posted).status()).toBe(200);
}

const confirmation = (page: Page) => page.locator("#quote-confirmation");

/** No part of the page wider than the screen. */
async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
}

let handle: DatabaseHandle;
test.beforeAll(async () => {
  handle = await openE2eDatabase();
});
test.afterAll(async () => {
  await handle.close();
});

async function storedRequests(email: string) {
  return handle.db
    .selectFrom("leads")
    .select(["id", "number", "repeat_of", "created_at"])
    .where("email", "=", email)
    .orderBy("created_at")
    .execute();
}

const sizes = [
  {
    name: "phone",
    touch: true,
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
  { name: "desktop", touch: false, use: { viewport: { width: 1280, height: 800 } } },
] as const;

for (const size of sizes) {
  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";
    test.describe(`the sent request's confirmation on a ${size.name} ${mode}`, () => {
      test.use({ ...size.use, javaScriptEnabled });
      // The store sees the same posts either way: on PostgreSQL the twin without JavaScript runs.
      test.skip(e2eOnPostgres && javaScriptEnabled, SAME_ON_BOTH_ENGINES);

      test("stays on the page with the number, the time and the promise; sent again, it names the first", async ({
        page,
        browser,
      }) => {
        test.setTimeout(90_000);
        const who = visitor();
        await page.goto("/contato");
        await fill(page, who);
        await send(page, size.touch);

        const [first] = await storedRequests(who.email);
        if (!first?.number) throw new Error("the request was not stored with a number");
        const received = new Date(first.created_at);
        const note = confirmation(page);
        await expect(note).toHaveAttribute("role", "status");
        await expect(note.getByRole("heading", { name: `Pedido nº ${first.number} recebido` })).toBeVisible();
        await expect(note).toContainText(
          `Recebido em ${formatPublicDate(received)}, às ${formatClockTime(received)} (horário de Brasília).`,
        );
        await expect(note).toContainText(REPLY_PROMISE);
        await expect(note).not.toContainText("já tinha chegado");
        // The page opens (or moves) on it: focused and in view, beside the spec's toast.
        const panel = note.locator("[data-quote-confirmation]");
        await expect(panel).toBeFocused();
        await expect(panel).toBeInViewport();
        await expect(page.locator("#quote-toasts").getByText("Mensagem enviada com sucesso!")).toBeVisible();
        await expect(page.getByLabel("Nome completo")).toHaveValue("");
        await expectNoHorizontalOverflow(page);

        const again = note.getByRole("link", { name: "Enviar outro pedido" });
        const box = await again.boundingBox();
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
        expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
        // Nothing covers it, not even the floating toast while it shows.
        await again.click({ trial: true, timeout: 2_000 });
        if (javaScriptEnabled) {
          // The toast goes after 5 s; the confirmation stays.
          await expect(page.locator("#quote-toasts [data-toast]")).toHaveCount(0, { timeout: 10_000 });
          await expect(panel).toBeVisible();
        }
        await (size.touch ? again.tap() : again.click());
        const name = page.getByLabel("Nome completo");
        await expect(name).toBeFocused();
        await expect(name).toBeInViewport();
        await expect(panel).toBeVisible();

        // The same request again, from the cleared form: kept, and answered as the first one.
        await fill(page, who);
        await send(page, size.touch);
        await expect(note.getByRole("heading", { name: `Pedido nº ${first.number} recebido` })).toBeVisible();
        await expect(note).toContainText("Este pedido já tinha chegado");
        await expect(panel).toBeInViewport();
        await expectNoHorizontalOverflow(page);
        const stored = await storedRequests(who.email);
        expect(stored).toHaveLength(2);
        expect(stored[1]?.repeat_of).toBe(first.id);

        if (javaScriptEnabled) return;
        // The page with the confirmation was this visitor's answer alone: the contact page
        // others get (from the render cache) has none, and neither has this visitor's next visit.
        const other = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
        await other.goto("/contato");
        await expect(other.getByRole("heading", { name: "Solicitar Orçamento" })).toBeVisible();
        await expect(other.locator("#quote-confirmation")).toBeEmpty();
        await expect(other.getByText(`Pedido nº ${first.number}`)).toHaveCount(0);
        await other.context().close();
        await page.goto("/contato");
        await expect(confirmation(page)).toBeEmpty();
      });
    });
  }
}

test.describe("the owner", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("sees a request sent twice as one request and its repeat, linked to each other", async ({
    page: admin,
    browser,
  }) => {
    test.setTimeout(90_000);
    const who = visitor();
    const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await page.goto("/contato");
    await fill(page, who);
    await send(page);
    await fill(page, who);
    await send(page);
    await page.context().close();
    const [first, repeat] = await storedRequests(who.email);
    if (!first?.number || !repeat?.number) throw new Error("both requests should be stored with numbers");

    await signInOverHttp(admin.request);
    await admin.goto(`/admin/solicitacoes?busca=${encodeURIComponent(who.email)}`);
    const cards = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: who.name }) });
    await expect(cards).toHaveCount(2);
    const repeatCard = cards.filter({ hasText: `nº ${repeat.number} ·` });
    await expect(repeatCard.getByText("A mesma pessoa enviou a mesma solicitação de novo")).toBeVisible();
    for (const colorScheme of ["light", "dark"] as const) {
      await admin.emulateMedia({ colorScheme });
      expect(await seriousAxeViolations(admin), `inbox, ${colorScheme}`).toEqual([]);
    }
    await admin.emulateMedia({ colorScheme: "light" });
    await expect(cards.filter({ hasText: `nº ${first.number} ·` }).getByText("Repetição do")).toHaveCount(0);
    await repeatCard.getByRole("link", { name: `Repetição do nº ${first.number}` }).click();
    await expect(admin).toHaveURL(`/admin/solicitacoes/${first.id}`);
    await expect(admin.getByText("A mesma pessoa enviou esta solicitação de novo:")).toBeVisible();
    expect(await seriousAxeViolations(admin), "the first request's page").toEqual([]);
    await admin.getByRole("link", { name: new RegExp(`^nº ${repeat.number},`) }).click();
    await expect(admin).toHaveURL(`/admin/solicitacoes/${repeat.id}`);
    await expect(admin.getByRole("link", { name: `Repetição do nº ${first.number}` })).toBeVisible();
    // What Início, the dashboard and the board count: tests/integration/lead-repeats.test.ts.
  });
});
