import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import type { DatabaseHandle } from "~/server/db/connection.server";
import { hydrated, signedInPage } from "../support/admin-page";
import { adminPagesPassAxe, seriousAxeViolations } from "../support/axe";
import { insertTestLead, openE2eDatabase } from "../support/db";
import { e2eBaseUrl } from "../support/e2e-env";
import { test as siteTest } from "../support/own-site";

// The conversions on the inbox's dashboard as the owner reads them on a phone: a period of
// their choosing, a campaign's visits, its WhatsApp taps and its quote request joined in one
// row with its rate, the charts beside the tables, and the table downloaded as a CSV file.

const uid = randomUUID().slice(0, 8);
const PAGE = `/obras/conversao-${uid}`;
const SOURCE = `fonte-${uid}`;
const CAMPAIGN = `campanha-${uid}`;
const PERIOD = "de=2026-03-02&ate=2026-03-15";
const dims = { page: PAGE, referrer_host: "", utm_source: SOURCE, utm_medium: "cpc", utm_campaign: CAMPAIGN };

let handle: DatabaseHandle;

test.beforeAll(async () => {
  handle = await openE2eDatabase();
  const { db } = handle;
  await db
    .insertInto("visit_counts")
    .values({ day: "2026-03-03", ...dims, device: "celular", views: 40 })
    .execute();
  await db
    .insertInto("visit_uniques")
    .values([
      {
        day: "2026-03-03",
        grouping: "page",
        ...dims,
        referrer_host: "",
        utm_source: "",
        utm_medium: "",
        utm_campaign: "",
        visitors: 20,
      },
      { day: "2026-03-03", grouping: "source", ...dims, page: "", visitors: 20 },
    ])
    .execute();
  await db
    .insertInto("contact_taps")
    .values({ day: "2026-03-10", kind: "whatsapp", ...dims, taps: 3 })
    .execute();
  await insertTestLead(db, {
    created_at: "2026-03-11T15:00:00.000Z",
    updated_at: "2026-03-11T15:00:00.000Z",
    service: "Impermeabilização",
    source_page: PAGE,
    utm_source: SOURCE,
    utm_medium: "cpc",
    utm_campaign: CAMPAIGN,
  });
});

test.afterAll(async () => {
  const { db } = handle;
  await db.deleteFrom("visit_counts").where("page", "=", PAGE).execute();
  await db.deleteFrom("visit_uniques").where("page", "=", PAGE).execute();
  await db.deleteFrom("visit_uniques").where("utm_source", "=", SOURCE).execute();
  await db.deleteFrom("contact_taps").where("page", "=", PAGE).execute();
  await handle.close();
});

test("an Administrador reads a campaign's conversion on a phone and downloads its table", async ({
  browser,
}) => {
  const page = await signedInPage(browser, e2eBaseUrl);
  await page.setViewportSize({ width: 390, height: 844 });
  const response = await page.goto(`/admin/solicitacoes/painel?${PERIOD}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByLabel("De", { exact: true })).toHaveValue("2026-03-02");
  await expect(page.getByLabel("Até", { exact: true })).toHaveValue("2026-03-15");

  // Two weeks, each a column of both charts and a row of the table.
  const weeks = page.getByRole("region", { name: "Visitas, solicitações e toques por semana", exact: true });
  await expect(weeks.getByRole("img", { name: "Visitantes por semana" })).toBeVisible();
  await expect(weeks.getByRole("img", { name: "Solicitações e toques por semana" })).toBeVisible();
  await expect(weeks.getByRole("rowheader")).toHaveText(["02/03", "09/03"]);

  const pages = page.getByRole("region", { name: "Conversão de cada página", exact: true });
  await expect(pages.getByRole("img", { name: /Conversão de cada página/ })).toBeVisible();
  const pageRow = pages
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: PAGE, exact: true }) });
  await expect(pageRow.getByRole("cell")).toHaveText(["40", "20", "1", "3", "20,0"]);

  const sources = page.getByRole("region", {
    name: "Conversão de cada site de origem e campanha",
    exact: true,
  });
  const sourceRow = sources
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: SOURCE, exact: true }) });
  await expect(sourceRow.getByRole("cell")).toHaveText([CAMPAIGN, "40", "20", "1", "3", "20,0"]);
  // The table scrolls sideways on its own, never the page.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 15_000 }),
    sources
      .getByRole("link", { name: /^Baixar CSV ?: Conversão de cada site de origem e campanha$/ })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe("conversoes-origens-2026-03-02-a-2026-03-15.csv");
  const file = await readFile(await download.path(), "utf8");
  const lines = file.replace(/^\uFEFF/, "").split("\r\n");
  expect(lines[0]).toBe(
    "Origem;Campanha;Visualizações;Visitantes;Solicitações;Toques de contato;Conversão por 100 visitantes",
  );
  expect(lines).toContain(`${SOURCE};${CAMPAIGN};40;20;1;3;"20,0"`);
});

test("a period that ends before it starts is explained, not a failure", async ({ browser }) => {
  const page = await signedInPage(browser, e2eBaseUrl, { javaScriptEnabled: false });
  const response = await page.goto("/admin/solicitacoes/painel?de=2026-03-15&ate=2026-03-02");
  expect(response?.status()).toBe(400);
  await expect(page.getByText("A data inicial deve ser igual ou anterior à data final.")).toBeVisible();
  // The rest of the dashboard is still there.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Painel das solicitações");
});

adminPagesPassAxe([
  `/admin/solicitacoes/painel?${PERIOD}`,
  "/admin/solicitacoes/painel?de=2024-12-01&ate=2026-11-27",
]);

siteTest(
  "the Painel on a phone and a desktop: labels at a readable size, tables that say they scroll, whole words, the owner's words and plurals",
  async ({ ownSite, browser }) => {
    // One request on a site of its own, so each sentence counts exactly one.
    await insertTestLead(ownSite.db, {
      utm_source: "instagram",
      utm_medium: "social",
      utm_campaign: "campanha-impermeabilizacao-condominios",
      status: "fechado_ganho",
      closed_value_cents: 1_234_500,
      first_response_at: new Date().toISOString(),
    });
    const page = await signedInPage(browser, ownSite.url);
    const main = page.getByRole("main");
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto("/admin/solicitacoes/painel");
      await hydrated(page);
      const size = `${viewport.width} px`;
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        size,
      ).toBeLessThanOrEqual(0);

      // Every label a chart shows is at least 12 px tall as drawn (an SVG scaled down to a phone
      // drew them at 7 px): the box of its glyphs, measured where it renders.
      const labels = await page.evaluate(() =>
        [...document.querySelectorAll('main [role="img"]')].flatMap((chart) => {
          const found: Array<{ text: string; fontSize: number; height: number }> = [];
          const walker = document.createTreeWalker(chart, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const parent = node.parentElement;
            const text = node.textContent?.trim() ?? "";
            if (!parent || !text || !parent.checkVisibility({ visibilityProperty: true })) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            found.push({
              text,
              fontSize: Number.parseFloat(getComputedStyle(parent).fontSize),
              height: range.getBoundingClientRect().height,
            });
          }
          return found;
        }),
      );
      expect(labels.length, size).toBeGreaterThan(10);
      expect(
        labels.filter((label) => label.fontSize < 12 || label.height < 12),
        size,
      ).toEqual([]);

      // A table wider than its card scrolls in its own box, with shadows at the edges and a line
      // that says so; one that fits has no such line.
      // The line appears once the script has measured the box (after hydration, a render later).
      const readTables = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('main section[aria-label$="(tabela)"]')].map((box) => {
            const hint = box.previousElementSibling;
            return {
              table: box.getAttribute("aria-label"),
              overflowing: box.scrollWidth > box.clientWidth + 1,
              scrolls: getComputedStyle(box).overflowX === "auto",
              shadows: getComputedStyle(box).backgroundImage.includes("gradient"),
              hint: Boolean(hint?.checkVisibility() && hint.textContent?.includes("Deslize para ver mais")),
            };
          }),
        );
      await expect
        .poll(
          async () =>
            (await readTables()).filter((t) => !t.scrolls || !t.shadows || t.hint !== t.overflowing),
          { message: size },
        )
        .toEqual([]);
      const tables = await readTables();
      expect(tables.length, size).toBeGreaterThan(5);
      if (viewport.width === 390) {
        expect(
          tables.find((t) => t.table === "Sites de origem: ganhos e valor fechado (tabela)")?.overflowing,
        ).toBe(true);
        await expect(
          page
            .getByRole("region", { name: "Sites de origem: ganhos e valor fechado", exact: true })
            .getByText("Deslize para ver mais"),
        ).toBeVisible();
      }

      // Labels wrap between words, never inside one ("instagra m"); after a hyphen is between words.
      const broken = await page.evaluate(() => {
        const words: string[] = [];
        for (const cell of document.querySelectorAll('main th[scope="row"], main [role="img"] span')) {
          if (!cell.checkVisibility({ visibilityProperty: true })) continue;
          for (const node of cell.childNodes) {
            if (node.nodeType !== Node.TEXT_NODE) continue;
            for (const word of (node.textContent ?? "").matchAll(/[^\s-]+-?/g)) {
              const range = document.createRange();
              range.setStart(node, word.index);
              range.setEnd(node, word.index + word[0].length);
              const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
              if (lines.size > 1) words.push(word[0]);
            }
          }
        }
        return words;
      });
      expect(broken, size).toEqual([]);

      // The owner's words for where a request came from, and pt-BR's singular for one.
      await expect(main).not.toContainText("utm_");
      for (const title of [
        "Por site de origem",
        "Por campanha",
        "Sites de origem: ganhos e valor fechado",
        "Campanhas: ganhos e valor fechado",
      ]) {
        await expect(main.getByRole("heading", { name: title, exact: true })).toBeVisible();
      }
      await expect(
        main
          .getByRole("region", { name: "Por site de origem", exact: true })
          .getByRole("rowheader", { name: "instagram" }),
      ).toBeVisible();
      await expect(main.getByText("1 solicitação nas últimas 12 semanas")).toBeVisible();
      await expect(main.getByText("(1 respondida)")).toBeVisible();
      await expect(main).not.toContainText(/\b1 (solicitações|respondidas)\b/);
      if (viewport.width === 390) expect(await seriousAxeViolations(page)).toEqual([]);
    }
    await page.context().close();
  },
);
