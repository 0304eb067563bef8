import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import type { DatabaseHandle } from "~/server/db/connection.server";
import { signInOverHttp } from "../support/admin-auth";
import { hydrated } from "../support/admin-page";
import { seriousAxeViolations } from "../support/axe";
import { openE2eDatabase } from "../support/db";
import { e2eOnPostgres, SAME_ON_BOTH_ENGINES } from "../support/e2e-env";

// The admin's lists at scale (docs/decisions/0026-admin-lists-at-scale.md): the post list and the
// quote-request inbox come 50 a page, with 'Página N de M' links, a search and filters in the
// address, with and without JavaScript. Every test works in rows of its own (a category, a
// service, a word of its own), created long ago so that other tests' newest rows stay first.

let handle: DatabaseHandle;
test.beforeAll(async () => {
  handle = await openE2eDatabase();
});
test.afterAll(async () => {
  await handle.close();
});

const uid = () => randomUUID().slice(0, 8);
const HOUR = 3600_000;
/** Post n of a test is created at 1 February 2021 + n hours (UTC). */
const at = (n: number) => new Date(Date.parse("2021-02-01T12:00:00.000Z") + n * HOUR).toISOString();
/**
 * Quote request n: 60 days ago + n hours. Requests older than the retention period (24 months)
 * are deleted by the server's housekeeping, which may run while a test looks at them.
 */
const leadAt = (n: number) => new Date(Date.now() - 60 * 24 * HOUR + n * HOUR).toISOString();

/** `count` posts in a new category; post n is created at `at(n)`, its status cycles. */
async function insertPosts(count: number, title: (n: number) => string) {
  const category = { id: randomUUID(), name: `Categoria Lista ${uid()}`, slug: `categoria-lista-${uid()}` };
  await handle.db
    .insertInto("categories")
    .values({ ...category, created_at: at(0) })
    .execute();
  const statuses = ["published", "draft", "archived"] as const;
  const rows = Array.from({ length: count }, (_, n) => {
    const status = statuses[n % 3] ?? "draft";
    return {
      id: randomUUID(),
      title: title(n),
      slug: `lista-${uid()}-${n}`,
      excerpt: `Resumo ${n}.`,
      content: `<p>Conteúdo ${n}.</p>`,
      category_id: category.id,
      status,
      featured: false,
      read_time: 2,
      author_id: null,
      published_at: status === "published" ? at(n) : null,
      featured_image_url: null,
      created_at: at(n),
      updated_at: at(n),
    };
  });
  await handle.db.insertInto("blog_posts").values(rows).execute();
  return category;
}

/** `count` quote requests for a service of their own; request n arrives at `at(n)`. */
async function insertLeads(
  count: number,
  fields: (n: number) => { name?: string; message?: string } = () => ({}),
) {
  const service = `Serviço Lista ${uid()}`;
  const rows = Array.from({ length: count }, (_, n) => ({
    id: randomUUID(),
    name: fields(n).name ?? `Síndico Lista ${n} ${uid()}`,
    email: `lista-${uid()}@exemplo.com.br`,
    phone: "(41) 97777-6666",
    condominium: "Condomínio das Listas",
    service,
    message: fields(n).message ?? `Pedido ${n}.`,
    status: n % 2 === 0 ? ("novo" as const) : ("fechado_ganho" as const),
    note: "",
    created_at: leadAt(n),
    updated_at: leadAt(n),
  }));
  await handle.db.insertInto("leads").values(rows).execute();
  return { service, rows };
}

/**
 * How long a filtered list may take to show after a client-side navigation: the first one of a
 * hydrated page also discovers the routes its links lead to and loads the route's code, which on
 * CI's loaded 2-core machine took longer than the default 5 s.
 */
const NAVIGATION_MS = 15_000;

function postHeadings(page: Page) {
  return page.getByRole("region", { name: "Posts Existentes" }).getByRole("heading", { level: 3 });
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test.describe(mode, () => {
    test.use({ javaScriptEnabled });
    // The store answers the same queries either way: on PostgreSQL the twin without JavaScript runs.
    test.skip(e2eOnPostgres && javaScriptEnabled, SAME_ON_BOTH_ENGINES);

    test(`pages through the posts of a category and combines filters (${mode})`, async ({ page }) => {
      const word = `Vistoria${uid()}`;
      const category = await insertPosts(60, (n) => (n % 10 === 0 ? `${word} de fachada ${n}` : `Post ${n}`));
      await signInOverHttp(page.request);
      await page.goto(`/admin?categoria=${category.slug}`);
      if (javaScriptEnabled) await hydrated(page);
      await expect(page.getByText("60 posts · página 1 de 2")).toBeVisible();
      await expect(postHeadings(page)).toHaveCount(50);
      await expect(postHeadings(page).first()).toHaveText("Post 59");
      const pages = page.getByRole("navigation", { name: "Páginas dos posts" });
      await expect(pages).toContainText("Página 1 de 2");
      await pages.getByRole("link", { name: "Próxima" }).click();
      await expect(page).toHaveURL(/pagina=2/);
      await expect(page.getByText("60 posts · página 2 de 2")).toBeVisible();
      await expect(postHeadings(page)).toHaveCount(10);
      await expect(postHeadings(page).last()).toHaveText(`${word} de fachada 0`);
      await pages.getByRole("link", { name: "Anterior" }).click();
      await expect(page.getByText("60 posts · página 1 de 2")).toBeVisible();

      // Search (typed without accent or case) + status + category + a date range, in one form.
      const form = page.getByRole("search", { name: "Buscar e filtrar posts" });
      await form.getByLabel("Buscar no título ou resumo").fill(word.toLowerCase());
      await form.getByLabel("Status").selectOption("published");
      await expect(form.getByLabel("Categoria")).toHaveValue(category.slug);
      // Post n was created on 1 February 2021 at 09:00 in Curitiba + n hours: 2 February holds 15..38.
      await form.getByLabel("Criado de").fill("2021-02-02");
      await form.getByLabel("Criado até").fill("2021-02-02");
      await form.getByRole("button", { name: "Filtrar" }).click();
      await expect(page).toHaveURL(/status=published/);
      const url = new URL(page.url());
      expect(Object.fromEntries(url.searchParams)).toEqual({
        busca: word.toLowerCase(),
        status: "published",
        categoria: category.slug,
        de: "2021-02-02",
        ate: "2021-02-02",
      });
      // Multiples of 10 are the word's posts; published ones have n % 3 === 0: 30 only in 15..38.
      await expect(postHeadings(page)).toHaveText([`${word} de fachada 30`]);
      await expect(page.getByText("1 post", { exact: true })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Páginas dos posts" })).toHaveCount(0);

      await page.getByRole("link", { name: "Limpar filtros" }).click();
      await expect(page).toHaveURL((address) => address.pathname === "/admin" && address.search === "");
    });

    test(`pages through the inbox, filters it, and opens a whole message (${mode})`, async ({ page }) => {
      const ending = `fim-${uid()}`;
      const { service, rows } = await insertLeads(55, (n) =>
        n === 4
          ? {
              name: `Conceição Lista ${uid()}`,
              message: `Infiltração. ${"Muito texto. ".repeat(60)}${ending}`,
            }
          : {},
      );
      await signInOverHttp(page.request);
      await page.goto("/admin/solicitacoes");
      // With JavaScript the form is React's: a choice made before it hydrates can be lost.
      if (javaScriptEnabled) await hydrated(page);
      const form = page.getByRole("search", { name: "Buscar e filtrar solicitações" });
      await form.getByLabel("Serviço").selectOption(service);
      await form.getByRole("button", { name: "Filtrar" }).click();
      await expect(page.getByText("55 solicitações · página 1 de 2")).toBeVisible({ timeout: NAVIGATION_MS });
      await expect(page.getByRole("button", { name: /^Salvar solicitação de / })).toHaveCount(50);
      const pages = page.getByRole("navigation", { name: "Páginas das solicitações" });
      // The link of the filtered list, not of the list before the filter (a CI run once clicked
      // a "Próxima" that still led to the unfiltered page 2).
      const next = pages.getByRole("link", { name: "Próxima" });
      const filtered = new URLSearchParams({ servico: service }).toString();
      await expect(next).toHaveAttribute("href", new RegExp(filtered.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
      await next.click();
      await expect(page.getByText("55 solicitações · página 2 de 2")).toBeVisible({ timeout: NAVIGATION_MS });
      await expect(page.getByRole("button", { name: /^Salvar solicitação de / })).toHaveCount(5);

      // The status chips keep the service filter and start again at page 1.
      await page
        .getByRole("navigation", { name: "Filtrar por etapa" })
        .getByRole("link", { name: "Fechado" })
        .click();
      await expect(page).toHaveURL(/status=fechado/);
      await expect(page.getByText("27 solicitações", { exact: true })).toBeVisible({
        timeout: NAVIGATION_MS,
      });
      expect(new URL(page.url()).searchParams.get("servico")).toBe(service);
      expect(new URL(page.url()).searchParams.get("pagina")).toBeNull();

      // The search keeps status and service (the form carries them), accents ignored.
      const lead = rows[4];
      if (!lead) throw new Error("no lead 4");
      await page
        .getByRole("navigation", { name: "Filtrar por etapa" })
        .getByRole("link", { name: "Novo" })
        .click();
      await expect(page.getByText("28 solicitações", { exact: true })).toBeVisible({
        timeout: NAVIGATION_MS,
      });
      await form.getByLabel("Buscar por nome, e-mail, telefone ou mensagem").fill("conceicao lista");
      await form.getByRole("button", { name: "Filtrar" }).click();
      await expect(page.getByText("1 solicitação", { exact: true })).toBeVisible({ timeout: NAVIGATION_MS });
      const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: lead.name }) });
      await expect(item).toContainText("Infiltração. Muito texto.");
      await expect(item).not.toContainText(ending);
      await item.getByRole("link", { name: `Ver mensagem completa de ${lead.name}` }).click();
      await expect(page).toHaveURL(`/admin/solicitacoes/${lead.id}`);
      await expect(page.getByRole("heading", { level: 2, name: lead.name })).toBeVisible();
      await expect(page.getByText(ending)).toBeVisible();
    });
  });
}

test("bad query strings answer 400 with a pt-BR message (never 500); a bad page is page 1", async ({
  page,
}) => {
  await signInOverHttp(page.request);
  const cases = [
    ["/admin?status=publicado", "Status de post inválido."],
    ["/admin?categoria=%3Cscript%3E", "Categoria inválida."],
    ["/admin?de=2024-02-30", "A data inicial é inválida; use o seletor de data."],
    ["/admin/solicitacoes?status=spam", "Etapa de solicitação inválida."],
    [
      "/admin/solicitacoes?de=2024-05-02&ate=2024-05-01",
      "A data inicial deve ser igual ou anterior à data final.",
    ],
    ["/admin/solicitacoes?servico=a%00b", "Serviço inválido."],
  ] as const;
  for (const [path, message] of cases) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(400);
    await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    // The form is there to fix it, and nothing is listed under a filter that was not applied.
    await expect(page.getByRole("button", { name: "Filtrar" })).toBeVisible();
  }
  const data = await page.request.get("/admin.data?status=publicado");
  expect(data.status()).toBe(400);
  const csv = await page.request.get("/admin/solicitacoes.csv?ate=ontem");
  expect(csv.status()).toBe(400);
  expect(await csv.text()).toBe("A data final é inválida; use o seletor de data.");
  for (const path of [
    "/admin?pagina=abc",
    "/admin?pagina=-1",
    "/admin/solicitacoes?pagina=1e99",
    `/admin?busca=${"x".repeat(5000)}`,
  ]) {
    expect((await page.request.get(path)).status(), path).toBe(200);
  }
  const past = await page.goto("/admin?pagina=99999");
  expect(past?.status()).toBe(200);
  await expect(
    page.getByRole("navigation", { name: "Páginas dos posts" }).getByRole("link", { name: "Próxima" }),
  ).toHaveCount(0);
});

test("the CSV export takes the inbox's filters: every matching request, all pages, whole messages", async ({
  page,
}) => {
  const ending = `fim-${uid()}`;
  const { service } = await insertLeads(60, (n) => ({
    message: `Pedido ${n}. ${"Texto longo. ".repeat(40)}${ending}`,
  }));
  await signInOverHttp(page.request);
  await page.goto(`/admin/solicitacoes?servico=${encodeURIComponent(service)}&status=novo`);
  const href = await page.getByRole("link", { name: "Exportar CSV" }).getAttribute("href");
  expect(href).toContain("status=novo");
  const csv = await page.request.get(href ?? "");
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).split("\r\n").filter((line) => line.includes(ending));
  expect(lines).toHaveLength(30);
  expect(lines.every((line) => line.includes(";Novo;"))).toBe(true);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`a filtered, paginated list has no serious or critical axe violation (${colorScheme})`, async ({
    page,
  }) => {
    const category = await insertPosts(55, (n) => `Acessível ${n}`);
    const { service } = await insertLeads(55);
    await signInOverHttp(page.request);
    await page.emulateMedia({ colorScheme });
    await page.goto(`/admin?categoria=${category.slug}&status=draft&pagina=1`);
    await expect(page.getByRole("search", { name: "Buscar e filtrar posts" })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto(`/admin/solicitacoes?servico=${encodeURIComponent(service)}&de=2021-01-01&pagina=2`);
    await expect(page.getByRole("navigation", { name: "Páginas das solicitações" })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}

test("signed out, a request's own page and its data are refused and show nothing", async ({ request }) => {
  const secret = `segredo-${uid()}`;
  const { rows } = await insertLeads(1, () => ({ message: secret }));
  const id = rows[0]?.id ?? "";
  const answer = await request.get(`/admin/solicitacoes/${id}`, { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toBe("/auth");
  const data = await request.get(`/admin/solicitacoes/${id}.data`, { maxRedirects: 0 });
  expect(data.status()).not.toBe(200);
  expect(await data.text()).not.toContain(secret);
});
