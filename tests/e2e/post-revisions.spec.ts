import { randomUUID } from "node:crypto";
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { adminHeaders, signInOverHttp } from "../support/admin-auth";
import { seriousAxeViolations } from "../support/axe";
import { insertCategory, insertPost, openE2eDatabase } from "../support/db";

// Revisions and no lost edits, as an editor lives them: three saves, a comparison with the
// changed words highlighted, a restore that the public article shows at once (render cache),
// two people saving the same post (the second is refused and keeps their text), the draft's
// autosave (page.clock) and the question before leaving with unsaved changes.

test.describe.configure({ timeout: 120_000 });

const STALE = "Este post foi alterado por outra pessoa enquanto você editava.";

let handle: Awaited<ReturnType<typeof openE2eDatabase>>;
let categorySlug: string;
test.beforeAll(async () => {
  handle = await openE2eDatabase();
  categorySlug = await insertCategory(handle.db, `Versões ${uid()}`, `versoes-${uid()}`);
});
test.afterAll(async () => {
  await handle.close();
});

function uid() {
  return randomUUID().slice(0, 8);
}

async function newPost(status: "draft" | "published", content: string) {
  const title = `Post com versões ${uid()}`;
  const slug = await insertPost(handle.db, { title, categorySlug, status, content });
  const row = await handle.db
    .selectFrom("blog_posts")
    .select("id")
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
  return { id: row.id, slug, title };
}

async function stored(id: string) {
  return handle.db
    .selectFrom("blog_posts")
    .select(["excerpt", "content", "version"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

/** The editor of a post, hydrated (the rich-text editor only exists once React runs). */
async function openEditor(page: Page, id: string): Promise<Locator> {
  await page.goto(`/admin/posts/${id}`);
  const form = page.getByRole("region", { name: "Editar Post", exact: true });
  await expect(form.getByRole("textbox", { name: "Conteúdo" })).toBeVisible({ timeout: 30_000 });
  return form;
}

async function replaceContent(page: Page, form: Locator, text: string) {
  await form.getByRole("textbox", { name: "Conteúdo" }).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

async function save(page: Page, form: Locator) {
  await form.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/admin", { timeout: 30_000 });
}

test("three saves, a comparison with the changed words highlighted, and a restore the article shows at once", async ({
  page,
}) => {
  await signInOverHttp(page.request);
  const post = await newPost("published", "<p>A fachada recebeu pastilhas cerâmicas.</p>");
  // The article is in the render cache before the edits.
  expect(await (await page.request.get(`/blog/${post.slug}`)).text()).toContain("pastilhas cerâmicas");

  for (const text of [
    "A fachada recebeu textura acrílica.",
    "A fachada recebeu pintura elastomérica.",
    "A fachada recebeu granito polido.",
  ]) {
    const form = await openEditor(page, post.id);
    await replaceContent(page, form, text);
    await save(page, form);
  }
  expect((await stored(post.id)).content).toContain("granito polido");

  const form = await openEditor(page, post.id);
  const versions = form.getByRole("table");
  // The post as it was before these saves is kept too: four versions.
  await expect(versions.getByRole("row")).toHaveCount(5);
  await form.getByRole("radio", { name: "Comparar a partir da versão 1" }).check();
  await form.getByRole("radio", { name: "Comparar até a versão 4" }).check();
  await form.getByRole("button", { name: "Comparar versões" }).click();
  await expect(page.getByRole("heading", { name: /^Comparar versões/ })).toBeVisible();
  const content = page.getByRole("region", { name: "Conteúdo", exact: true });
  await expect(content.locator("del")).toContainText("pastilhas cerâmicas");
  await expect(content.locator("ins")).toContainText("granito polido");
  await expect(content).toContainText("A fachada recebeu");
  await expect(content.locator("del", { hasText: "fachada" })).toHaveCount(0);

  await page.getByRole("link", { name: "Voltar ao editor" }).click();
  const again = page.getByRole("region", { name: "Editar Post", exact: true });
  await expect(again.getByRole("textbox", { name: "Conteúdo" })).toBeVisible({ timeout: 30_000 });
  await again.getByRole("button", { name: "Restaurar a versão 1" }).click();
  await expect(page.getByText("Versão restaurada!")).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL((url) => url.pathname === `/admin/posts/${post.id}`);
  await expect(page.getByRole("row").nth(1)).toContainText("Restaurada da versão de");
  await expect(page.getByRole("row")).toHaveCount(6);

  const row = await stored(post.id);
  expect(row.content).toContain("pastilhas cerâmicas");
  expect(row.version).toBe(5);
  const article = await (await page.request.get(`/blog/${post.slug}`)).text();
  expect(article).toContain("A fachada recebeu pastilhas cerâmicas.");
  expect(article).not.toContain("granito polido");
});

async function signedInContext(browser: Browser, javaScriptEnabled = true): Promise<BrowserContext> {
  const context = await browser.newContext({ javaScriptEnabled });
  await signInOverHttp(context.request);
  return context;
}

test("two people edit one post: the later save is refused in pt-BR, keeps its text, and shows both versions", async ({
  browser,
}) => {
  const post = await newPost("draft", "<p>Texto inicial.</p>");
  const [first, second] = [await signedInContext(browser), await signedInContext(browser)];
  try {
    const ana = await first.newPage();
    const bruno = await second.newPage();
    const anaForm = await openEditor(ana, post.id);
    const brunoForm = await openEditor(bruno, post.id);

    await anaForm.getByRole("textbox", { name: "Resumo" }).fill("Resumo escrito pela Ana.");
    await save(ana, anaForm);
    expect((await stored(post.id)).excerpt).toBe("Resumo escrito pela Ana.");

    const brunoExcerpt = brunoForm.getByRole("textbox", { name: "Resumo" });
    await brunoExcerpt.fill("Resumo escrito pelo Bruno.");
    await brunoForm.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(bruno.getByRole("heading", { name: STALE })).toBeVisible({ timeout: 30_000 });
    await expect(bruno).toHaveURL((url) => url.pathname === `/admin/posts/${post.id}`);
    // Both versions: the other person's in the database, this person's still in the form,
    // and the difference between them on the screen.
    expect((await stored(post.id)).excerpt).toBe("Resumo escrito pela Ana.");
    await expect(brunoExcerpt).toHaveValue("Resumo escrito pelo Bruno.");
    const diff = brunoForm.getByRole("region", { name: "Resumo", exact: true });
    await expect(diff.locator("del")).toContainText("pela Ana");
    await expect(diff.locator("ins")).toContainText("pelo Bruno");

    // A deliberate overwrite, after seeing the difference.
    await brunoForm.getByRole("button", { name: "Salvar mesmo assim" }).click();
    await expect(bruno).toHaveURL((url) => url.pathname === "/admin", { timeout: 30_000 });
    expect((await stored(post.id)).excerpt).toBe("Resumo escrito pelo Bruno.");
  } finally {
    await first.close();
    await second.close();
  }
});

test("without JavaScript, a refused save comes back with the typed text in the form", async ({ browser }) => {
  const post = await newPost("draft", "<p>Texto inicial.</p>");
  const context = await signedInContext(browser, false);
  try {
    const page = await context.newPage();
    await page.goto(`/admin/posts/${post.id}`);
    const form = page.getByRole("region", { name: "Editar Post", exact: true });
    await form.getByRole("textbox", { name: "Resumo" }).fill("Resumo sem JavaScript.");
    // Someone else saves meanwhile (the version moves on).
    await handle.db
      .updateTable("blog_posts")
      .set({ excerpt: "Resumo de outra pessoa.", version: 2 })
      .where("id", "=", post.id)
      .execute();
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(page.getByRole("heading", { name: STALE })).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Resumo" })).toHaveValue("Resumo sem JavaScript.");
    expect((await stored(post.id)).excerpt).toBe("Resumo de outra pessoa.");
    await form.getByRole("button", { name: "Salvar mesmo assim" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/admin");
    expect((await stored(post.id)).excerpt).toBe("Resumo sem JavaScript.");
  } finally {
    await context.close();
  }
});

test("a changed draft autosaves after 30 seconds, and leaving with unsaved changes asks first", async ({
  page,
  context,
}) => {
  await signInOverHttp(page.request);
  const post = await newPost("draft", "<p>Rascunho inicial.</p>");
  await page.clock.install();
  const form = await openEditor(page, post.id);
  await form.getByRole("textbox", { name: "Resumo" }).fill("Resumo salvo sozinho.");
  // Not yet: the interval has not passed.
  await page.clock.runFor(10_000);
  expect((await stored(post.id)).excerpt).not.toBe("Resumo salvo sozinho.");
  await page.clock.runFor(21_000);
  await expect(form.getByRole("status").filter({ hasText: /^Rascunho salvo às \d\d:\d\d$/ })).toBeVisible({
    timeout: 30_000,
  });
  const row = await stored(post.id);
  expect(row.excerpt).toBe("Resumo salvo sozinho.");
  const kinds = await handle.db
    .selectFrom("post_revisions")
    .select("kind")
    .where("post_id", "=", post.id)
    .orderBy("version", "desc")
    .execute();
  expect(kinds[0]?.kind).toBe("autosave");

  // Saved: leaving asks nothing.
  const dialogs: string[] = [];
  // Counted once dismissed: the test must not end while a dismissal is still on its way (the
  // context's close would then fail with "Test ended").
  page.on("dialog", async (dialog) => {
    await dialog.dismiss();
    dialogs.push(dialog.type());
  });
  await form.getByRole("link", { name: "Cancelar" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/admin");
  expect(dialogs).toEqual([]);

  // Unsaved: an in-app link asks (and staying keeps the text), closing the tab asks too.
  const edited = await openEditor(page, post.id);
  await edited.getByRole("textbox", { name: "Resumo" }).fill("Resumo ainda não salvo.");
  await edited.getByRole("link", { name: "Cancelar" }).click();
  await expect.poll(() => dialogs).toEqual(["confirm"]);
  await expect(page).toHaveURL((url) => url.pathname === `/admin/posts/${post.id}`);
  await expect(edited.getByRole("textbox", { name: "Resumo" })).toHaveValue("Resumo ainda não salvo.");
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => dialogs).toEqual(["confirm", "beforeunload"]);
  expect(page.isClosed()).toBe(false);
  expect(context.pages()).toContain(page);
});

test("forged, unknown, malformed revision ids and another post's revision get a pt-BR 4xx, and nothing changes", async ({
  request,
}) => {
  const headers = adminHeaders(await signInOverHttp(request));
  const post = await newPost("draft", "<p>Texto que não muda.</p>");
  const other = await newPost("draft", "<p>Outro post.</p>");
  // Saving once gives each post revisions (its first state and the save).
  for (const { id } of [post, other]) {
    const form = await request.get(`/admin/posts/${id}`, { headers });
    expect(form.status()).toBe(200);
    const saved = await request.post(`/admin/posts/${id}`, {
      headers,
      form: {
        title: `Salvo ${uid()}`,
        categoryId: (
          await handle.db
            .selectFrom("blog_posts")
            .select("category_id")
            .where("id", "=", id)
            .executeTakeFirstOrThrow()
        ).category_id,
        excerpt: "Resumo.",
        content: "<p>Texto salvo.</p>",
        status: "draft",
        baseVersion: "1",
      },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
  }
  const revisionOf = async (id: string) =>
    (
      await handle.db
        .selectFrom("post_revisions")
        .select("id")
        .where("post_id", "=", id)
        .orderBy("version")
        .executeTakeFirstOrThrow()
    ).id;
  const own = await revisionOf(post.id);
  const foreign = await revisionOf(other.id);
  const before = await stored(post.id);
  const path = `/admin/posts/${post.id}/revisoes`;

  const compares: Array<[string, number, string]> = [
    [`${path}?de=${own}&para=${foreign}`, 404, "Versão não encontrada"],
    [`${path}?de=${own}&para=${randomUUID()}`, 404, "Versão não encontrada"],
    [`${path}?de=${own}&para=nao-e-um-id`, 400, "Versão inválida."],
    [`${path}?de=${own}&para=%00${"a".repeat(10_000)}`, 400, "Versão inválida."],
    [`${path}?de=${own}`, 400, "Escolha duas versões para comparar."],
    [`/admin/posts/${randomUUID()}/revisoes?de=${own}&para=${own}`, 404, "Post não encontrado"],
    [`/admin/posts/nao-e-um-id/revisoes?de=${own}&para=${own}`, 404, "Post não encontrado"],
  ];
  for (const [url, status, text] of compares) {
    const response = await request.get(url, { headers });
    expect(response.status(), url.slice(0, 80)).toBe(status);
    expect((await response.text()).includes(text), `${url.slice(0, 80)} ${text}`).toBe(true);
  }
  expect((await request.get(`${path}?de=${own}&para=${own}`, { headers })).status()).toBe(200);

  const restores: Array<[string, Record<string, string>, number, string]> = [
    [path, { revisionId: foreign }, 404, "Versão não encontrada"],
    [path, { revisionId: randomUUID() }, 404, "Versão não encontrada"],
    [path, { revisionId: "1 OR 1=1" }, 400, "Versão inválida."],
    [path, {}, 400, "Versão inválida."],
    [`/admin/posts/${randomUUID()}/revisoes`, { revisionId: own }, 404, "Post não encontrado"],
    [`/admin/posts/nao-e-um-id/revisoes`, { revisionId: own }, 404, "Post não encontrado"],
  ];
  for (const [url, form, status, text] of restores) {
    const response = await request.post(url, { headers, form, maxRedirects: 0 });
    expect(response.status(), `${url} ${JSON.stringify(form)}`).toBe(status);
    expect((await response.text()).includes(text), `${url} ${text}`).toBe(true);
  }
  expect(await stored(post.id)).toEqual(before);

  // A save naming a version that is not a number, or none at all, is a stale save: refused.
  for (const baseVersion of ["abc", "", "-1"]) {
    const response = await request.post(`/admin/posts/${post.id}`, {
      headers,
      form: {
        title: "Nunca salvo",
        categoryId: (
          await handle.db
            .selectFrom("blog_posts")
            .select("category_id")
            .where("id", "=", post.id)
            .executeTakeFirstOrThrow()
        ).category_id,
        excerpt: "Resumo.",
        content: "<p>Nunca salvo.</p>",
        baseVersion,
      },
      maxRedirects: 0,
    });
    expect(response.status(), baseVersion).toBe(409);
    expect((await response.text()).includes(STALE)).toBe(true);
  }
  expect(await stored(post.id)).toEqual(before);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the revisions list, a comparison and a refused save in ${colorScheme} mode have no serious or critical axe violation`, async ({
    page,
  }) => {
    await signInOverHttp(page.request);
    await page.emulateMedia({ colorScheme });
    const post = await newPost("draft", "<p>Reboco antigo com fissuras.</p>");
    let form = await openEditor(page, post.id);
    await replaceContent(page, form, "Reboco novo sem fissuras.");
    await form.getByRole("switch", { name: "Post em Destaque" }).check();
    await save(page, form);

    form = await openEditor(page, post.id);
    await expect(form.getByRole("table").getByRole("row")).toHaveCount(3);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await form.getByRole("button", { name: "Comparar versões" }).click();
    const content = page.getByRole("region", { name: "Conteúdo", exact: true });
    await expect(content.locator("del")).toContainText("antigo com");
    await expect(page.getByText("Post em Destaque")).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Someone else saves while this editor is open: the refused save shows both versions.
    form = await openEditor(page, post.id);
    await form.getByRole("textbox", { name: "Resumo" }).fill("Resumo desta pessoa.");
    await handle.db
      .updateTable("blog_posts")
      .set((eb) => ({ excerpt: "Resumo da outra pessoa.", version: eb("version", "+", 1) }))
      .where("id", "=", post.id)
      .execute();
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(page.getByRole("heading", { name: STALE })).toBeVisible({ timeout: 30_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
