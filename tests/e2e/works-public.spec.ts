import { randomUUID } from "node:crypto";
import {
  type APIRequestContext,
  type APIResponse,
  expect,
  request as playwrightRequest,
  test,
} from "@playwright/test";
import sharp from "sharp";
import { projects as demoProjects } from "~/content/projects";
import type { DatabaseHandle } from "~/server/db/connection.server";
import { baseURL } from "../../playwright.config";
import { E2E_ORIGIN, signInOverHttp } from "../support/admin-auth";
import { seriousAxeViolations } from "../support/axe";
import { openE2eDatabase } from "../support/db";
import { e2eOnPostgres, SAME_ON_BOTH_ENGINES } from "../support/e2e-env";
import { cachedPage } from "../support/render-cache";

// The public side of the works portfolio, as a visitor, a crawler and a link preview see it:
// /obras and its links, a work's own page (gallery, before/after pairs without JavaScript,
// Open Graph, JSON-LD, 404), the sitemap, and changes made by anyone (here straight in the
// database, as a script or an operator would) showing on the very next request.

test.describe.configure({ timeout: 120_000 });

let handle: DatabaseHandle;
let admin: APIRequestContext;

test.beforeAll(async () => {
  handle = await openE2eDatabase();
  admin = await playwrightRequest.newContext({ baseURL });
  await signInOverHttp(admin);
});

test.afterAll(async () => {
  await admin.dispose();
  await handle.close();
});

const uid = () => randomUUID().slice(0, 8);

/** A library image of its own colour, put in the library through the upload endpoint. */
async function upload(
  name: string,
  { width = 1600, height = 1200 } = {},
): Promise<{ id: string; hash: string }> {
  const background = `#${randomUUID().replaceAll("-", "").slice(0, 6)}`;
  const buffer = await sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const response = await admin.post("/admin/api/upload", {
    headers: { Origin: E2E_ORIGIN },
    multipart: { file: { name, mimeType: "image/jpeg", buffer } },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id, url } = (await response.json()) as { id: string; url: string };
  return { id, hash: url.split("/")[2] ?? "" };
}

interface TestWork {
  id: string;
  slug: string;
  title: string;
  cover: { id: string; hash: string };
  photos: Array<{ id: string; hash: string }>;
}

/** A published work at the end of /obras, with a library cover, three photos and a pair. */
async function insertWork(): Promise<TestWork> {
  const slug = `obra-publica-${uid()}`;
  const title = `Edifício de Teste ${uid()}`;
  const cover = await upload(`${slug}-capa.jpg`);
  const photos = [
    await upload(`${slug}-1.jpg`),
    await upload(`${slug}-2.jpg`),
    // Portrait, as a phone held upright takes it.
    await upload(`${slug}-3.jpg`, { width: 1200, height: 1600 }),
  ];
  const id = randomUUID();
  const now = new Date().toISOString();
  const last = await handle.db
    .selectFrom("works")
    .select((eb) => eb.fn.max("position").as("max"))
    .executeTakeFirst();
  await handle.db
    .insertInto("works")
    .values({
      id,
      slug,
      title,
      search_text: title.toLowerCase(),
      neighbourhood: "Mercês",
      city: "Curitiba",
      period: "mar. a jun. 2024",
      building_type: "Residencial",
      services: JSON.stringify(["Restauração de fachada", "Pintura externa"]),
      description: "Primeiro parágrafo da obra.\n\nSegundo parágrafo da obra.",
      in_progress: true,
      published: true,
      position: Number(last?.max ?? 0) + 1,
      cover_media_id: cover.id,
      cover_path: null,
      cover_width: null,
      cover_height: null,
      cover_alt: "Fachada do edifício de teste depois da restauração",
      created_at: now,
      updated_at: now,
      published_at: now,
    })
    .execute();
  await handle.db
    .insertInto("work_photos")
    .values(
      photos.map((photo, index) => ({
        id: randomUUID(),
        work_id: id,
        position: index,
        title: `Foto ${index + 1}`,
        alt: `Detalhe ${index + 1} da fachada`,
        media_id: photo.id,
        path: null,
        width: null,
        height: null,
      })),
    )
    .execute();
  await handle.db
    .insertInto("work_pairs")
    .values({
      id: randomUUID(),
      work_id: id,
      position: 0,
      title: "Fachada norte",
      before_media_id: photos[0]?.id ?? null,
      before_path: null,
      before_width: null,
      before_height: null,
      before_alt: "Fachada norte antes, com pastilhas soltas",
      after_media_id: cover.id,
      after_path: null,
      after_width: null,
      after_height: null,
      after_alt: "Fachada norte depois, com o revestimento refeito",
    })
    .execute();
  return { id, slug, title, cover, photos };
}

async function deleteWork(work: TestWork): Promise<void> {
  await handle.db.deleteFrom("works").where("id", "=", work.id).execute();
}

async function get(request: APIRequestContext, path: string): Promise<APIResponse> {
  return request.get(path, { maxRedirects: 0 });
}

test("/obras keeps the accordion and links each work to its own page", async ({ page }) => {
  await page.goto("/obras");
  const items = page.locator("details[data-disclosure]");
  const first = items.filter({ hasText: demoProjects[0]?.title ?? "" });
  await first.locator("summary").click();
  await expect(first.getByText("Serviços realizados:")).toBeVisible();
  await expect(first.getByText("Documentação Fotográfica")).toBeVisible();
  const link = first.getByRole("link", {
    name: new RegExp(`^Ver página da obra\\W+${demoProjects[0]?.title}$`),
  });
  await expect(link).toHaveAttribute("href", `/obras/${demoProjects[0]?.id}`);
  await link.click();

  await expect(page).toHaveURL(`/obras/${demoProjects[0]?.id}`);
  await expect(page.getByRole("heading", { level: 1, name: demoProjects[0]?.title })).toBeVisible();
  await expect(page.getByText(demoProjects[0]?.services ?? "")).toBeVisible();
  const gallery = page.getByRole("region", { name: "Documentação Fotográfica" });
  await expect(gallery.locator("figure")).toHaveCount(demoProjects[0]?.images.length ?? 0);
  await expect(
    page
      .getByRole("navigation", { name: "Trilha de navegação" })
      .getByRole("link", { name: "Obras Realizadas" }),
  ).toHaveAttribute("href", "/obras");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`/obras/${demoProjects[0]?.id}$`),
  );
  // Like /obras, the page ships no JavaScript bundle.
  await expect(page.locator("script[src]")).toHaveCount(0);
});

test("/obras lists a work's services performed and its description paragraph by paragraph", async ({
  page,
}) => {
  const work = await insertWork();
  try {
    await page.goto("/obras");
    const item = page.locator("details[data-disclosure]").filter({ hasText: work.title });
    await item.locator("summary").click();
    await expect(item.getByRole("listitem").filter({ hasText: "Restauração de fachada" })).toBeVisible();
    await expect(item.getByRole("listitem").filter({ hasText: "Pintura externa" })).toBeVisible();
    await expect(item.getByText("Primeiro parágrafo da obra.", { exact: true })).toBeVisible();
    await expect(item.getByText("Segundo parágrafo da obra.", { exact: true })).toBeVisible();
  } finally {
    await deleteWork(work);
  }
});

test("a work's page: facts, cover first, lazy gallery, pairs side by side without JavaScript, Open Graph and JSON-LD", async ({
  browser,
}) => {
  // The page's markup; its store reads are the next tests' (and /obras's above).
  test.skip(e2eOnPostgres, SAME_ON_BOTH_ENGINES);
  const work = await insertWork();
  try {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`/obras/${work.slug}`);
    expect(response?.status()).toBe(200);

    await expect(page.getByRole("heading", { level: 1, name: work.title })).toBeVisible();
    await expect(page.getByText("Em execução")).toBeVisible();
    await expect(page.getByText("Mercês, Curitiba")).toBeVisible();
    await expect(page.getByText("mar. a jun. 2024")).toBeVisible();
    await expect(page.getByText("Residencial", { exact: true })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Pintura externa" })).toBeVisible();
    await expect(page.getByText("Segundo parágrafo da obra.")).toBeVisible();

    // The cover is the page's LCP image: fetched first, AVIF offered, never lazy.
    const cover = page
      .getByRole("img", { name: "Fachada do edifício de teste depois da restauração" })
      .first();
    await expect(cover).toHaveAttribute("fetchpriority", "high");
    await expect(cover).toHaveAttribute("loading", "eager");
    await expect(
      page.locator(`picture source[type="image/avif"][srcset*="/media/${work.cover.hash}/"]`).first(),
    ).toBeAttached();
    // A phone's full-width widths are offered (720 px at 1.75 device pixels per CSS pixel,
    // 1000 px at 2.625), and the head preloads the AVIF the <picture> will pick, first.
    await expect(cover).toHaveAttribute("srcset", new RegExp(`/media/${work.cover.hash}/720\\.webp 720w`));
    await expect(cover).toHaveAttribute("srcset", new RegExp(`/media/${work.cover.hash}/1000\\.webp 1000w`));
    const preload = page.locator('head link[rel="preload"][as="image"]');
    await expect(preload).toHaveCount(1);
    await expect(preload).toHaveAttribute("type", "image/avif");
    await expect(preload).toHaveAttribute("fetchpriority", "high");
    await expect(preload).toHaveAttribute(
      "imagesrcset",
      new RegExp(`/media/${work.cover.hash}/720\\.avif 720w`),
    );
    await expect(preload).toHaveAttribute("imagesizes", (await cover.getAttribute("sizes")) ?? "");

    const gallery = page.getByRole("region", { name: "Documentação Fotográfica" });
    await expect(gallery.locator("figure")).toHaveCount(3);
    for (const [index, photo] of work.photos.entries()) {
      const image = gallery.getByRole("img", { name: `Detalhe ${index + 1} da fachada` });
      await expect(image).toHaveAttribute("loading", "lazy");
      await expect(image).toHaveAttribute("srcset", new RegExp(`/media/${photo.hash}/400\\.webp 400w`));
      await expect(image).toHaveAttribute("sizes", /.+/);
      await expect(gallery.getByText(`Foto ${index + 1}`, { exact: true })).toBeVisible();
    }

    // The portrait photo is shown whole: its picture fits the frame's height and leaves bands
    // at the sides, nothing cut off at the top or bottom.
    const portrait = gallery.getByRole("img", { name: "Detalhe 3 da fachada" });
    await portrait.scrollIntoViewIfNeeded();
    await expect(portrait).toHaveJSProperty("complete", true);
    const shown = await portrait.evaluate((image: HTMLImageElement) => {
      const box = image.getBoundingClientRect();
      const scale = Math.min(box.width / image.naturalWidth, box.height / image.naturalHeight);
      return {
        fit: getComputedStyle(image).objectFit,
        natural: image.naturalWidth / image.naturalHeight,
        box: box.width / box.height,
        drawnHeight: image.naturalHeight * scale,
        drawnWidth: image.naturalWidth * scale,
        height: box.height,
        width: box.width,
      };
    });
    expect(shown.fit).toBe("contain");
    expect(shown.natural).toBeCloseTo(3 / 4, 2);
    expect(shown.box).toBeCloseTo(4 / 3, 1);
    expect(Math.abs(shown.drawnHeight - shown.height)).toBeLessThan(1);
    expect(shown.drawnWidth).toBeLessThan(shown.width * 0.6);
    await expect(portrait).toHaveAttribute("width", "1200");
    await expect(portrait).toHaveAttribute("height", "1600");

    // Before and after, without a script: two captioned pictures, next to each other.
    const pairs = page.getByRole("region", { name: "Antes e depois" });
    await expect(pairs.getByRole("heading", { name: "Fachada norte" })).toBeVisible();
    const before = pairs.locator("figure").filter({ hasText: "Antes" });
    const after = pairs.locator("figure").filter({ hasText: "Depois" });
    await expect(
      before.getByRole("img", { name: "Fachada norte antes, com pastilhas soltas" }),
    ).toBeVisible();
    await expect(
      after.getByRole("img", { name: "Fachada norte depois, com o revestimento refeito" }),
    ).toBeVisible();
    await before.scrollIntoViewIfNeeded();
    const beforeBox = await before.boundingBox();
    const afterBox = await after.boundingBox();
    expect(beforeBox && afterBox && Math.abs(beforeBox.y - afterBox.y) < 1 && beforeBox.x < afterBox.x).toBe(
      true,
    );

    // A link shared in WhatsApp shows the cover: an absolute URL of its 1200 × 630 JPEG (some
    // preview readers skip WebP), made on the first request and stored for the next.
    const og = (property: string) => page.locator(`meta[property="${property}"]`);
    await expect(og("og:image")).toHaveAttribute(
      "content",
      new RegExp(`^https?://[^/]+/media/${work.cover.hash}/1200x630\\.jpg$`),
    );
    await expect(og("og:image:type")).toHaveAttribute("content", "image/jpeg");
    await expect(og("og:image:width")).toHaveAttribute("content", "1200");
    await expect(og("og:image:height")).toHaveAttribute("content", "630");
    await expect(og("og:url")).toHaveAttribute("content", new RegExp(`/obras/${work.slug}$`));
    const ogImagePath = new URL((await og("og:image").getAttribute("content")) ?? "").pathname;
    const ogImage = await page.request.get(ogImagePath);
    expect(ogImage.status()).toBe(200);
    expect(ogImage.headers()["content-type"]).toBe("image/jpeg");
    const jpeg = await ogImage.body();
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    expect(Buffer.compare(await (await page.request.get(ogImagePath)).body(), jpeg)).toBe(0);

    const jsonLd = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) =>
        scripts.flatMap((script) => [JSON.parse(script.textContent ?? "null")].flat()),
      );
    const creative = jsonLd.find((item) => item?.["@type"] === "CreativeWork");
    expect(creative).toMatchObject({
      name: work.title,
      locationCreated: { "@type": "Place", name: "Mercês, Curitiba" },
      about: [{ name: "Restauração de fachada" }, { name: "Pintura externa" }],
      temporalCoverage: "mar. a jun. 2024",
    });
    expect(creative.image[0]).toMatch(new RegExp(`/media/${work.cover.hash}/1200\\.webp$`));
    const breadcrumb = jsonLd.find((item) => item?.["@type"] === "BreadcrumbList");
    expect(breadcrumb.itemListElement.map((item: { name: string }) => item.name)).toEqual([
      "Início",
      "Obras Realizadas",
      work.title,
    ]);
    await context.close();
  } finally {
    await deleteWork(work);
  }
});

test("an unknown or unpublished work is the site's 404 page", async ({ page }) => {
  const work = await insertWork();
  try {
    await handle.db.updateTable("works").set({ published: false }).where("id", "=", work.id).execute();
    for (const path of [`/obras/${work.slug}`, "/obras/obra-que-nao-existe", "/obras?pagina=99"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText("Oops! Page not found")).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    }
  } finally {
    await deleteWork(work);
  }
});

test("changes to a work show on the next request, on /obras, its page and the sitemap, and nowhere else", async ({
  request,
}) => {
  const work = await insertWork();
  const otherWork = `/obras/${demoProjects[1]?.id}`;
  try {
    await cachedPage(request, "/obras");
    await cachedPage(request, `/obras/${work.slug}`);
    await cachedPage(request, otherWork);
    await cachedPage(request, "/sitemap.xml");
    expect(await (await get(request, "/sitemap.xml")).text()).toContain(`/obras/${work.slug}</loc>`);

    // A new title: /obras and the work's page, not another work's page.
    const title = `Edifício Renomeado ${uid()}`;
    await handle.db.updateTable("works").set({ title }).where("id", "=", work.id).execute();
    await expect.poll(async () => (await get(request, "/obras")).text()).toContain(title);
    expect(await (await get(request, `/obras/${work.slug}`)).text()).toContain(title);
    expect((await get(request, otherWork)).headers()["x-render-cache"]).toBe("hit");

    // A photo's new caption shows on both.
    await cachedPage(request, `/obras/${work.slug}`);
    await handle.db
      .updateTable("work_photos")
      .set({ title: "Legenda nova" })
      .where("work_id", "=", work.id)
      .where("position", "=", 0)
      .execute();
    await expect
      .poll(async () => (await get(request, `/obras/${work.slug}`)).text())
      .toContain("Legenda nova");
    expect(await (await get(request, "/obras")).text()).toContain("Legenda nova");

    // The library image's new alt text (where the photo has none of its own).
    await handle.db.updateTable("work_photos").set({ alt: "" }).where("work_id", "=", work.id).execute();
    // Written through this test's own connection: on PostgreSQL the server learns of it by a
    // notice that may arrive after the next request has cached the page again, and would then
    // purge that copy. The page without the photos' own alt text is the sign that the server
    // has applied the notice; only then is the page cached.
    await expect
      .poll(async () => (await get(request, `/obras/${work.slug}`)).text())
      .not.toContain("Detalhe 3 da fachada");
    await cachedPage(request, `/obras/${work.slug}`);
    await handle.db
      .updateTable("media")
      .set({ alt: "Texto alternativo da biblioteca" })
      .where("id", "=", work.photos[2]?.id ?? "")
      .execute();
    await expect
      .poll(async () => (await get(request, `/obras/${work.slug}`)).text())
      .toContain("Texto alternativo da biblioteca");

    // Unpublished: gone from /obras, the sitemap and its own address, at once.
    await handle.db.updateTable("works").set({ published: false }).where("id", "=", work.id).execute();
    await expect.poll(async () => (await get(request, `/obras/${work.slug}`)).status()).toBe(404);
    expect(await (await get(request, "/obras")).text()).not.toContain(title);
    expect(await (await get(request, "/sitemap.xml")).text()).not.toContain(`/obras/${work.slug}</loc>`);

    await handle.db.updateTable("works").set({ published: true }).where("id", "=", work.id).execute();
    await expect.poll(async () => (await get(request, `/obras/${work.slug}`)).status()).toBe(200);
    expect(await (await get(request, "/sitemap.xml")).text()).toContain(`/obras/${work.slug}</loc>`);
  } finally {
    await deleteWork(work);
  }
  await expect.poll(async () => (await get(request, `/obras/${work.slug}`)).status()).toBe(404);
  expect(await (await get(request, "/sitemap.xml")).text()).not.toContain(`/obras/${work.slug}</loc>`);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`a work's page with a gallery and a pair in ${colorScheme} mode has no serious or critical axe violation`, async ({
    page,
  }) => {
    const work = await insertWork();
    try {
      await page.emulateMedia({ colorScheme });
      await page.goto(`/obras/${work.slug}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await deleteWork(work);
    }
  });
}
