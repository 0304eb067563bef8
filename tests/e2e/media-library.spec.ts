import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { E2E_ORIGIN, signInOverHttp } from "../support/admin-auth";
import { hydrated } from "../support/admin-page";
import { seriousAxeViolations } from "../support/axe";
import { insertCategory, insertPost, openE2eDatabase } from "../support/db";
import { METADATA_NEEDLES, phonePhoto, solidImage } from "../support/photo-fixtures";

// The media library through a real browser: uploading several photos at once with a progress
// bar each (and without JavaScript), photos from a phone served upright and without their
// EXIF, searching, editing the alt text, deleting an unused image, the refusal to delete one a
// post uses, and picking library images in the post editor with the keyboard.

test.describe.configure({ timeout: 120_000 });

let handle: Awaited<ReturnType<typeof openE2eDatabase>>;
test.beforeAll(async () => {
  handle = await openE2eDatabase();
});
test.afterAll(async () => {
  await handle.close();
});

const uid = () => randomUUID().slice(0, 8);

interface Fixture {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A picture of its own colour (the same pixels would be the same library image). */
async function picture(name: string, width = 900, height = 600): Promise<Fixture> {
  const background = `#${randomUUID().replaceAll("-", "").slice(0, 6)}`;
  return {
    name,
    mimeType: "image/png",
    buffer: await solidImage(width, height, background).png().toBuffer(),
  };
}

async function phonePhotoFixture(name: string): Promise<Fixture> {
  return { name, mimeType: "image/jpeg", buffer: await phonePhoto(1600, 1200) };
}

async function signIn(page: Page) {
  await signInOverHttp(page.request);
}

interface Uploaded {
  id: string;
  url: string;
  name: string;
}

/** An image put in the library through the upload endpoint, as the admin's pages do. */
async function upload(request: APIRequestContext, file: Fixture): Promise<Uploaded> {
  const response = await request.post("/admin/api/upload", {
    headers: { Origin: E2E_ORIGIN },
    multipart: { file },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Uploaded;
}

function mediaRow(name: string) {
  return handle.db
    .selectFrom("media")
    .select(["id", "hash", "width", "height", "alt", "formats"])
    .where("name", "=", name)
    .executeTakeFirst();
}

/** The newest admin toast with this title (success toasts are status, errors alerts). */
function toast(page: Page, title: string, variant: "success" | "error" = "success") {
  return page
    .getByRole("region", { name: "Notificações" })
    .getByRole(variant === "error" ? "alert" : "status")
    .filter({ has: page.getByText(title, { exact: true }) })
    .last();
}

/** The grid of images (the list in the library's section). */
function grid(page: Page) {
  return page.getByRole("region", { name: "Imagens da biblioteca" }).getByRole("list");
}

test("three photos sent at once each get a progress bar, all appear in the grid, and the phone photo is served upright without EXIF", async ({
  page,
}) => {
  const id = uid();
  const files = [
    await phonePhotoFixture(`celular-${id}.jpg`),
    await picture(`planta-${id}.png`),
    await picture(`telhado-${id}.png`, 1200, 500),
  ];
  await signIn(page);
  await page.goto("/admin/midia");
  await expect(page.locator("form[data-enhanced]")).toBeAttached();
  await page.getByLabel("Escolher imagens").setInputFiles(files);
  await page.getByRole("button", { name: "Enviar imagens" }).click();

  const uploads = page.getByRole("list", { name: "Envios" });
  for (const file of files) {
    await expect(uploads.getByRole("progressbar", { name: `Envio de ${file.name}` })).toBeVisible();
  }
  // Each photo is re-encoded in AVIF and WebP at every width: seconds on a busy machine.
  await expect(page.getByText("3 imagens enviadas.", { exact: true })).toBeVisible({ timeout: 60_000 });
  for (const file of files) {
    await expect(uploads.getByRole("progressbar", { name: `Envio de ${file.name}` })).toHaveAttribute(
      "value",
      "100",
    );
    await expect(uploads.getByRole("listitem").filter({ hasText: file.name })).toContainText("Enviada.");
    // The grid was read again: every new image is there.
    await expect(grid(page).getByRole("link", { name: file.name, exact: true })).toBeVisible();
  }

  // The phone photo: 1600 × 1200 on the sensor, 1200 × 1600 upright, AVIF and WebP at every
  // width, and not one byte of its EXIF block, camera or GPS data.
  const photo = await mediaRow(`celular-${id}.jpg`);
  expect(photo).toMatchObject({ width: 1200, height: 1600, formats: "avif webp" });
  for (const format of ["avif", "webp"]) {
    for (const width of [400, 800, 1200]) {
      const response = await page.request.get(`/media/${photo?.hash}/${width}.${format}`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe(`image/${format}`);
      const bytes = await response.body();
      for (const needle of METADATA_NEEDLES)
        expect(bytes.includes(needle), `${width}.${format}: ${needle}`).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([
        width,
        Math.round((width * 4) / 3),
        undefined,
        undefined,
      ]);
      // Upright: the band along the sensor's top edge runs down the right side.
      const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const at = (x: number) => data.subarray((Math.floor(info.height / 2) * info.width + x) * 3);
      expect((at(info.width - 2)[2] ?? 0) - (at(info.width - 2)[0] ?? 0)).toBeGreaterThan(120);
      expect((at(2)[0] ?? 0) - (at(2)[2] ?? 0)).toBeGreaterThan(80);
    }
  }
});

test("search by alt text, edit the alt text, delete an unused image, and refuse to delete one a post uses", async ({
  page,
}) => {
  const id = uid();
  await signIn(page);
  const facade = await upload(page.request, await picture(`fachada-${id}.png`));
  const unused = await upload(page.request, await picture(`livre-${id}.png`));
  const used = await upload(page.request, await picture(`usada-${id}.png`));
  const category = await insertCategory(handle.db, `Mídia e2e ${id}`, `midia-e2e-${id}`);
  const postTitle = `Post que usa a imagem ${id}`;
  await insertPost(handle.db, { title: postTitle, categorySlug: category, featuredImageUrl: used.url });

  await test.step("edit the alt text", async () => {
    await page.goto(`/admin/midia/${facade.id}`);
    await page
      .getByRole("textbox", { name: "Texto alternativo" })
      .fill(`Fachada do Edifício Aurora ${id} depois da obra`);
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(toast(page, "Imagem atualizada!")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Texto alternativo" })).toHaveValue(
      `Fachada do Edifício Aurora ${id} depois da obra`,
    );
    expect((await mediaRow(`fachada-${id}.png`))?.alt).toBe(
      `Fachada do Edifício Aurora ${id} depois da obra`,
    );
  });

  await test.step("search by alt text, without accents or capitals", async () => {
    await page.goto("/admin/midia");
    await page
      .getByRole("searchbox", { name: "Buscar por nome ou texto alternativo" })
      .fill(`EDIFICIO AURORA ${id}`);
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await expect(page).toHaveURL(/busca=EDIFICIO/);
    await expect(grid(page).getByRole("link")).toHaveCount(1);
    await expect(grid(page).getByRole("link", { name: `fachada-${id}.png` })).toBeVisible();
    await expect(grid(page).getByText(`Fachada do Edifício Aurora ${id} depois da obra`)).toBeVisible();
  });

  await test.step("delete an image nothing uses", async () => {
    await page.goto(`/admin/midia/${unused.id}`);
    await expect(page.getByText("Esta imagem não é usada em nenhum lugar.")).toBeVisible();
    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Excluir imagem" }).click();
    await expect(toast(page, "Imagem excluída!")).toContainText(
      `"livre-${id}.png" foi removida da biblioteca.`,
    );
    await expect(page).toHaveURL((url) => url.pathname === "/admin/midia");
    expect(await mediaRow(`livre-${id}.png`)).toBeUndefined();
    expect((await page.request.get(unused.url)).status()).toBe(404);
  });

  await test.step("deleting an image a post uses is refused, with the post listed", async () => {
    await page.goto(`/admin/midia/${used.id}`);
    const places = page.getByRole("region", { name: "Onde é usada" });
    await expect(places.getByRole("link", { name: `Post: ${postTitle}` })).toBeVisible();
    page.once("dialog", (dialog) => dialog.accept());
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Excluir imagem" }).click();
    expect((await answer).status()).toBe(409);
    const refusal = toast(page, "Erro", "error");
    await expect(refusal).toContainText(`Não é possível excluir a imagem "usada-${id}.png"`);
    await expect(refusal).toContainText(`Post: ${postTitle}`);
    expect(await mediaRow(`usada-${id}.png`)).toBeDefined();
    expect((await page.request.get(used.url)).status()).toBe(200);
  });
});

test("a new alt text shows on the cached article that uses the image at the next request", async ({
  page,
  request,
}) => {
  const id = uid();
  await signIn(page);
  const image = await upload(page.request, await picture(`capa-cache-${id}.png`, 1600, 900));
  const category = await insertCategory(handle.db, `Cache mídia ${id}`, `cache-midia-${id}`);
  const title = `Artigo com capa ${id}`;
  const slug = await insertPost(handle.db, { title, categorySlug: category, featuredImageUrl: image.url });
  const article = () => request.get(`/blog/${slug}`);

  const first = await article();
  expect(await first.text()).toContain(`alt="Imagem do artigo: ${title}"`);
  const cached = await article();
  expect(cached.headers()["x-render-cache"]).toBe("hit");
  // The article's featured image is a <picture> with an AVIF source.
  expect(await cached.text()).toMatch(/<picture class="contents"><source type="image\/avif"/);

  await page.goto(`/admin/midia/${image.id}`);
  await page.getByRole("textbox", { name: "Texto alternativo" }).fill(`Cobertura do bloco B ${id}`);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(toast(page, "Imagem atualizada!")).toBeVisible();

  await expect
    .poll(async () => (await article()).text(), { timeout: 5000 })
    .toContain(`alt="Cobertura do bloco B ${id}"`);
});

test("without JavaScript, several files go in one form post and appear in the library", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await signInOverHttp(context.request);
    const id = uid();
    const files = [await picture(`sem-js-a-${id}.png`), await picture(`sem-js-b-${id}.png`)];
    await page.goto("/admin/midia");
    await page.getByLabel("Escolher imagens").setInputFiles(files);
    await page.getByRole("button", { name: "Enviar imagens" }).click();
    await expect(toast(page, "Imagens enviadas!")).toContainText("2 imagens foram adicionadas à biblioteca.");
    for (const file of files) await expect(grid(page).getByRole("link", { name: file.name })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("the post editor picks library images, by mouse and keyboard, for the featured image and the content", async ({
  page,
}) => {
  const id = uid();
  await signIn(page);
  const image = await upload(page.request, await picture(`escolhida-${id}.png`, 1200, 800));
  await page.goto(`/admin/midia/${image.id}`);
  await page.getByRole("textbox", { name: "Texto alternativo" }).fill(`Laje impermeabilizada ${id}`);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(toast(page, "Imagem atualizada!")).toBeVisible();

  await page.goto("/admin/posts/novo");
  const form = page.getByRole("region", { name: "Novo Post", exact: true });
  await expect(form.getByRole("textbox", { name: "Conteúdo" })).toBeVisible();
  // The picker opens from React: a key pressed before hydration goes nowhere (seen on a busy machine).
  await hydrated(page);

  await test.step("featured image, with the keyboard", async () => {
    const open = form.getByRole("button", { name: "Escolher da biblioteca" });
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Escolher imagem da biblioteca" });
    await expect(dialog).toBeVisible();
    const search = dialog.getByRole("searchbox", { name: "Buscar por nome ou texto alternativo" });
    await search.focus();
    await page.keyboard.type(`laje impermeabilizada ${id}`);
    await page.keyboard.press("Enter");
    const choice = dialog.getByRole("button", { name: new RegExp(`escolhida-${id}\\.png`) });
    await expect(choice).toBeVisible();
    await expect(dialog.getByRole("status")).toHaveText(
      `1 imagem para "laje impermeabilizada ${id}". Página 1 de 1.`,
    );
    // Escape closes without choosing (from a result: in the search box it first clears the
    // search, as in any search box), and the focus goes back to the button.
    await choice.focus();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await choice.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    const preview = form.getByRole("img", { name: "Pré-visualização da imagem de destaque" });
    await expect(preview).toHaveAttribute("src", image.url);
    await expect(form.locator('input[name="featuredImageUrl"]')).toHaveValue(image.url);
  });

  await test.step("an image in the content, with its alt text", async () => {
    await form.getByRole("textbox", { name: "Conteúdo" }).click();
    await form.getByRole("button", { name: "Imagem", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Inserir imagem no conteúdo" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("searchbox").fill(`escolhida-${id}`);
    await dialog.getByRole("button", { name: "Buscar", exact: true }).click();
    await dialog.getByRole("button", { name: new RegExp(`escolhida-${id}\\.png`) }).click();
    await expect(dialog).toBeHidden();
    await expect(form.getByRole("textbox", { name: "Conteúdo" }).locator("img")).toHaveAttribute(
      "src",
      image.url,
    );
    await expect(form.locator('input[name="content"]')).toHaveValue(
      new RegExp(`<img src="${image.url}" alt="Laje impermeabilizada ${id}"`),
    );
  });
});

// ---- Accessibility --------------------------------------------------------------------------

for (const colorScheme of ["light", "dark"] as const) {
  test(`/admin/midia and an image's page in ${colorScheme} mode have no serious or critical axe violation`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await signIn(page);
    const image = await upload(page.request, await picture(`axe-${colorScheme}-${uid()}.png`));
    await page.goto("/admin/midia");
    await expect(page.locator("form[data-enhanced]")).toBeAttached();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto(`/admin/midia/${image.id}`);
    await expect(page.getByRole("heading", { name: image.name })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The picker's dialog, open.
    await page.goto("/admin/posts/novo");
    await page.getByRole("button", { name: "Escolher da biblioteca" }).click();
    await expect(page.getByRole("dialog").getByRole("status")).toContainText("Página");
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
