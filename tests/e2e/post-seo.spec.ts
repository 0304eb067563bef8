import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { parseMediaUrl } from "~/lib/media-url";
import { startDatabase, stopDatabase } from "~/server/db/database.server";
import { storeImage } from "~/server/media/media-store.server";
import { adminHeaders, signInOverHttp } from "../support/admin-auth";
import { seriousAxeViolations } from "../support/axe";
import { insertPost, openE2eDatabase } from "../support/db";
import { e2eDatabaseEnv } from "../support/e2e-env";

// A post's SEO through the editor and on the article: the counters and both previews follow the
// fields as the owner types; once saved, the article carries the meta title and description,
// og:image with its size, robots noindex and a BlogPosting JSON-LD, and leaves the sitemap;
// 10,000-character fields are refused in pt-BR with nothing saved; the editor passes axe.

test.describe.configure({ timeout: 120_000 });

const uid = () => randomUUID().slice(0, 8);

let handle: Awaited<ReturnType<typeof openE2eDatabase>>;
let socialImage = "";
const socialImageName = `cartao-social-${uid()}.png`;

test.beforeAll(async () => {
  handle = await openE2eDatabase();
  await startDatabase(e2eDatabaseEnv);
  // A colour of its own: each worker that runs this file stores its image, and the library keeps
  // one image per picture, under the first name it was given.
  const background = `#${randomUUID().replaceAll("-", "").slice(0, 6)}`;
  const png = await sharp({ create: { width: 1200, height: 630, channels: 3, background } })
    .png()
    .toBuffer();
  socialImage = (await storeImage(png, { source: "upload", uploadedBy: null, name: socialImageName })).url;
});
test.afterAll(async () => {
  await handle.close();
  await stopDatabase();
});

async function publishedPost(title: string) {
  const slug = await insertPost(handle.db, {
    title,
    excerpt: "Resumo original do artigo.",
    categorySlug: "fachadas",
  });
  const row = await handle.db
    .selectFrom("blog_posts")
    .select("id")
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
  return { id: row.id, slug };
}

async function seoColumns(id: string) {
  return handle.db
    .selectFrom("blog_posts")
    .select(["meta_title", "meta_description", "social_image_url", "noindex", "updated_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

function previews(page: Page) {
  return {
    search: page.getByRole("region", { name: "Prévia no Google" }),
    card: page.getByRole("region", { name: "Prévia ao compartilhar (WhatsApp, Facebook)" }),
  };
}

async function articleHead(request: APIRequestContext, slug: string) {
  const response = await request.get(`/blog/${slug}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const meta = (attribute: "name" | "property", key: string) =>
    new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
    .flatMap((match) => JSON.parse(match[1] ?? "null"))
    .find((item) => item?.["@type"] === "BlogPosting");
  return { html, meta, jsonLd };
}

test("the owner writes the SEO fields with live previews; the article and the sitemap follow", async ({
  page,
  request,
}) => {
  const title = `Rejunte de pastilhas ${uid()}`;
  const post = await publishedPost(title);
  await signInOverHttp(page.request);
  await page.goto(`/admin/posts/${post.id}`);
  await expect(page.locator("fieldset[data-live]")).toBeAttached();
  const { search, card } = previews(page);
  // Rendered by the server with the saved values: the post's own title and excerpt.
  await expect(search).toContainText(title);
  await expect(search).toContainText("Resumo original do artigo.");

  const metaTitle = "Rejunte: quando refazer";
  await page.getByRole("textbox", { name: "Título para buscadores" }).fill(metaTitle);
  await expect(page.getByText(`${metaTitle.length}/60 caracteres recomendados (máximo 70).`)).toBeVisible();
  await expect(search.locator('[data-preview="search-title"]')).toHaveText(metaTitle);
  await expect(card.locator('[data-preview="card-title"]')).toHaveText(metaTitle);
  const description = "Sinais de que o rejunte da fachada precisa ser refeito e como a obra é feita.";
  await page.getByRole("textbox", { name: "Descrição para buscadores" }).fill(description);
  await expect(search.locator('[data-preview="search-description"]')).toHaveText(description);
  await expect(card.locator('[data-preview="card-description"]')).toHaveText(description);
  const long = "x".repeat(65);
  await page.getByRole("textbox", { name: "Título para buscadores" }).fill(long);
  await expect(page.getByText("65/60 caracteres recomendados (máximo 70): pode ser cortado")).toBeVisible();
  await page.getByRole("textbox", { name: "Título para buscadores" }).fill(metaTitle);
  // The social image, from the library: the card shows it before anything is saved.
  await page.getByRole("button", { name: "Escolher imagem para redes sociais" }).click();
  const dialog = page.getByRole("dialog", { name: "Imagem para redes sociais" });
  await expect(dialog).toBeVisible();
  const librarySearch = dialog.getByRole("searchbox", { name: "Buscar por nome ou texto alternativo" });
  await librarySearch.fill(socialImageName);
  await librarySearch.press("Enter");
  // The results replace the first page: a click before they arrive can land where the image was.
  await expect(dialog.getByRole("status")).toHaveText(`1 imagem para "${socialImageName}". Página 1 de 1.`);
  await dialog.getByRole("button", { name: new RegExp(socialImageName.replaceAll(".", "\\.")) }).click();
  await expect(dialog).toBeHidden();
  await expect(card.locator('[data-preview="card-image"]')).toHaveAttribute("src", socialImage);
  await page.getByRole("switch", { name: "Não mostrar nos buscadores (noindex)" }).check();
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(
    page
      .getByRole("region", { name: "Notificações" })
      .getByRole("status")
      .filter({ hasText: "Post atualizado!" }),
  ).toBeVisible({ timeout: 15_000 });

  const size = parseMediaUrl(socialImage);
  expect(size).not.toBeNull();

  await expect(async () => {
    const { html, meta, jsonLd } = await articleHead(request, post.slug);
    expect(html).toContain(`<title>${metaTitle}</title>`);
    expect(meta("name", "description")).toBe(description);
    expect(meta("name", "robots")).toBe("noindex");
    expect(meta("property", "og:title")).toBe(metaTitle);
    // The chosen image as a link preview: its 1200 × 630 JPEG.
    expect(meta("property", "og:image")).toMatch(new RegExp(`/media/${size?.hash}/1200x630\\.jpg$`));
    expect(meta("property", "og:image:type")).toBe("image/jpeg");
    expect(meta("property", "og:image:width")).toBe("1200");
    expect(meta("property", "og:image:height")).toBe("630");
    expect(jsonLd).toMatchObject({
      "@type": "BlogPosting",
      headline: metaTitle,
      description,
      author: { "@type": "Organization" },
      image: { "@type": "ImageObject", width: size?.width, height: size?.height },
    });
    expect(jsonLd.datePublished).toEqual(expect.any(String));
    expect(jsonLd.dateModified).toEqual(expect.any(String));
  }).toPass({ timeout: 15_000 });
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain(`/blog/${post.slug}<`);

  // Back in the editor, the saved values are rendered, the card shows the social image.
  await page.goto(`/admin/posts/${post.id}`);
  await expect(page.getByRole("textbox", { name: "Título para buscadores" })).toHaveValue(metaTitle);
  await expect(previews(page).card.locator('[data-preview="card-image"]')).toHaveAttribute(
    "src",
    socialImage,
  );
});

test("the previews fall back to the post's title as it is typed", async ({ page }) => {
  const post = await publishedPost(`Pintura de garagem ${uid()}`);
  await signInOverHttp(page.request);
  await page.goto(`/admin/posts/${post.id}`);
  await expect(page.locator("fieldset[data-live]")).toBeAttached();
  const retitled = `Pintura de piso de garagem ${uid()}`;
  await page.getByRole("textbox", { name: "Título", exact: true }).fill(retitled);
  await expect(previews(page).search.locator('[data-preview="search-title"]')).toContainText(retitled);
  await expect(previews(page).search).toContainText(retitled.toLowerCase().replaceAll(" ", "-"));
});

test("10,000-character SEO fields and a foreign social image get a pt-BR message and a 400; nothing is saved", async ({
  request,
}) => {
  const post = await publishedPost(`Fachada ventilada ${uid()}`);
  const before = await seoColumns(post.id);
  const headers = adminHeaders(await signInOverHttp(request));
  const base = {
    title: `Fachada ventilada alterada ${uid()}`,
    categoryId: (
      await handle.db
        .selectFrom("categories")
        .select("id")
        .where("slug", "=", "fachadas")
        .executeTakeFirstOrThrow()
    ).id,
    excerpt: "Resumo.",
    content: "<p>Conteúdo.</p>",
    status: "published",
  };
  for (const [field, value, message] of [
    ["metaTitle", "t".repeat(10_000), "O título para buscadores pode ter no máximo 70 caracteres."],
    ["metaDescription", "d".repeat(10_000), "A descrição para buscadores pode ter no máximo 200 caracteres."],
    ["socialImageUrl", "https://evil.example/card.png", "Escolha a imagem na biblioteca de mídia."],
  ] as const) {
    const response = await request.post(`/admin/posts/${post.id}`, {
      headers,
      form: { ...base, [field]: value },
      maxRedirects: 0,
    });
    expect(response.status(), field).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await seoColumns(post.id)).toEqual(before);
  }
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the post editor with the SEO fields in ${colorScheme} mode has no serious or critical axe violation`, async ({
    page,
  }) => {
    const post = await publishedPost(`Acessível ${uid()}`);
    await page.emulateMedia({ colorScheme });
    await signInOverHttp(page.request);
    await page.goto(`/admin/posts/${post.id}`);
    await expect(page.locator("fieldset[data-live]")).toBeAttached();
    await page.getByRole("textbox", { name: "Título para buscadores" }).fill("y".repeat(65));
    await expect(previews(page).search).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
