import { randomBytes, randomUUID } from "node:crypto";
import { type APIResponse, expect, type Page, test } from "@playwright/test";
import { adminHeaders, E2E_ORIGIN, signInOverHttp } from "../support/admin-auth";
import { seriousAxeViolations } from "../support/axe";
import { insertCategory, insertPost, openE2eDatabase } from "../support/db";

// Previews of posts that are not public: the editor's 'Visualizar' (unsaved values, signed in
// only) and share links (a draft for anyone with the link, until revoked or expired). Never
// cached, never indexed, never in the sitemap.

test.describe.configure({ timeout: 90_000 });

let handle: Awaited<ReturnType<typeof openE2eDatabase>>;
let category: { id: string; slug: string };
test.beforeAll(async () => {
  handle = await openE2eDatabase();
  const slug = await insertCategory(handle.db, `Prévias ${uid()}`, `previas-${uid()}`);
  const row = await handle.db
    .selectFrom("categories")
    .select("id")
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
  category = { id: row.id, slug };
});
test.afterAll(async () => {
  await handle.close();
});

function uid() {
  return randomUUID().slice(0, 8);
}

async function draftPost(title: string, content = "<p>Texto do rascunho.</p>") {
  const slug = await insertPost(handle.db, { title, categorySlug: category.slug, status: "draft", content });
  const row = await handle.db
    .selectFrom("blog_posts")
    .select("id")
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
  return { id: row.id, slug };
}

function expectNeverStored(response: APIResponse) {
  expect(response.headers()["cache-control"]).toContain("no-store");
  expect(response.headers()["x-robots-tag"]).toBe("noindex");
}

function previewForm(title: string, content = "<p>Conteúdo da prévia.</p>") {
  return {
    title,
    categoryId: category.id,
    excerpt: "Resumo da prévia.",
    content,
    readTime: "3",
    status: "draft",
  };
}

test("'Visualizar' shows the editor's unsaved values as the article, saving nothing", async ({ page }) => {
  await signInOverHttp(page.request);
  const title = `Rascunho para visualizar ${uid()}`;
  const post = await draftPost(title);
  await page.goto(`/admin/posts/${post.id}`);
  const form = page.getByRole("region", { name: "Editar Post", exact: true });
  const titleInput = form.getByRole("textbox", { name: "Título", exact: true });
  await expect(titleInput).toHaveValue(title);
  const edited = `${title} com edição não salva`;
  await titleInput.fill(edited);
  const [preview] = await Promise.all([
    page.waitForEvent("popup"),
    form.getByRole("button", { name: "Visualizar" }).click(),
  ]);
  await expect(preview.getByRole("heading", { level: 1, name: edited })).toBeVisible();
  await expect(preview.getByText("Pré-visualização: estas alterações ainda não foram salvas")).toBeVisible();
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const row = await handle.db
    .selectFrom("blog_posts")
    .select(["title", "status"])
    .where("id", "=", post.id)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ title, status: "draft" });
});

test("the preview is sanitised like a saved post, never stored, and refused signed out", async ({
  request,
}) => {
  const title = `Prévia sanitizada ${uid()}`;
  const content = `<p>Parágrafo visível ${title}</p><script>window.hacked = 1</script><img src="/x.png" onerror="alert(1)">`;
  const signedOut = await request.post("/admin/posts/visualizar", {
    headers: { Origin: E2E_ORIGIN },
    form: previewForm(title, content),
    maxRedirects: 0,
  });
  expect(signedOut.status()).toBe(401);
  expect(await signedOut.text()).not.toContain(title);

  const token = await signInOverHttp(request);
  const noOrigin = await request.post("/admin/posts/visualizar", {
    headers: { Cookie: adminHeaders(token).Cookie ?? "" },
    form: previewForm(title, content),
    maxRedirects: 0,
  });
  expect(noOrigin.status()).toBe(403);

  const response = await request.post("/admin/posts/visualizar", {
    headers: adminHeaders(token),
    form: previewForm(title, content),
    maxRedirects: 0,
  });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("no-store");
  const html = await response.text();
  expect(html).toContain(`Parágrafo visível ${title}`);
  expect(html).not.toContain("window.hacked");
  expect(html).not.toContain("onerror");
  expect(html).toContain('content="noindex"');
  expect(await handle.db.selectFrom("blog_posts").select("id").where("title", "=", title).execute()).toEqual(
    [],
  );

  const tooLong = await request.post("/admin/posts/visualizar", {
    headers: adminHeaders(token),
    form: previewForm("T".repeat(10_000)),
    maxRedirects: 0,
  });
  expect(tooLong.status()).toBe(400);
  expect(await tooLong.text()).toContain("O título pode ter no máximo 200 caracteres.");
});

async function createShareLink(page: Page, postId: string): Promise<string> {
  await page.goto(`/admin/posts/${postId}`);
  const links = page.getByRole("region", { name: "Links de prévia" });
  await expect(links.getByText("Nenhum link de prévia ativo.")).toBeVisible();
  await links.getByRole("button", { name: "Criar link de prévia" }).click();
  const field = links.getByRole("textbox", { name: "Novo link de prévia" });
  await expect(field).toHaveValue(/\/blog\/previa\/[A-Za-z0-9_-]{43}$/);
  await expect(links.getByRole("list", { name: "Links de prévia ativos" }).getByRole("listitem")).toHaveCount(
    1,
  );
  return new URL(await field.inputValue()).pathname;
}

test("a share link shows the current draft signed out until it is revoked, never cached nor in the sitemap", async ({
  page,
  playwright,
}) => {
  await signInOverHttp(page.request);
  const title = `Rascunho compartilhado ${uid()}`;
  const post = await draftPost(title);
  const path = await createShareLink(page, post.id);
  // Only the token's hash is stored.
  const stored = await handle.db
    .selectFrom("post_share_links")
    .select("token_hash")
    .where("post_id", "=", post.id)
    .execute();
  expect(stored).toHaveLength(1);
  expect(stored[0]?.token_hash).not.toContain(path.split("/").pop() ?? "-");

  const visitor = await playwright.request.newContext({ baseURL: E2E_ORIGIN });
  try {
    const first = await visitor.get(path, { maxRedirects: 0 });
    expect(first.status()).toBe(200);
    expectNeverStored(first);
    const html = await first.text();
    expect(html).toContain(title);
    expect(html).toContain('content="noindex"');

    // The draft changes: the link shows the change at once (nothing kept a copy).
    await handle.db
      .updateTable("blog_posts")
      .set({ title: `${title} revisado` })
      .where("id", "=", post.id)
      .execute();
    expect(await (await visitor.get(path)).text()).toContain(`${title} revisado`);
    expect(await (await visitor.get("/sitemap.xml")).text()).not.toContain(post.slug);
    expect((await visitor.get(`/blog/${post.slug}`, { maxRedirects: 0 })).status()).toBe(302);

    const links = page.getByRole("region", { name: "Links de prévia" });
    await links.getByRole("button", { name: "Revogar" }).click();
    await expect(links.getByText("Nenhum link de prévia ativo.")).toBeVisible();
    // Once the revocation is answered (the form is no longer busy) the list read again agrees.
    await expect(links.getByRole("button", { name: "Criar link de prévia" })).toBeVisible();
    await expect(links.getByText("Nenhum link de prévia ativo.")).toBeVisible();
    const revoked = await visitor.get(path);
    expect(revoked.status()).toBe(404);
    expect(await revoked.text()).not.toContain(title);
  } finally {
    await visitor.dispose();
  }
});

test("an expired, forged or malformed token answers the 404 page", async ({ page, request }) => {
  await signInOverHttp(page.request);
  const title = `Rascunho que expira ${uid()}`;
  const post = await draftPost(title);
  const path = await createShareLink(page, post.id);
  await handle.db
    .updateTable("post_share_links")
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where("post_id", "=", post.id)
    .execute();
  const forged = `/blog/previa/${randomBytes(32).toString("base64url")}`;
  for (const target of [
    path,
    forged,
    "/blog/previa/abc",
    `/blog/previa/${"a".repeat(10_000)}`,
    "/blog/previa/%FF%00",
  ]) {
    const response = await request.get(target, { maxRedirects: 0 });
    expect(response.status(), target.slice(0, 40)).toBe(404);
    expect(await response.text()).not.toContain(title);
  }
});

test("revoking an unknown link or a forged post answers a pt-BR 404", async ({ request }) => {
  const token = await signInOverHttp(request);
  const post = await draftPost(`Rascunho sem links ${uid()}`);
  const unknownLink = await request.post(`/admin/posts/${post.id}/links-de-previa`, {
    headers: adminHeaders(token),
    form: { intent: "revoke", linkId: randomUUID() },
  });
  expect(unknownLink.status()).toBe(404);
  expect(await unknownLink.json()).toEqual({
    error: "Link não encontrado; ele pode já ter sido revogado ou expirado.",
  });
  const unknownPost = await request.post(`/admin/posts/${randomUUID()}/links-de-previa`, {
    headers: adminHeaders(token),
    form: { intent: "create" },
  });
  expect(unknownPost.status()).toBe(404);
  const tooLong = await request.post(`/admin/posts/${post.id}/links-de-previa`, {
    headers: adminHeaders(token),
    form: { intent: "revoke", linkId: "x".repeat(10_000) },
  });
  expect(tooLong.status()).toBe(404);
  expect(
    await handle.db.selectFrom("post_share_links").select("id").where("post_id", "=", post.id).execute(),
  ).toEqual([]);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the editor with scheduling, preview and share links in ${colorScheme} mode has no serious axe violation`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await signInOverHttp(page.request);
    const post = await draftPost(`Rascunho acessível ${uid()}`);
    await createShareLink(page, post.id);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
