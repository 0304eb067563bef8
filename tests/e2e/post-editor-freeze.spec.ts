import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { slugify } from "~/lib/slug";
import { signInOverHttp } from "../support/admin-auth";
import { toast } from "../support/admin-page";
import { insertPost, openE2eDatabase } from "../support/db";
import { expectResponsive, recordLongTasks, typeOneCharacter } from "../support/responsiveness";

// A post saved with a meta description once froze its editor at the first keystroke. The
// SEO block watched every mutation of the form and set new state on each; the render that
// followed rewrote the description's textarea, which the observer saw, and so on for ever.
// The owner's whole flow, in a real browser: save a description, come back, type, retitle the
// published post, and the old address answers 301 to the new one.

test.describe.configure({ timeout: 60_000 });

let handle: Awaited<ReturnType<typeof openE2eDatabase>>;

test.beforeAll(async () => {
  handle = await openE2eDatabase();
});
test.afterAll(async () => {
  await handle.close();
});

async function saveAndExpectUpdated(page: Page) {
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(toast(page, "Post atualizado!")).toBeVisible({ timeout: 15_000 });
}

test("a post with a meta description stays responsive in its editor, and retitling it redirects its old address", async ({
  page,
  request,
}) => {
  const id = randomUUID().slice(0, 8);
  const title = `Impermeabilização de lajes ${id}`;
  const oldSlug = await insertPost(handle.db, { title, slug: slugify(title), categorySlug: "fachadas" });
  const { id: postId } = await handle.db
    .selectFrom("blog_posts")
    .select("id")
    .where("slug", "=", oldSlug)
    .executeTakeFirstOrThrow();
  await signInOverHttp(page.request);
  await recordLongTasks(page);

  await page.goto(`/admin/posts/${postId}`);
  await expect(page.locator("fieldset[data-live]")).toBeAttached();
  const description = "Quando impermeabilizar a laje de cobertura e quanto tempo a obra leva.";
  await page.getByRole("textbox", { name: "Descrição para buscadores" }).fill(description);
  await saveAndExpectUpdated(page);

  // The editor again, now with the description saved: one letter in the title.
  await page.goto(`/admin/posts/${postId}`);
  await expect(page.locator("fieldset[data-live]")).toBeAttached();
  const titleField = page.getByRole("textbox", { name: "Título", exact: true });
  await typeOneCharacter(page, titleField, "one letter typed in Título", "s");
  await expect(titleField).toHaveValue(`${title}s`);
  await expect(page.locator('[data-preview="search-title"]')).toContainText(`${title}s`);
  await expect(page.getByRole("textbox", { name: "Descrição para buscadores" })).toHaveValue(description);

  const newTitle = `Impermeabilização de lajes de cobertura ${id}`;
  await titleField.fill(newTitle);
  await expectResponsive(page, "the title replaced");
  await saveAndExpectUpdated(page);

  const newSlug = slugify(newTitle);
  const redirect = await request.get(`/blog/${oldSlug}`, { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(new URL(redirect.headers().location ?? "", "http://site.invalid").pathname).toBe(`/blog/${newSlug}`);
  const article = await request.get(`/blog/${newSlug}`);
  expect(article.status()).toBe(200);
  expect(await article.text()).toContain(`<meta name="description" content="${description}"`);
});
