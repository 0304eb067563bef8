import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { utcToSaoPauloLocal } from "~/lib/site-time";
import { adminHeaders, signInOverHttp } from "../support/admin-auth";
import { insertCategory, openE2eDatabase } from "../support/db";

// Scheduled publishing through the running server: a post scheduled a few seconds ahead goes
// live at that second with no request in between (the database, then the sitemap, show it),
// and bad publication times are refused with nothing saved. The form's field takes seconds too
// ("2026-11-25T14:30:05"), so the test waits seconds for its moment instead of a minute.

let handle: Awaited<ReturnType<typeof openE2eDatabase>>;
let categoryId: string;
test.beforeAll(async () => {
  handle = await openE2eDatabase();
  const slug = await insertCategory(handle.db, `Agenda E2E ${uid()}`, `agenda-e2e-${uid()}`);
  categoryId = (
    await handle.db.selectFrom("categories").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()
  ).id;
});
test.afterAll(async () => {
  await handle.close();
});

function uid() {
  return randomUUID().slice(0, 8);
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

function postForm(title: string, scheduledAt: string, status = "scheduled") {
  return {
    title,
    categoryId,
    excerpt: "Resumo do post agendado.",
    content: "<p>Conteúdo do post agendado.</p>",
    readTime: "4",
    status,
    scheduledAt,
  };
}

async function postsTitled(title: string) {
  return handle.db
    .selectFrom("blog_posts")
    .select(["id", "slug", "status", "published_at", "scheduled_at"])
    .where("title", "=", title)
    .execute();
}

test("a post scheduled a few seconds ahead goes live then with no request in between", async ({
  request,
}) => {
  const token = await signInOverHttp(request);
  // The sitemap is rendered (and cached) before: the publication must purge it.
  expect((await request.get("/sitemap.xml")).status()).toBe(200);

  // The next whole second at least 8 s away, after the save and the sitemap checks below.
  const dueAt = new Date(Math.ceil((Date.now() + 8_000) / SECOND) * SECOND);
  // São Paulo's offset is whole hours: the local seconds are the UTC ones.
  const dueLocal = `${utcToSaoPauloLocal(dueAt.toISOString())}:${String(dueAt.getUTCSeconds()).padStart(2, "0")}`;
  const title = `Agendado para daqui a segundos ${uid()}`;
  const saved = await request.post("/admin/posts/novo", {
    headers: adminHeaders(token),
    form: postForm(title, dueLocal),
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(302);
  const [post] = await postsTitled(title);
  expect(post).toMatchObject({ status: "scheduled", published_at: null, scheduled_at: dueAt.toISOString() });
  const slug = post?.slug ?? "";
  expect((await request.get("/sitemap.xml")).ok()).toBe(true);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain(`/blog/${slug}<`);

  // No request to the server until the database shows the post published.
  await expect
    .poll(async () => (await postsTitled(title))[0]?.status, { timeout: 20_000, intervals: [250] })
    .toBe("published");
  const [published] = await postsTitled(title);
  expect(published).toMatchObject({ published_at: dueAt.toISOString(), scheduled_at: null });
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`/blog/${slug}<`);
  expect((await request.get(`/blog/${slug}`, { maxRedirects: 0 })).status()).toBe(200);
});

test("the editor shows a scheduled post's status and time in São Paulo", async ({ page }) => {
  const token = await signInOverHttp(page.request);
  const dueAt = new Date(Math.ceil((Date.now() + 3 * 24 * 60 * MINUTE) / MINUTE) * MINUTE);
  const title = `Agendado para depois ${uid()}`;
  const local = utcToSaoPauloLocal(dueAt.toISOString());
  const saved = await page.request.post("/admin/posts/novo", {
    headers: adminHeaders(token),
    form: postForm(title, local),
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(302);
  const [post] = await postsTitled(title);
  await page.goto("/admin");
  // The list's item (or table row) of the post carries the badge.
  await expect(
    page.locator("li, tr").filter({ hasText: title }).getByText("Agendado", { exact: true }),
  ).toBeVisible();
  await page.goto(`/admin/posts/${post?.id}`);
  await expect(page.getByLabel("Status")).toHaveValue("scheduled");
  await expect(page.getByLabel("Publicar em (horário de Brasília)")).toHaveValue(local);
});

test("bad publication times are refused with a pt-BR message and nothing is saved", async ({ request }) => {
  const token = await signInOverHttp(request);
  const cases = [
    ["2020-01-01T10:00", "Essa data e hora já passaram. Escolha um momento no futuro."],
    ["", "Informe a data e a hora da publicação."],
    ["amanhã às 10h", "Data e hora inválidas. Use o formato dd/mm/aaaa hh:mm."],
    ["2099-02-30T10:00", "Data e hora inválidas. Use o formato dd/mm/aaaa hh:mm."],
    ["2".repeat(10_000), "Data e hora inválidas. Use o formato dd/mm/aaaa hh:mm."],
  ] as const;
  for (const [scheduledAt, message] of cases) {
    const title = `Agendamento recusado ${uid()}`;
    const response = await request.post("/admin/posts/novo", {
      headers: adminHeaders(token),
      form: postForm(title, scheduledAt),
      maxRedirects: 0,
    });
    expect(response.status(), scheduledAt.slice(0, 30)).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await postsTitled(title)).toEqual([]);
  }
});
