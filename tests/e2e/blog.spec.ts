import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { sql } from "kysely";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { demoCategories, demoPosts } from "~/server/db/seed/demo-posts";
import { startServer } from "../../harness/server";
import { insertCategory, insertPost, openE2eDatabase } from "../support/db";

declare global {
  interface Window {
    __marker?: number;
    __xss?: number;
  }
}

const publicUrl = "https://www.exemplo-condominio.com.br";
const timeZone = "America/Sao_Paulo";

const publishedDemo = demoPosts.filter((p) => p.status === "published");
const hiddenDemo = demoPosts.filter((p) => p.status !== "published");
const draftSlug = "como-comparar-orcamentos-de-obras-no-condominio";
const archivedSlug = "agenda-de-vistorias-preventivas-verao-2024-2025";

let handle: Awaited<ReturnType<typeof openE2eDatabase>>;
test.beforeAll(async () => {
  handle = await openE2eDatabase();
});
test.afterAll(async () => {
  await handle.close();
});

const uid = () => randomUUID().slice(0, 8);

/** Featured card date: "fevereiro de 2025". */
function monthYear(iso: string): string {
  return new Intl.DateTimeFormat("pt-BR", { timeZone, month: "long", year: "numeric" }).format(new Date(iso));
}

/** Article date: "dd MMM yyyy", lowercase month without the dot ("22 mai 2025"). */
function articleDate(iso: string): string {
  const parts = new Intl.DateTimeFormat("pt-BR", {
    timeZone,
    day: "2-digit",
    month: "short",
    year: "numeric",
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")} ${part("month").replace(".", "").toLowerCase()} ${part("year")}`;
}

/** A category only this test uses, so nobody else's posts change what it counts. */
async function createCategory(label: string) {
  const id = uid();
  const name = `Categoria Teste ${label} ${id}`;
  const slug = await insertCategory(handle.db, name, `categoria-teste-${label.toLowerCase()}-${id}`);
  return { name, slug };
}

/** `count` published, non-featured posts, one day apart in 2019 (older than the demo content). */
async function insertSeries(categorySlug: string, label: string, count: number, month = 1) {
  const posts: { title: string; slug: string }[] = [];
  for (let i = 1; i <= count; i++) {
    const title = `${label} ${String(i).padStart(2, "0")}`;
    const slug = await insertPost(handle.db, {
      title,
      categorySlug,
      publishedAt: new Date(Date.UTC(2019, month - 1, i, 12)).toISOString(),
    });
    posts.push({ title, slug });
  }
  return posts; // oldest first
}

function categoryNav(page: Page) {
  return page.getByRole("navigation", { name: "Categorias do blog" });
}

function grid(page: Page) {
  return page.getByRole("region", { name: "Artigos", exact: true }).getByRole("article");
}

function featuredCard(page: Page) {
  return page.getByRole("main").getByRole("article").filter({ hasText: "Artigo em destaque" });
}

/** The category badge is the first text chip of a card. */
function badge(card: Locator) {
  return card.locator("span").first();
}

async function cardTitles(page: Page) {
  return grid(page).getByRole("heading", { level: 3 }).allTextContents();
}

interface JsonLdNode {
  "@type": string;
  headline?: string;
}

/** Every JSON-LD node of the page (blocks may hold one node or a list). */
async function jsonLdNodes(page: Page): Promise<JsonLdNode[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => {
    const data: JsonLdNode | JsonLdNode[] = JSON.parse(text);
    return Array.isArray(data) ? data : [data];
  });
}

function blogUrl(page: Page) {
  const url = new URL(page.url());
  return { pathname: url.pathname, params: Object.fromEntries(url.searchParams) };
}

test.describe("blog list", () => {
  test("category chips: Todos first, then every category alphabetically; a chip filters the list", async ({
    page,
  }) => {
    const before = (await handle.db.selectFrom("categories").select("name").execute()).map((c) => c.name);
    await page.goto("/blog");
    const chips = categoryNav(page).getByRole("link");
    const names = (await chips.allTextContents()).map((n) => n.trim());
    const after = (await handle.db.selectFrom("categories").select("name").execute()).map((c) => c.name);

    expect(names[0]).toBe("Todos");
    const categoryNames = names.slice(1);
    const collator = new Intl.Collator("pt-BR");
    expect(categoryNames).toEqual([...categoryNames].sort(collator.compare));
    expect(new Set(categoryNames).size).toBe(categoryNames.length);
    for (const name of before) expect(categoryNames).toContain(name);
    for (const name of categoryNames) expect(after).toContain(name);
    for (const { name } of demoCategories) expect(categoryNames).toContain(name);

    await expect(chips.first()).toHaveAttribute("aria-current", "page");
    await expect(categoryNav(page).locator("[aria-current]")).toHaveCount(1);
    await categoryNav(page).getByRole("link", { name: "Manutenção Preventiva", exact: true }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === "/blog" && url.search === "?categoria=manutencao-preventiva",
    );
    const chip = categoryNav(page).getByRole("link", { name: "Manutenção Preventiva", exact: true });
    await expect(chip).toHaveAttribute("aria-current", "page");
    await expect(categoryNav(page).getByRole("link", { name: "Todos" })).not.toHaveAttribute("aria-current");
    await expect(categoryNav(page).locator("[aria-current]")).toHaveCount(1);

    const cards = page.getByRole("main").getByRole("article");
    await expect(
      cards.getByRole("heading", { name: "Plano de manutenção pela NBR 5674: por onde o síndico começa" }),
    ).toBeVisible();
    await expect(
      cards.getByRole("heading", {
        name: "Ferragens expostas e corrosão de armaduras: entenda a carbonatação",
      }),
    ).toBeVisible();
    await expect(
      cards.getByRole("heading", { name: "Quando repintar a fachada: tinta acrílica ou elastomérica?" }),
    ).toHaveCount(0);
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < count; i++) await expect(badge(cards.nth(i))).toHaveText("Manutenção Preventiva");
  });

  test("category chips sort accented names alphabetically too", async ({ page }) => {
    test.setTimeout(60_000);
    // A server of its own: an extra category in the shared database would change every other
    // test's chip list.
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-e2e-blog-"));
    const schema = `e2e_blog_${uid()}`;
    const env: Record<string, string> = process.env.DATABASE_URL
      ? { DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema }
      : { DATA_DIR: dataDir };
    const server = await startServer({ ...env, PUBLIC_URL: publicUrl });
    const own = await openDatabase(databaseConfigFromEnv(env));
    try {
      await insertCategory(own.db, "Área Comum", "area-comum");
      await page.goto(`${server.url}/blog`);
      const names = (await categoryNav(page).getByRole("link").allTextContents()).map((n) => n.trim());
      expect(names).toHaveLength(7);
      expect(names).toEqual([
        "Todos",
        "Área Comum",
        "Fachadas",
        "Gestão de Condomínios",
        "Impermeabilização",
        "Manutenção Preventiva",
        "Normas e Inspeções",
      ]);
    } finally {
      await server.stop();
      if (own.config.engine === "postgres")
        await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(own.db);
      rmSync(dataDir, { recursive: true, force: true });
      await own.close();
    }
  });

  test("featured card shows the newest featured post with category, month and year, read time, excerpt and link", async ({
    page,
  }) => {
    const newestFeatured = () =>
      handle.db
        .selectFrom("blog_posts as p")
        .innerJoin("categories as c", "c.id", "p.category_id")
        .select([
          "p.title",
          "p.slug",
          "p.excerpt",
          "p.read_time",
          "p.published_at",
          "p.featured_image_url",
          "c.name as category",
        ])
        .where("p.status", "=", "published")
        .where("p.featured", "=", true)
        .orderBy("p.published_at", "desc")
        .executeTakeFirstOrThrow();
    // Other files publish featured posts on the shared server meanwhile: the page and the
    // database are compared once the render cache has dropped a page a new post changed.
    let expected = await newestFeatured();
    const card = featuredCard(page);
    await expect
      .poll(
        async () => {
          expected = await newestFeatured();
          await page.goto("/blog");
          return (await card.getByRole("heading", { level: 2 }).textContent()) === expected.title;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(expected.title);
    await expect(badge(card)).toHaveText(expected.category);
    await expect(card.locator("time")).toHaveText(monthYear(String(expected.published_at)));
    await expect(card).toContainText(`${expected.read_time} min de leitura`);
    await expect(card.getByText(expected.excerpt, { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: /^Ler Artigo Completo/ })).toHaveAttribute(
      "href",
      `/blog/${expected.slug}`,
    );
    await expect(card.getByRole("link", { name: /^Ler Artigo Completo/ })).toContainText(
      "Ler Artigo Completo",
    );
    if (expected.featured_image_url) {
      const image = card.locator("img");
      await expect(image).toHaveAttribute("src", expected.featured_image_url);
      expect(Number(await image.getAttribute("width"))).toBeGreaterThan(0);
      expect(Number(await image.getAttribute("height"))).toBeGreaterThan(0);
    }
    // With the demo content alone, that is the fachadas article (April 2025), not the older one.
    if ((await newestFeatured()).slug === "descolamento-de-ceramica-na-fachada") {
      await expect(card.locator("time")).toHaveText("abril de 2025");
      await expect(card.locator("img")).toHaveAttribute("width", /\d+/);
    }
  });

  test("featured card without an image shows the placeholder; with one, an <img> with its size", async ({
    page,
  }) => {
    const noImage = await createCategory("Destaque");
    await insertPost(handle.db, {
      title: `Destaque antigo com imagem ${uid()}`,
      categorySlug: noImage.slug,
      featured: true,
      publishedAt: "2019-05-10T12:00:00.000Z",
      featuredImageUrl: "/illustrations/obra-03.svg",
    });
    const newest = {
      title: `Destaque recente sem imagem ${uid()}`,
      excerpt: `Resumo do destaque ${uid()}.`,
      // 01:30 UTC on 1 March is still February in Curitiba.
      publishedAt: "2025-03-01T01:30:00.000Z",
    };
    const slug = await insertPost(handle.db, {
      ...newest,
      categorySlug: noImage.slug,
      featured: true,
      readTime: 7,
    });
    const plainTitle = `Artigo comum ${uid()}`;
    await insertPost(handle.db, {
      title: plainTitle,
      categorySlug: noImage.slug,
      publishedAt: "2019-01-01T12:00:00.000Z",
    });

    await page.goto(`/blog?categoria=${noImage.slug}`);
    const card = featuredCard(page);
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(newest.title);
    await expect(badge(card)).toHaveText(noImage.name);
    await expect(card.locator("time")).toHaveText("fevereiro de 2025");
    await expect(card.locator("time")).toHaveText(monthYear(newest.publishedAt));
    await expect(card).toContainText("7 min de leitura");
    await expect(card.getByText(newest.excerpt, { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: /^Ler Artigo Completo/ })).toHaveAttribute(
      "href",
      `/blog/${slug}`,
    );
    await expect(card.locator("img")).toHaveCount(0);
    // The grid holds the non-featured posts only.
    expect(await cardTitles(page)).toEqual([plainTitle]);

    const withImage = await createCategory("Imagem");
    const imageTitle = `Destaque com imagem ${uid()}`;
    await insertPost(handle.db, {
      title: imageTitle,
      categorySlug: withImage.slug,
      featured: true,
      featuredImageUrl: "/illustrations/obra-06.svg",
    });
    await page.goto(`/blog?categoria=${withImage.slug}`);
    const image = featuredCard(page).locator("img");
    await expect(image).toHaveCount(1);
    await expect(image).toHaveAttribute("src", "/illustrations/obra-06.svg");
    await expect(image).toHaveAttribute("alt", /.+/);
    expect(Number(await image.getAttribute("width"))).toBeGreaterThan(0);
    expect(Number(await image.getAttribute("height"))).toBeGreaterThan(0);
  });

  test("'Carregar Mais Artigos' adds four posts at a time without reloading the page", async ({ page }) => {
    const category = await createCategory("Mais");
    const posts = await insertSeries(category.slug, `Artigo Mais ${uid()}`, 10);
    const newestFirst = posts.map((p) => p.title).reverse();

    await page.goto(`/blog?categoria=${category.slug}`);
    await expect(grid(page)).toHaveCount(4);
    expect(await cardTitles(page)).toEqual(newestFirst.slice(0, 4));
    await page.evaluate(() => {
      window.__marker = 1;
    });

    // Hold the next page's HTML until the loading text has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.searchParams.get("mostrar") === "8",
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const more = page.getByRole("link", { name: "Carregar Mais Artigos" });
    await more.click();
    await expect(page.getByRole("status")).toHaveText("Carregando artigos...");
    release();
    await expect(grid(page)).toHaveCount(8);
    await expect(page).toHaveURL(
      (url) => url.pathname === "/blog" && url.search === `?categoria=${category.slug}&mostrar=8`,
    );
    expect(await cardTitles(page)).toEqual(newestFirst.slice(0, 8));
    await expect(page.getByText("Carregando artigos...")).toHaveCount(0);
    expect(await page.evaluate(() => window.__marker)).toBe(1);

    await more.click();
    await expect(grid(page)).toHaveCount(10);
    await expect(page).toHaveURL((url) => url.searchParams.get("mostrar") === "12");
    expect(await cardTitles(page)).toEqual(newestFirst);
    await expect(more).toHaveCount(0);
    expect(await page.evaluate(() => window.__marker)).toBe(1);

    // Back goes to the previous state of the list.
    await page.goBack();
    await expect(page).toHaveURL((url) => url.searchParams.get("mostrar") === "8");
    await expect(grid(page)).toHaveCount(8);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("'Carregar Mais Artigos' and the chips are plain links", async ({ page }) => {
      const category = await createCategory("Semjs");
      const posts = await insertSeries(category.slug, `Artigo Sem JS ${uid()}`, 10);
      const newestFirst = posts.map((p) => p.title).reverse();

      await page.goto("/blog");
      await categoryNav(page).getByRole("link", { name: category.name }).click();
      expect(blogUrl(page)).toEqual({ pathname: "/blog", params: { categoria: category.slug } });
      await expect(grid(page)).toHaveCount(4);

      const more = page.getByRole("link", { name: "Carregar Mais Artigos" });
      await more.click();
      expect(blogUrl(page)).toEqual({
        pathname: "/blog",
        params: { categoria: category.slug, mostrar: "8" },
      });
      await expect(grid(page)).toHaveCount(8);
      expect(await cardTitles(page)).toEqual(newestFirst.slice(0, 8));

      await more.click();
      await expect(grid(page)).toHaveCount(10);
      expect(await cardTitles(page)).toEqual(newestFirst);
      await expect(more).toHaveCount(0);
    });
  });

  test("changing the category after loading more shows at most four posts again", async ({ page }) => {
    const first = await createCategory("Primeira");
    const second = await createCategory("Segunda");
    await insertSeries(first.slug, `Artigo Primeira ${uid()}`, 10);
    await insertSeries(second.slug, `Artigo Segunda ${uid()}`, 6, 2);

    await page.goto(`/blog?categoria=${first.slug}`);
    await page.getByRole("link", { name: "Carregar Mais Artigos" }).click();
    await expect(grid(page)).toHaveCount(8);
    await expect(page).toHaveURL((url) => url.searchParams.get("mostrar") === "8");

    await categoryNav(page).getByRole("link", { name: second.name }).click();
    await expect(categoryNav(page).getByRole("link", { name: second.name })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(blogUrl(page)).toEqual({ pathname: "/blog", params: { categoria: second.slug } });
    await expect(grid(page)).toHaveCount(4);
    for (const card of await grid(page).all()) await expect(badge(card)).toHaveText(second.name);
    await expect(page.getByRole("link", { name: "Carregar Mais Artigos" })).toBeVisible();

    await page.getByRole("link", { name: "Carregar Mais Artigos" }).click();
    await expect(grid(page)).toHaveCount(6);
    await categoryNav(page).getByRole("link", { name: "Todos" }).click();
    await expect(categoryNav(page).getByRole("link", { name: "Todos" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(blogUrl(page)).toEqual({ pathname: "/blog", params: {} });
    await expect(grid(page)).toHaveCount(4);
  });

  test("a category without published posts shows the empty message", async ({ page }) => {
    const category = await createCategory("Vazia");
    await insertPost(handle.db, { title: `Rascunho ${uid()}`, categorySlug: category.slug, status: "draft" });
    await insertPost(handle.db, {
      title: `Arquivado ${uid()}`,
      categorySlug: category.slug,
      status: "archived",
      featured: true,
      publishedAt: "2020-01-01T12:00:00.000Z",
    });

    await page.goto(`/blog?categoria=${category.slug}`);
    await expect(categoryNav(page).getByRole("link", { name: category.name })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(
      page.getByText(`Nenhum artigo encontrado para "${category.name}".`, { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Carregar Mais Artigos" })).toHaveCount(0);
  });

  test("an unknown category goes back to the full list", async ({ page }) => {
    const response = await page.goto(`/blog?categoria=nao-existe-${uid()}`);
    expect(response?.request().redirectedFrom()).not.toBeNull();
    expect(blogUrl(page)).toEqual({ pathname: "/blog", params: {} });
    await expect(categoryNav(page).getByRole("link", { name: "Todos" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("the list closes with the quote call to action", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.getByRole("heading", { name: "Precisa de Ajuda com seu Condomínio?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Solicitar Orçamento Gratuito" })).toHaveAttribute(
      "href",
      "/contato#orcamento",
    );
  });
});

test.describe("article", () => {
  const demo = publishedDemo.find((p) => p.slug === "plano-de-manutencao-nbr-5674");
  if (!demo) throw new Error("demo article missing");

  test("shows back link, category, title, excerpt, date, read time, content, related posts and the call to action", async ({
    page,
  }) => {
    await page.goto(`/blog/${demo.slug}`);
    const article = page.getByRole("article").filter({ has: page.getByRole("heading", { level: 1 }) });
    await expect(article.getByRole("link", { name: "Voltar ao Blog" })).toHaveAttribute("href", "/blog");
    await expect(article.getByRole("link", { name: "Manutenção Preventiva", exact: true })).toHaveAttribute(
      "href",
      "/blog?categoria=manutencao-preventiva",
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(demo.title);
    await expect(article.getByText(demo.excerpt, { exact: true })).toBeVisible();
    await expect(article.getByText("22 mai 2025", { exact: true })).toBeVisible();
    expect(articleDate(demo.publishedAt ?? "")).toBe("22 mai 2025");
    await expect(article.getByText(`${demo.readTime} min de leitura`, { exact: true })).toBeVisible();
    const headings = [...demo.content.matchAll(/<h2>(.*?)<\/h2>/g)].map((m) => m[1] ?? "");
    expect(headings.length).toBeGreaterThan(1);
    for (const heading of headings)
      await expect(article.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();

    const related = page.getByRole("region", { name: "Artigos relacionados" }).getByRole("article");
    const count = await related.count();
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThanOrEqual(3);
    for (const card of await related.all()) {
      await expect(badge(card)).toHaveText("Manutenção Preventiva");
      await expect(card.getByRole("link")).not.toHaveAttribute("href", `/blog/${demo.slug}`);
    }
    const relatedTitles = await related.getByRole("heading").allTextContents();
    expect(relatedTitles).toContain("Ferragens expostas e corrosão de armaduras: entenda a carbonatação");
    expect(relatedTitles).toContain("Rejunte com falhas: sinais de alerta e como funciona o rejuntamento");
    expect(relatedTitles).not.toContain(demoPosts.find((p) => p.slug === archivedSlug)?.title);

    await expect(page.getByRole("heading", { name: "Precisa de Ajuda com seu Condomínio?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Solicitar Orçamento Gratuito" })).toHaveAttribute(
      "href",
      "/contato#orcamento",
    );
  });

  test("head has canonical URL, article Open Graph tags and BlogPosting and BreadcrumbList JSON-LD", async ({
    page,
  }) => {
    await page.goto(`/blog/${demo.slug}`);
    const url = `${publicUrl}/blog/${demo.slug}`;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", url);
    const published = await page.locator('meta[property="article:published_time"]').getAttribute("content");
    expect(new Date(published ?? "").toISOString()).toBe(demo.publishedAt);
    expect(await page.title()).toContain(demo.title);

    const types = await jsonLdNodes(page);
    const posting = types.find((t) => t["@type"] === "BlogPosting");
    expect(posting?.headline).toBe(demo.title);
    expect(types.map((t) => t["@type"])).toContain("BreadcrumbList");
  });

  test("related posts: at most three published posts of the same category, never the article itself", async ({
    page,
  }) => {
    const category = await createCategory("Relacionados");
    const label = `Artigo Relacionado ${uid()}`;
    const series = await insertSeries(category.slug, label, 5, 3);
    const draftTitle = `Rascunho Relacionado ${uid()}`;
    await insertPost(handle.db, { title: draftTitle, categorySlug: category.slug, status: "draft" });
    // 02:00 UTC on 1 March 2019 is still 28 February in Curitiba.
    const late = { title: `${label} tarde`, slug: "" };
    late.slug = await insertPost(handle.db, {
      title: late.title,
      categorySlug: category.slug,
      publishedAt: "2019-03-01T02:00:00.000Z",
      readTime: 9,
    });
    const all = [...series, late].map((p) => p.title);

    for (const post of [series[4], series[0], late]) {
      if (!post) throw new Error("missing post");
      await page.goto(`/blog/${post.slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
      const related = page.getByRole("region", { name: "Artigos relacionados" }).getByRole("article");
      await expect(related).toHaveCount(3);
      const relatedTitles = await related.getByRole("heading").allTextContents();
      expect(relatedTitles).not.toContain(post.title);
      expect(relatedTitles).not.toContain(draftTitle);
      for (const t of relatedTitles) expect(all).toContain(t);
      for (const card of await related.all()) await expect(badge(card)).toHaveText(category.name);
    }
    // The page left open is the late-evening article.
    const article = page.getByRole("article").filter({ has: page.getByRole("heading", { level: 1 }) });
    await expect(article.getByText("28 fev 2019", { exact: true })).toBeVisible();
    expect(articleDate("2019-03-01T02:00:00.000Z")).toBe("28 fev 2019");
    await expect(article.getByText("9 min de leitura", { exact: true })).toBeVisible();
  });

  for (const [what, slug] of [
    ["a draft", draftSlug],
    ["an archived post", archivedSlug],
    ["an unknown slug", "artigo-que-nao-existe"],
  ] as const) {
    test(`${what} redirects to /blog`, async ({ page }) => {
      const response = await page.goto(`/blog/${slug}`);
      expect(response?.request().redirectedFrom()?.url()).toMatch(new RegExp(`/blog/${slug}$`));
      expect(blogUrl(page)).toEqual({ pathname: "/blog", params: {} });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Conhecimento para cuidar do seu condomínio",
      );

      const direct = await page.request.get(`/blog/${slug}`, { maxRedirects: 0 });
      expect(direct.status()).toBe(302);
      expect(direct.headers().location).toBe("/blog");
    });
  }

  test("post HTML, title and excerpt cannot run script", async ({ page }) => {
    const category = await createCategory("Xss");
    const id = uid();
    const title = `Título <b>negrito</b> "><script>window.__xss=5</script> ${id}`;
    const excerpt = `Resumo <b>negrito</b> "><script>window.__xss=5</script> ${id}`;
    const slug = await insertPost(handle.db, {
      title,
      excerpt,
      categorySlug: category.slug,
      content:
        '<p>ok</p><script>window.__xss=1</script><img src=x onerror="window.__xss=2"><a href="javascript:window.__xss=3">link</a><p onclick="window.__xss=4">p</p>',
      // Older than the four posts below, so on the list it arrives through "Carregar Mais Artigos".
      publishedAt: "2019-06-01T12:00:00.000Z",
    });
    const newer = await insertSeries(category.slug, `Artigo Xss ${id}`, 4, 7);
    const featuredTitle = `${title} destaque`;
    await insertPost(handle.db, {
      title: featuredTitle,
      excerpt,
      categorySlug: category.slug,
      featured: true,
    });

    await page.goto(`/blog/${slug}`);
    const article = page.getByRole("article").filter({ has: page.getByRole("heading", { level: 1 }) });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("heading", { level: 1 }).locator("b")).toHaveCount(0);
    await expect(article.getByText(excerpt, { exact: true })).toBeVisible();
    await expect(article.getByText("ok", { exact: true })).toBeVisible();
    await article.getByText("link", { exact: true }).click();
    await article.getByText("p", { exact: true }).click();
    expect(await page.evaluate(() => window.__xss)).toBeUndefined();
    expect(new URL(page.url()).pathname).toBe(`/blog/${slug}`);
    await expect(article.locator("script")).toHaveCount(0);
    await expect(article.locator("[onerror], [onclick]")).toHaveCount(0);
    await expect(article.locator('a[href^="javascript:"]')).toHaveCount(0);
    expect(await page.title()).toContain(title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", excerpt);
    expect((await jsonLdNodes(page)).find((t) => t["@type"] === "BlogPosting")?.headline).toBe(title);

    await page.goto(`/blog?categoria=${category.slug}`);
    await expect(featuredCard(page).getByRole("heading", { level: 2 })).toHaveText(featuredTitle);
    await expect(featuredCard(page).getByText(excerpt, { exact: true })).toBeVisible();
    await expect(grid(page)).toHaveCount(4);
    await page.getByRole("link", { name: "Carregar Mais Artigos" }).click();
    await expect(grid(page).getByRole("heading", { level: 3 })).toHaveText([
      ...newer.map((p) => p.title).reverse(),
      title,
    ]);
    await expect(page.getByRole("main").getByRole("article").locator("b, script")).toHaveCount(0);
    expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  });

  test("a newly published post is listed and readable on the next request", async ({ page, request }) => {
    const category = await createCategory("Nova");
    await page.goto(`/blog?categoria=${category.slug}`);
    await expect(
      page.getByText(`Nenhum artigo encontrado para "${category.name}".`, { exact: true }),
    ).toBeVisible();

    const title = `Artigo recém-publicado ${uid()}`;
    const slug = await insertPost(handle.db, { title, categorySlug: category.slug, readTime: 6 });
    await page.reload();
    await expect(grid(page).getByRole("heading", { level: 3 })).toHaveText([title]);
    await grid(page).getByRole("link", { name: title }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/blog/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText("6 min de leitura", { exact: true })).toBeVisible();

    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    expect(await (await request.get("/sitemap.xml")).text()).toContain(`${publicUrl}/blog/${slug}</loc>`);
  });
});

test.describe("sitemap, feed and robots", () => {
  test("sitemap lists the public pages and every published post, nothing else", async ({ page, request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const parsed = await page.evaluate(
      (xml) => {
        const doc = new DOMParser().parseFromString(xml, "application/xml");
        const ns = "http://www.sitemaps.org/schemas/sitemap/0.9";
        return {
          errors: doc.getElementsByTagName("parsererror").length,
          root: doc.documentElement.localName,
          namespace: doc.documentElement.namespaceURI,
          urls: [...doc.getElementsByTagNameNS(ns, "url")].map((url) => ({
            loc: url.getElementsByTagNameNS(ns, "loc")[0]?.textContent ?? "",
            lastmod: url.getElementsByTagNameNS(ns, "lastmod")[0]?.textContent ?? null,
          })),
        };
      },
      await response.text(),
    );
    expect(parsed.errors).toBe(0);
    expect(parsed.root).toBe("urlset");
    expect(parsed.namespace).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const locs = parsed.urls.map((u) => u.loc);
    for (const path of ["/", "/servicos", "/obras", "/blog", "/contato"])
      expect(locs).toContain(`${publicUrl}${path}`);
    for (const post of publishedDemo) {
      const entry = parsed.urls.find((u) => u.loc === `${publicUrl}/blog/${post.slug}`);
      expect(entry, post.slug).toBeDefined();
      expect(Number.isNaN(Date.parse(entry?.lastmod ?? ""))).toBe(false);
    }
    for (const post of hiddenDemo) expect(locs).not.toContain(`${publicUrl}/blog/${post.slug}`);
    for (const loc of locs) expect(loc.startsWith(`${publicUrl}/`)).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
  });

  test("RSS 2.0 feed lists published posts only", async ({ page, request }) => {
    const response = await request.get("/blog/rss.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const feed = await page.evaluate(
      (xml) => {
        const doc = new DOMParser().parseFromString(xml, "application/xml");
        const channel = doc.querySelector("rss > channel");
        const child = (el: Element | null | undefined, name: string) =>
          [...(el?.children ?? [])].find((c) => c.tagName === name)?.textContent ?? null;
        return {
          errors: doc.getElementsByTagName("parsererror").length,
          root: doc.documentElement.tagName,
          version: doc.documentElement.getAttribute("version"),
          title: child(channel, "title"),
          link: child(channel, "link"),
          items: [...doc.querySelectorAll("rss > channel > item")].map((item) => ({
            title: child(item, "title"),
            link: child(item, "link"),
            pubDate: child(item, "pubDate"),
          })),
        };
      },
      await response.text(),
    );
    expect(feed.errors).toBe(0);
    expect(feed.root).toBe("rss");
    expect(feed.version).toBe("2.0");
    expect(feed.title).toContain("Blog");
    expect(feed.title).toContain("Alvorada Engenharia Predial");
    expect(feed.link).toBe(`${publicUrl}/blog`);

    const published = new Set(
      (
        await handle.db.selectFrom("blog_posts").select("slug").where("status", "=", "published").execute()
      ).map((p) => `${publicUrl}/blog/${p.slug}`),
    );
    expect(feed.items.length).toBeGreaterThan(0);
    for (const item of feed.items) {
      expect(item.title).toBeTruthy();
      expect(published.has(item.link ?? ""), String(item.link)).toBe(true);
      expect(Number.isNaN(Date.parse(item.pubDate ?? ""))).toBe(false);
    }
    const links = feed.items.map((i) => i.link);
    for (const post of publishedDemo) expect(links).toContain(`${publicUrl}/blog/${post.slug}`);
    for (const post of hiddenDemo) expect(links).not.toContain(`${publicUrl}/blog/${post.slug}`);
  });

  test("robots.txt keeps crawlers out of the admin and names the sitemap; /blog links the feed", async ({
    page,
    request,
  }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    const lines = (await robots.text()).split("\n").map((l) => l.trim());
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain("Disallow: /auth");
    expect(lines).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);

    await page.goto("/blog");
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      "href",
      "/blog/rss.xml",
    );
  });
});
