import type { BrowserContext, Page } from "@playwright/test";
import { signedInPage } from "../support/admin-page";
import { e2eOnPostgres, SAME_ON_BOTH_ENGINES } from "../support/e2e-env";
import { expect, type OwnSite, test } from "../support/own-site";
import { contactTargets, tapPing, whatsappHref } from "../support/pages";

// A visitor on a phone taps WhatsApp, the phone or the e-mail: the link is the company's real
// target (wa.me with the message opens in a new tab), and the tap is counted beside it
// (docs/decisions/0071): by the browser's ping, by the page's beacon, or both, once either way;
// with JavaScript, without it, and with pings dropped. The pages a visitor reaches by tapping
// inside the site are counted when shown, the prefetched ones too. wa.me is answered here:
// nothing goes to the internet. A site of its own, so the counts are this test's alone.

// What the browser sends does not depend on the engine; how the store counts a tap and a view
// once on each engine is tests/integration/visit-counts.test.ts's.
test.skip(e2eOnPostgres, SAME_ON_BOTH_ENGINES);

const CAMPAIGN = "utm_source=instagram&utm_medium=social&utm_campaign=fachadas-verao";
/** Today in São Paulo, as the Painel's period takes it. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());

/** The owner's Painel for today, on a phone. */
async function painel(browser: import("@playwright/test").Browser, site: OwnSite): Promise<Page> {
  const page = await signedInPage(browser, site.url);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/solicitacoes/painel?de=${today()}&ate=${today()}`);
  return page;
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

interface Reports {
  /** The requests sent to the counting address: "ping" (the link's) or "beacon" (the script's). */
  types: string[];
}

/** A phone's context whose wa.me is answered here; records what reaches the counting address. */
async function phoneContext(
  browser: import("@playwright/test").Browser,
  options: { javaScriptEnabled?: boolean; dropPings?: boolean } = {},
): Promise<{ context: BrowserContext; reports: Reports; reachedWhatsapp: string[] }> {
  const context = await browser.newContext({
    ...PHONE,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const reports: Reports = { types: [] };
  const reachedWhatsapp: string[] = [];
  await context.route("https://wa.me/**", (route) => {
    reachedWhatsapp.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" });
  });
  await context.route(
    (url) => url.pathname === "/toque",
    async (route) => {
      // Chromium gives pings and beacons the same resource type: a ping says where it goes.
      const headers = await route.request().allHeaders();
      const type = headers["ping-to"] ? "ping" : "beacon";
      reports.types.push(type);
      // What Firefox, Brave and the blockers' "hyperlink auditing" switch do.
      if (options.dropPings && type === "ping") return route.abort();
      return route.continue();
    },
  );
  return { context, reports, reachedWhatsapp };
}

async function tapsStored(site: OwnSite) {
  return (
    await site.db
      .selectFrom("contact_taps")
      .select(["kind", "page", "utm_source", "utm_campaign", "taps"])
      .orderBy("page")
      .orderBy("kind")
      .execute()
  ).map((row) => ({ ...row, taps: Number(row.taps) }));
}

/** Taps the WhatsApp button and waits for the conversation's tab. */
async function tapWhatsapp(context: BrowserContext, page: Page): Promise<void> {
  const button = page.getByRole("link", { name: "Conversar pelo WhatsApp" });
  const [conversation] = await Promise.all([context.waitForEvent("page"), button.tap()]);
  await conversation.waitForURL("https://wa.me/**");
  expect(conversation.url()).toBe(whatsappHref);
  await conversation.close();
}

test("each tap opens the real target and counts once: with JavaScript, without, and with pings dropped", async ({
  ownSite,
  browser,
}) => {
  test.setTimeout(90_000);
  const taps: Awaited<ReturnType<typeof tapsStored>> = [];
  /** What the taps so far should have stored, in the order tapsStored reads them. */
  const expected = {
    push: (...rows: typeof taps) => taps.push(...rows),
    get rows() {
      return [...taps].sort((a, b) => a.page.localeCompare(b.page) || a.kind.localeCompare(b.kind));
    },
  };

  await test.step("with JavaScript: the ping and the beacon both arrive, one tap is counted", async () => {
    const { context, reports, reachedWhatsapp } = await phoneContext(browser);
    try {
      const page = await context.newPage();
      await page.goto(`${ownSite.url}/obras?${CAMPAIGN}`);
      const button = page.getByRole("link", { name: "Conversar pelo WhatsApp" });
      await expect(button).toHaveAttribute("href", whatsappHref);
      await expect(button).toHaveAttribute("target", "_blank");
      await expect(button).toHaveAttribute("rel", "noopener");
      // The landing page's campaign rides on the ping, never on the href.
      await expect(button).toHaveAttribute("ping", `${tapPing("whatsapp", "/obras")}&${CAMPAIGN}`);
      await tapWhatsapp(context, page);
      expect(reachedWhatsapp).toEqual([whatsappHref]);
      await expect.poll(() => [...reports.types].sort()).toEqual(["beacon", "ping"]);
      // The footer's e-mail link hands the address to the mail program: a tap of its own kind.
      const email = page
        .getByRole("contentinfo")
        .getByRole("link", { name: "contato@alvoradaengenharia.com.br" });
      await expect(email).toHaveAttribute("href", contactTargets.email);
      await email.tap();
      await expect.poll(() => reports.types.length).toBe(4);
      expected.push(
        { kind: "email", page: "/obras", utm_source: "instagram", utm_campaign: "fachadas-verao", taps: 1 },
        {
          kind: "whatsapp",
          page: "/obras",
          utm_source: "instagram",
          utm_campaign: "fachadas-verao",
          taps: 1,
        },
      );
      // The counters are written every few seconds.
      // With the context still open: closing it would cancel a tap the site has not received yet.
      await expect.poll(() => tapsStored(ownSite), { timeout: 15_000 }).toEqual(expected.rows);
    } finally {
      await context.close();
    }
  });

  await test.step("without JavaScript: the ping alone counts the tap", async () => {
    const { context, reports } = await phoneContext(browser, { javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${ownSite.url}/servicos?${CAMPAIGN}`);
      await expect(page.getByRole("link", { name: "Conversar pelo WhatsApp" })).toHaveAttribute(
        "ping",
        tapPing("whatsapp", "/servicos"),
      );
      await tapWhatsapp(context, page);
      await expect.poll(() => reports.types).toEqual(["ping"]);
      // The campaign comes from the page the ping names (Ping-From).
      expected.push({
        kind: "whatsapp",
        page: "/servicos",
        utm_source: "instagram",
        utm_campaign: "fachadas-verao",
        taps: 1,
      });
      await expect.poll(() => tapsStored(ownSite), { timeout: 15_000 }).toEqual(expected.rows);
    } finally {
      await context.close();
    }
  });

  await test.step("pings dropped: the beacon alone counts the tap", async () => {
    const { context, reports } = await phoneContext(browser, { dropPings: true });
    try {
      const page = await context.newPage();
      await page.goto(`${ownSite.url}/contato`);
      await tapWhatsapp(context, page);
      await expect.poll(() => [...reports.types].sort()).toEqual(["beacon", "ping"]);
      // The same phone (address and browser) came in from the campaign today: the tap is its.
      expected.push({
        kind: "whatsapp",
        page: "/contato",
        utm_source: "instagram",
        utm_campaign: "fachadas-verao",
        taps: 1,
      });
      await expect.poll(() => tapsStored(ownSite), { timeout: 15_000 }).toEqual(expected.rows);
    } finally {
      await context.close();
    }
  });

  await test.step("the owner sees each tap once on the Painel", async () => {
    const page = await painel(browser, ownSite);
    await expect(page.getByText(/e 4 toques de contato\./)).toBeVisible();
    await page.context().close();
  });

  await test.step("with the site stopped, an open page's links still reach the company", async () => {
    const { context, reachedWhatsapp } = await phoneContext(browser, { javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${ownSite.url}/`);
      await ownSite.server.stop();
      await tapWhatsapp(context, page);
      expect(reachedWhatsapp).toEqual([whatsappHref]);
      await expect(page.getByRole("banner").getByRole("link", { name: "(41) 99876-5432" })).toHaveAttribute(
        "href",
        whatsappHref,
      );
    } finally {
      await context.close();
    }
  });
});

test("pages reached by tapping inside the site count once each, prefetched ones when shown", async ({
  ownSite,
  browser,
}) => {
  // A computer's pointer rests on a link before it clicks: what the speculation rules prefetch on.
  const context = await browser.newContext();
  const prefetched: string[] = [];
  try {
    const page = await context.newPage();
    await page.goto(`${ownSite.url}/`);
    const nav = page.getByRole("navigation", { name: "Navegação principal" });
    for (const [name, path] of [
      ["Serviços", "/servicos"],
      ["Obras Realizadas", "/obras"],
    ] as const) {
      const link = nav.getByRole("link", { name, exact: true });
      await link.hover();
      // "moderate" eagerness prefetches after 200 ms of hover; give the prefetch time to finish.
      await page.waitForTimeout(800);
      await Promise.all([page.waitForURL(`${ownSite.url}${path}`), link.click()]);
      const delivery = await page.evaluate(
        () =>
          (
            performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & {
              deliveryType?: string;
            }
          ).deliveryType ?? "",
      );
      if (delivery === "navigational-prefetch") prefetched.push(path);
    }
  } finally {
    await context.close();
  }
  // At least one of the two was shown from a prefetch, or this test would not test it.
  expect(prefetched.length).toBeGreaterThan(0);
  const views = async () =>
    Object.fromEntries(
      (
        await ownSite.db
          .selectFrom("visit_counts")
          .select(["page"])
          .select((eb) => eb.fn.sum<number>("views").as("views"))
          .groupBy("page")
          .execute()
      ).map((row) => [row.page, Number(row.views)]),
    );
  await expect.poll(views, { timeout: 15_000 }).toEqual({ "/": 1, "/servicos": 1, "/obras": 1 });
  // The owner's Painel lists each page reached inside the site, not only the landing.
  const page = await painel(browser, ownSite);
  const pages = page.getByRole("region", { name: "Conversão de cada página", exact: true });
  for (const path of ["/", "/servicos", "/obras"]) {
    const row = pages
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: path, exact: true }) });
    await expect(row.getByRole("cell").first(), path).toHaveText("1");
  }
  await page.context().close();
});
