import { expect, test } from "@playwright/test";
import { publicPages } from "../support/pages";

const publicUrl = "https://www.exemplo-condominio.com.br";

for (const { path } of publicPages) {
  test(`${path} has its own title, description, canonical URL, Open Graph tags and business JSON-LD`, async ({
    page,
  }) => {
    await page.goto(path);
    // Without a doctype the browser lays the page out in quirks mode.
    expect(await page.evaluate(() => document.compatMode)).toBe("CSS1Compat");
    const title = await page.title();
    expect(title).toContain("Alvorada Engenharia Predial");
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length).toBeGreaterThan(50);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${publicUrl}${path}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${publicUrl}${path}`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /^https:\/\/.+\.(png|jpg|webp)$/,
    );
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "pt_BR");

    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    const business = JSON.parse(jsonLd ?? "{}");
    expect(business["@type"]).toBe("HomeAndConstructionBusiness");
    expect(business.telephone).toBe("+5541998765432");
    expect(business.address.postalCode).toBe("82305-100");
    expect(business.address.addressLocality).toBe("Curitiba");
    expect(business.openingHoursSpecification).toHaveLength(2);
  });
}

test("titles and descriptions differ between pages", async ({ page }) => {
  const seen = new Set<string>();
  for (const { path } of publicPages) {
    await page.goto(path);
    const key = `${await page.title()}|${await page.locator('meta[name="description"]').getAttribute("content")}`;
    expect(seen.has(key)).toBe(false);
    seen.add(key);
  }
});

test("pages load nothing from other hosts and every image has its size and alt text", async ({
  page,
  baseURL,
}) => {
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && url.origin !== new URL(baseURL ?? "").origin)
      foreign.push(request.url());
  });
  for (const { path } of publicPages) {
    await page.goto(path);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const images = await page.locator("img").evaluateAll((imgs) =>
      imgs.map((img) => ({
        src: img.getAttribute("src"),
        alt: img.getAttribute("alt"),
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
      })),
    );
    for (const image of images) {
      expect(image.alt, `${path} ${image.src}`).toBeTruthy();
      expect(Number(image.width), `${path} ${image.src}`).toBeGreaterThan(0);
      expect(Number(image.height), `${path} ${image.src}`).toBeGreaterThan(0);
    }
  }
  expect(foreign).toEqual([]);
});

test("static public pages ship no JavaScript bundle", async ({ page }) => {
  for (const path of ["/", "/servicos", "/obras"]) {
    await page.goto(path);
    await expect(page.locator("script[src]")).toHaveCount(0);
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
  }
});
