import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { seriousAxeViolations } from "../support/axe";
import { insertCategory, insertPost, openE2eDatabase } from "../support/db";
import { e2eOnPostgres, SAME_ON_BOTH_ENGINES } from "../support/e2e-env";

// The blog search as a visitor uses it. Each test's posts carry a word of their own (a "tag"
// made of letters and digits), so posts of other tests and of earlier runs never match.

let handle: Awaited<ReturnType<typeof openE2eDatabase>>;
test.beforeAll(async () => {
  handle = await openE2eDatabase();
});
test.afterAll(async () => {
  await handle.close();
});

const newTag = () => `zt${randomUUID().replaceAll("-", "").slice(0, 10)}`;

async function searchFor(page: Page, words: string) {
  await page.getByLabel("Buscar no blog").fill(words);
  await page.getByRole("button", { name: "Buscar" }).click();
}

function resultTitles(page: Page) {
  return page.getByRole("region", { name: "Artigos" }).getByRole("heading", { level: 3 });
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test.describe(`blog search ${mode}`, () => {
    test.use({ javaScriptEnabled });
    // The store answers the same queries either way: on PostgreSQL the twin without JavaScript runs.
    test.skip(e2eOnPostgres && javaScriptEnabled, SAME_ON_BOTH_ENGINES);

    test("finds a post by a word typed without accents, best match first, and keeps the words in the field", async ({
      page,
    }) => {
      const tag = newTag();
      const inContent = await insertPost(handle.db, {
        title: `Diário de obra ${tag}`,
        content: "<p>A impermeabilização da laje ficou pronta antes das chuvas.</p>",
        categorySlug: "impermeabilizacao",
        publishedAt: "2025-05-01T12:00:00.000Z",
      });
      await insertPost(handle.db, {
        title: `Impermeabilização de jardineiras ${tag}`,
        categorySlug: "impermeabilizacao",
        publishedAt: "2019-05-01T12:00:00.000Z",
      });

      await page.goto("/blog");
      await searchFor(page, `impermeabilizacao ${tag}`);
      await expect(page).toHaveURL(new RegExp(`/blog\\?busca=impermeabilizacao\\+${tag}$`));
      await expect(
        page.getByRole("heading", { name: `2 resultados para “impermeabilizacao ${tag}”` }),
      ).toBeVisible();
      await expect(resultTitles(page)).toHaveText([
        `Impermeabilização de jardineiras ${tag}`,
        `Diário de obra ${tag}`,
      ]);
      await expect(page.getByLabel("Buscar no blog")).toHaveValue(`impermeabilizacao ${tag}`);

      await page.getByRole("link", { name: `Diário de obra ${tag}` }).click();
      await expect(page).toHaveURL(new RegExp(`/blog/${inContent}$`));
    });

    test("finds plain text from a search with accents, within a category, and lists more on demand", async ({
      page,
    }) => {
      const tag = newTag();
      const category = `categoria-busca-${tag}`;
      await insertCategory(handle.db, `Categoria Busca ${tag}`, category);
      const titles: string[] = [];
      for (let day = 1; day <= 5; day++) {
        const title = `Cronica numero ${day} ${tag}`;
        titles.push(title);
        await insertPost(handle.db, {
          title,
          categorySlug: category,
          publishedAt: new Date(Date.UTC(2018, 0, day)).toISOString(),
        });
      }
      await insertPost(handle.db, { title: `Cronica de fachada ${tag}`, categorySlug: "fachadas" });

      await page.goto(`/blog?categoria=${category}`);
      await searchFor(page, `Crônica ${tag}`);
      await expect(page).toHaveURL(new RegExp(`categoria=${category}&busca=Cr%C3%B4nica\\+${tag}$`));
      await expect(
        page.getByRole("heading", { name: `5 resultados para “Crônica ${tag}” em Categoria Busca ${tag}` }),
      ).toBeVisible();
      // Newest first among equal matches; four, then the fifth on demand.
      const newestFirst = [...titles].reverse();
      await expect(resultTitles(page)).toHaveText(newestFirst.slice(0, 4));
      await page.getByRole("link", { name: "Carregar Mais Artigos" }).click();
      await expect(resultTitles(page)).toHaveText(newestFirst);

      // "Todos" keeps the search and drops the category: the facade post joins.
      await page
        .getByRole("navigation", { name: "Categorias do blog" })
        .getByRole("link", { name: "Todos" })
        .click();
      await expect(page.getByRole("heading", { name: `6 resultados para “Crônica ${tag}”` })).toBeVisible();
    });

    test("says what to try when nothing matches, and clears the search", async ({ page }) => {
      const tag = newTag();
      await page.goto("/blog");
      await searchFor(page, `fachada ${tag}`);
      await expect(page.getByRole("heading", { name: `0 resultados para “fachada ${tag}”` })).toBeVisible();
      await expect(page.getByText(`Nenhum artigo encontrado para “fachada ${tag}”.`)).toBeVisible();
      await expect(page.getByText("use menos palavras")).toBeVisible();
      await expect(page.getByText("confira a grafia")).toBeVisible();
      await expect(page.getByRole("link", { name: "categorias", exact: true })).toHaveAttribute(
        "href",
        "#categorias",
      );
      await page.getByRole("link", { name: "limpe a busca" }).click();
      await expect(page).toHaveURL(/\/blog$/);
      await expect(page.getByLabel("Buscar no blog")).toHaveValue("");
      await expect(page.getByRole("heading", { name: /resultados? para/ })).toHaveCount(0);
    });
  });
}

test("result pages are noindex with the canonical /blog, and never come from the render cache", async ({
  page,
  request,
}) => {
  const tag = newTag();
  await page.goto(`/blog?busca=${tag}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    "https://www.exemplo-condominio.com.br/blog",
  );
  for (let i = 0; i < 2; i++) {
    const response = await request.get(`/blog?busca=${tag}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["x-render-cache"]).toBeUndefined();
  }

  await page.goto("/blog");
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await expect(page.getByLabel("Buscar no blog")).toHaveValue("");
});

test("hostile or over-long searches get a page, never a server error", async ({ page, request }) => {
  for (const words of [
    '"*) AND NEAR(🏠',
    "'; DROP TABLE blog_posts; --",
    "a & b | !c <-> d",
    "🏠🔥",
    "\u0000",
  ]) {
    const response = await request.get(`/blog?busca=${encodeURIComponent(words)}`);
    expect(response.status(), words).toBe(200);
  }
  const response = await page.goto(`/blog?busca=${"impermeabilizacao ".repeat(600)}`);
  expect(response?.status()).toBe(400);
  await expect(
    page.getByText("A busca pode ter no máximo 100 caracteres. Use menos palavras."),
  ).toBeVisible();
  await expect(page.getByLabel("Buscar no blog")).toHaveAttribute("aria-invalid", "true");
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`a results page and a no-results page in ${colorScheme} mode have no serious or critical axe violation`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto("/blog?busca=impermeabilizacao");
    await expect(page.getByRole("heading", { name: /resultados para “impermeabilizacao”/ })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto(`/blog?categoria=fachadas&busca=${newTag()}`);
    await expect(page.getByText("Nenhum artigo encontrado")).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
