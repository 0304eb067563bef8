import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { slugify } from "~/lib/slug";
import { adminHeaders, signInOverHttp } from "../support/admin-auth";
import { seriousAxeViolations } from "../support/axe";
import { insertPost, openE2eDatabase } from "../support/db";

// Redirects through a real browser and over HTTP: a published post renamed in the editor
// answers 301 from every old address (no chains), the owner adds, finds and deletes redirects,
// imports a good CSV and has a CSV with a loop refused whole; bad input gets a pt-BR message and
// a 4xx and saves nothing; the screen passes axe in light and dark.

test.describe.configure({ timeout: 120_000 });

const uid = () => randomUUID().slice(0, 8);
const SCREEN = "/admin/redirecionamentos";

let handle: Awaited<ReturnType<typeof openE2eDatabase>>;

test.beforeAll(async () => {
  handle = await openE2eDatabase();
});
test.afterAll(async () => {
  await handle.close();
});

async function storedTarget(from: string): Promise<string | null> {
  const row = await handle.db
    .selectFrom("redirects")
    .select("to_path")
    .where("from_path", "=", from)
    .executeTakeFirst();
  return row?.to_path ?? null;
}

async function expectPermanentRedirect(request: APIRequestContext, from: string, to: string) {
  const response = await request.get(from, { maxRedirects: 0 });
  expect(response.status(), from).toBe(301);
  const location = response.headers().location ?? "";
  const url = new URL(location, "http://site.invalid");
  expect(`${url.pathname}${url.search}`, from).toBe(to);
  expect(response.headers()["cache-control"]).toContain("max-age=86400");
}

function toast(page: Page, title: string, variant: "success" | "error" = "success") {
  return page
    .getByRole("region", { name: "Notificações" })
    .getByRole(variant === "error" ? "alert" : "status")
    .filter({ has: page.getByText(title, { exact: true }) })
    .last();
}

/** The list of a refused import's problems (the toast repeats only its title). */
function importErrors(page: Page) {
  return page.getByRole("alert").filter({ has: page.getByRole("heading", { name: /Nada foi importado/ }) });
}

async function renameInEditor(page: Page, postId: string, title: string) {
  await page.goto(`/admin/posts/${postId}`);
  const form = page.getByRole("region", { name: "Editar Post", exact: true });
  await form.getByRole("textbox", { name: "Título", exact: true }).fill(title);
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(toast(page, "Post atualizado!")).toBeVisible({ timeout: 15_000 });
}

test("a published post renamed twice answers 301 from both old addresses, straight to the current one", async ({
  page,
  request,
}) => {
  const id = uid();
  const first = `Rejunte da fachada ${id}`;
  const a = slugify(first);
  await insertPost(handle.db, { title: first, slug: a, categorySlug: "fachadas" });
  const post = await handle.db
    .selectFrom("blog_posts")
    .select("id")
    .where("slug", "=", a)
    .executeTakeFirstOrThrow();
  await signInOverHttp(page.request);

  const second = `Rejunte da fachada revisado ${id}`;
  const b = slugify(second);
  await renameInEditor(page, post.id, second);
  await expectPermanentRedirect(request, `/blog/${a}`, `/blog/${b}`);

  const third = `Rejunte de fachadas antigas ${id}`;
  const c = slugify(third);
  await renameInEditor(page, post.id, third);
  await expectPermanentRedirect(request, `/blog/${a}`, `/blog/${c}`);
  await expectPermanentRedirect(request, `/blog/${b}`, `/blog/${c}`);
  // A visitor with an old link lands on the article.
  const visitor = await page.context().browser()?.newContext();
  try {
    const visitorPage = await visitor?.newPage();
    if (!visitorPage) throw new Error("no browser");
    await visitorPage.goto(new URL(`/blog/${a}`, page.url()).href);
    await expect(visitorPage).toHaveURL(new RegExp(`/blog/${c}$`));
    await expect(visitorPage.getByRole("heading", { level: 1, name: third })).toBeVisible();
  } finally {
    await visitor?.close();
  }
});

test("the owner adds an old site's address, finds it, and deletes it", async ({ page, request }) => {
  const old = `/2019/05/minha-obra-${uid()}/`;
  const key = old.replace(/\/$/, "");
  await signInOverHttp(page.request);
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Seções do painel" })
    .getByRole("link", { name: "Redirecionamentos" })
    .click();
  await expect(page).toHaveURL(new RegExp(`${SCREEN}$`));
  await page.getByRole("textbox", { name: "De (endereço antigo)" }).fill(old);
  await page.getByRole("textbox", { name: "Para (endereço deste site)" }).fill("/obras");
  await page.getByRole("button", { name: "Adicionar" }).click();
  await expect(toast(page, "Redirecionamento criado!")).toBeVisible({ timeout: 15_000 });
  await expectPermanentRedirect(request, old, "/obras");
  await expectPermanentRedirect(request, key, "/obras");

  // The same source again, and a chain through it, are refused with a pt-BR message.
  await page.getByRole("textbox", { name: "De (endereço antigo)" }).fill(`/outra-${uid()}`);
  await page.getByRole("textbox", { name: "Para (endereço deste site)" }).fill(old);
  await page.getByRole("button", { name: "Adicionar" }).click();
  await expect(toast(page, "Erro", "error")).toContainText("não são permitidas cadeias", { timeout: 15_000 });

  await page.getByRole("searchbox", { name: "Buscar por endereço" }).fill(key.slice(1));
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 redirecionamento encontrado" })).toBeVisible();
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: `Excluir o redirecionamento de ${key}` }).click();
  await expect(toast(page, "Redirecionamento excluído!")).toBeVisible({ timeout: 15_000 });
  expect(await storedTarget(key)).toBeNull();
  const gone = await request.get(old, { maxRedirects: 0 });
  expect(gone.status()).toBe(404);
});

test("a CSV with a loop is refused whole, line by line; a good one is imported", async ({
  page,
  request,
}) => {
  const p = `/site-antigo-${uid()}`;
  await signInOverHttp(page.request);
  await page.goto(SCREEN);
  const upload = async (name: string, text: string) => {
    await page
      .getByLabel("Arquivo CSV", { exact: true })
      .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
    await page.getByRole("button", { name: "Importar" }).click();
  };
  await upload("loop.csv", `de,para\n${p}/ok,/contato\n${p}/a,${p}/b\n${p}/b,${p}/a\n`);
  const errors = importErrors(page);
  await expect(errors).toBeVisible({ timeout: 15_000 });
  await expect(errors).toContainText("Linha 3:");
  await expect(errors).toContainText("ciclo");
  for (const from of ["ok", "a", "b"]) expect(await storedTarget(`${p}/${from}`)).toBeNull();

  await upload("bom.csv", `${p}/2018/obra-do-batel/;/obras\n${p}/fale-conosco;/contato\n`);
  await expect(toast(page, "Redirecionamentos importados!")).toBeVisible({ timeout: 15_000 });
  await expectPermanentRedirect(request, `${p}/2018/obra-do-batel/`, "/obras");
  await expectPermanentRedirect(request, `${p}/fale-conosco`, "/contato");
});

test("bad input gets a pt-BR message and a 4xx, and saves nothing", async ({ request }) => {
  const token = await signInOverHttp(request);
  const headers = adminHeaders(token);
  const p = `/invalido-${uid()}`;
  const cases: {
    form?: Record<string, string>;
    csv?: Buffer;
    status: number;
    message: RegExp;
    from: string;
  }[] = [
    {
      form: { intent: "create", from: `${p}/../admin`, to: "/contato" },
      status: 400,
      message: /não pode ter segmentos/,
      from: `${p}/../admin`,
    },
    {
      form: { intent: "create", from: `https://evil.example${p}`, to: "/contato" },
      status: 400,
      message: /não de outro domínio/,
      from: p,
    },
    {
      form: { intent: "create", from: `${p}/x`, to: "https://evil.example/phishing" },
      status: 400,
      message: /não de outro domínio/,
      from: `${p}/x`,
    },
    {
      form: { intent: "create", from: "/blog", to: "/contato" },
      status: 400,
      message: /página do próprio site/,
      from: "/blog",
    },
    {
      form: { intent: "create", from: `${p}/${"a".repeat(10_000)}`, to: "/contato" },
      status: 400,
      message: /no máximo 1000 caracteres/,
      from: `${p}/${"a".repeat(10_000)}`,
    },
    {
      csv: Buffer.from(`${p}/m1,/contato\n"${p}/m2,/contato\n`),
      status: 400,
      message: /não é um CSV válido/,
      from: `${p}/m1`,
    },
    {
      csv: Buffer.alloc(5 * 1024 * 1024, `${p}/grande,/contato\n`),
      status: 413,
      message: /grande demais|no máximo 1 MB/,
      from: `${p}/grande`,
    },
  ];
  for (const item of cases) {
    const response = item.csv
      ? await request.post(SCREEN, {
          headers,
          multipart: { intent: "import", csv: { name: "r.csv", mimeType: "text/csv", buffer: item.csv } },
          maxRedirects: 0,
        })
      : await request.post(SCREEN, { headers, form: item.form ?? {}, maxRedirects: 0 });
    expect(response.status(), item.from.slice(0, 80)).toBe(item.status);
    expect(await response.text()).toMatch(item.message);
    expect(await storedTarget(item.from)).toBeNull();
  }
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`${SCREEN} in ${colorScheme} mode has no serious or critical axe violation`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await signInOverHttp(page.request);
    // A refused import shows its list of errors too, so that is scanned as well.
    await page.goto(SCREEN);
    await page
      .getByLabel("Arquivo CSV", { exact: true })
      .setInputFiles({ name: "x.csv", mimeType: "text/csv", buffer: Buffer.from("/a-b-c,/a-b-c\n") });
    await page.getByRole("button", { name: "Importar" }).click();
    await expect(importErrors(page)).toBeVisible({
      timeout: 15_000,
    });
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
