import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectContactLink } from "../support/contact-links";
import { contactTargets, demoArticlePath, demoWorkPath, publicPages, tapPing } from "../support/pages";

test.describe("shared layout", () => {
  for (const page of publicPages) {
    test(`${page.path} renders the header, the page heading and the footer`, async ({ page: browser }) => {
      const response = await browser.goto(page.path);
      expect(response?.status()).toBe(200);
      await expect(browser.locator("html")).toHaveAttribute("lang", "pt-BR");
      await expect(browser.getByRole("heading", { level: 1 })).toContainText(page.heading);

      const banner = browser.getByRole("banner");
      // Contact links lead to the real target; the tap is counted by their ping (decision 0071).
      await expectContactLink(banner.getByRole("link", { name: "(41) 99876-5432" }), "whatsapp", page.path);
      await expectContactLink(
        banner.getByRole("link", { name: "contato@alvoradaengenharia.com.br" }),
        "email",
        page.path,
      );
      await expect(banner.getByText("Manutenção predial em condomínios")).toBeVisible();
      await expect(banner.getByRole("link", { name: "Solicitar Orçamento" })).toHaveAttribute(
        "href",
        "/contato#orcamento",
      );

      const footer = browser.getByRole("contentinfo");
      await expect(footer).toContainText("CEP 82305-100");
      await expect(footer).toContainText("Segunda a sexta: 8h às 18h");
      await expect(footer).toContainText("Sábado: 8h às 12h");
      await expect(footer).toContainText("© 2024");
      await expect(footer.getByRole("link", { name: "Área administrativa" })).toHaveAttribute(
        "href",
        "/auth",
      );
      await expect(footer.getByRole("link", { name: "Restauração de Fachadas" })).toHaveAttribute(
        "href",
        "/servicos#restauracao-fachadas",
      );
    });
  }

  test("the navigation highlights the current page and moves between pages", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Navegação principal" });
    await expect(nav.getByRole("link")).toHaveText([
      "Início",
      "Serviços",
      "Obras Realizadas",
      "Blog",
      "Contato",
    ]);
    await expect(nav.getByRole("link", { name: "Início" })).toHaveAttribute("aria-current", "page");

    for (const target of publicPages.slice(1)) {
      await nav.getByRole("link", { name: target.name }).click();
      await expect(page).toHaveURL(target.path);
      await expect(nav.getByRole("link", { name: target.name })).toHaveAttribute("aria-current", "page");
      await expect(nav.locator("[aria-current=page]")).toHaveCount(1);
    }

    // An article belongs to the blog section.
    await page.goto(demoArticlePath);
    await expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current=page]")).toHaveCount(1);
  });
});

/** The walk's two screens: a desktop and a phone. */
const SIZES = [
  { name: "desktop", viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

// Every "Solicitar Orçamento" lands on the form itself, not on the top of /contato with the form
// below the four contact cards; its heading clear of the sticky header, with or without JavaScript.
for (const size of SIZES) {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`the quote button on a ${size.name}${javaScriptEnabled ? "" : " without JavaScript"}`, () => {
      test.use({
        viewport: size.viewport,
        isMobile: size.isMobile,
        hasTouch: size.isMobile,
        javaScriptEnabled,
      });

      test("lands on the form, its heading below the sticky header", async ({ page }) => {
        await page.goto("/obras");
        await page.getByRole("banner").getByRole("link", { name: "Solicitar Orçamento" }).first().click();
        await expect(page).toHaveURL("/contato#orcamento");
        const heading = page.getByRole("heading", { name: "Solicitar Orçamento", level: 2 });
        await expect(heading).toBeInViewport();
        await expect(page.getByRole("textbox", { name: /Nome/ }).first()).toBeInViewport();
        const header = await page.getByRole("banner").boundingBox();
        const headingBox = await heading.boundingBox();
        expect(headingBox?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
      });
    });
  }
}

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("opens, lists every item and closes when one is chosen", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Navegação principal" })).toBeHidden();
    const mobileNav = page.getByRole("navigation", { name: "Navegação móvel" });
    await expect(mobileNav).toBeHidden();
    // The quote is one tap away on a phone.
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Solicitar Orçamento" }).first(),
    ).toBeVisible();

    await page.getByLabel("Menu").click();
    await expect(mobileNav).toBeVisible();
    await expect(mobileNav.getByRole("link", { name: "Início" })).toHaveAttribute("aria-current", "page");
    await mobileNav.getByRole("link", { name: "Obras Realizadas" }).click();

    await expect(page).toHaveURL("/obras");
    await expect(page.getByRole("navigation", { name: "Navegação móvel" })).toBeHidden();
    await page.getByLabel("Menu").click();
    await expect(
      page
        .getByRole("navigation", { name: "Navegação móvel" })
        .getByRole("link", { name: "Obras Realizadas" }),
    ).toHaveAttribute("aria-current", "page");
  });

  test("the menu toggle works from the keyboard", async ({ page }) => {
    await page.goto("/servicos");
    await page.getByLabel("Menu").focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("navigation", { name: "Navegação móvel" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("navigation", { name: "Navegação móvel" })).toBeHidden();
  });
});

test("every contact link of every public page is its real target, counted by its ping", async ({
  request,
}) => {
  for (const path of [
    ...publicPages.map((p) => p.path),
    demoArticlePath,
    demoWorkPath,
    "/politica-de-privacidade",
    "/pagina-que-nao-existe",
  ]) {
    const html = await (await request.get(path)).text();
    const anchors = [...html.matchAll(/<a\b[^>]*>/g)].map((m) => m[0]);
    // No link leads through the site to reach the company.
    expect(
      anchors.filter((a) => /href="\/contato\//.test(a)),
      path,
    ).toEqual([]);
    const counted = anchors.filter((a) => a.includes("data-toque="));
    expect(counted.length, path).toBeGreaterThanOrEqual(2);
    for (const anchor of counted) {
      const kind = /data-toque="(\w+)"/.exec(anchor)?.[1] as keyof typeof contactTargets;
      const attribute = (name: string) =>
        new RegExp(`${name}="([^"]*)"`).exec(anchor)?.[1]?.replaceAll("&amp;", "&");
      expect(attribute("href"), `${path} ${kind}`).toBe(contactTargets[kind]);
      expect(attribute("ping"), path).toBe(tapPing(kind, path));
    }
  }
});

test.describe("chat button", () => {
  for (const path of ["/", "/servicos", "/obras", "/contato", "/pagina-que-nao-existe"]) {
    test(`is on ${path} with the WhatsApp link`, async ({ page }) => {
      await page.goto(path);
      const chat = page.getByRole("link", { name: "Conversar pelo WhatsApp" });
      await expect(chat).toBeVisible();
      await expectContactLink(chat, "whatsapp", path);
      await expect(chat).toHaveAttribute("target", "_blank");
      await expect(chat).toHaveAttribute("rel", /noopener/);
    });
  }

  test("is not on the blog list", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Conversar pelo WhatsApp" })).toHaveCount(0);
  });
});

test.describe("chat button on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  /** Scrolls the page so that the middle of `target` lies on the middle of the button's place. */
  async function bringUnderTheButton(page: Page, target: Locator): Promise<{ x: number; y: number }> {
    const dock = await page.locator("[data-chat-dock]").boundingBox();
    if (!dock) throw new Error("no chat button");
    const spot = { x: dock.x + dock.width / 2, y: dock.y + dock.height / 2 };
    const box = await target.boundingBox();
    if (!box) throw new Error("no target");
    await page.evaluate((by) => window.scrollBy(0, by), box.y + box.height / 2 - spot.y);
    return spot;
  }

  test("steps aside while a control lies under it, so a tap there reaches the control", async ({ page }) => {
    await page.goto("/contato");
    const chat = page.getByRole("link", { name: "Conversar pelo WhatsApp" });
    const service = page.getByRole("combobox", { name: "Serviço de interesse" });
    const spot = await bringUnderTheButton(page, service);
    await expect(chat).not.toBeInViewport();
    await page.mouse.click(spot.x, spot.y);
    await expect(service).toBeFocused();
    // Nothing usable under its place again: the button is back where it was.
    await bringUnderTheButton(page, page.getByRole("heading", { name: "Precisa de atendimento urgente?" }));
    await expect(chat).toBeInViewport();
    // A tap there is the button's again (polled: it may still be sliding back).
    await expect
      .poll(() =>
        page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.closest("a")?.getAttribute("aria-label"),
          spot,
        ),
      )
      .toBe("Conversar pelo WhatsApp");
  });

  test("is one tap away as each page opens", async ({ page }) => {
    for (const path of ["/", "/servicos", "/obras", "/contato", demoArticlePath, demoWorkPath]) {
      await page.goto(path);
      await expect(page.getByRole("link", { name: "Conversar pelo WhatsApp" }), path).toBeInViewport();
    }
  });

  test("without JavaScript it stays put, and at a page's end the footer's last links lie clear of it", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    try {
      for (const path of ["/", "/contato", "/obras"]) {
        await page.goto(path);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const dock = await page.locator("[data-chat-dock]").boundingBox();
        const footerLinks = await page.getByRole("contentinfo").getByRole("link").all();
        for (const link of footerLinks.slice(-3)) {
          const box = await link.boundingBox();
          if (!box || !dock) throw new Error("nothing measured");
          const apart =
            box.y + box.height <= dock.y || box.y >= dock.y + dock.height || box.x + box.width <= dock.x;
          expect(apart, `${path}: ${await link.textContent()} under the chat button`).toBe(true);
        }
      }
    } finally {
      await context.close();
    }
  });
});

test.describe("narrow phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("no page scrolls sideways", async ({ page }) => {
    for (const path of ["/", "/servicos", "/obras", "/contato", "/nao-existe"]) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(360);
    }
  });
});

// Every number with a phone icon opens WhatsApp, as the spec asks; a visitor who would rather
// call has "Ligar" beside it where a caller looks: the Telefone card, the urgent section, the footer.
for (const size of SIZES) {
  test.describe(`calling on a ${size.name}`, () => {
    test.use({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.isMobile });

    test("'Ligar' beside the number is a tel: link, counted, and big enough to tap", async ({ page }) => {
      await page.goto("/contato");
      const places = [
        page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Telefone" }) }),
        page.getByRole("region", { name: "Precisa de atendimento urgente?" }),
        page.getByRole("contentinfo"),
      ];
      for (const place of places) {
        const call = place.getByRole("link", { name: "Ligar para (41) 99876-5432" });
        await expect(call).toHaveText("Ligar");
        await call.scrollIntoViewIfNeeded();
        await expect(call).toBeInViewport();
        await expectContactLink(call, "telefone", "/contato");
        expect((await call.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
        // The number itself still opens WhatsApp.
        await expect(place.getByRole("link", { name: "(41) 99876-5432", exact: true })).toHaveAttribute(
          "href",
          contactTargets.whatsapp,
        );
      }
    });
  });
}
