import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { reasons as demoReasons } from "~/content/reasons";
import { services as demoServices, homeServices } from "~/content/services";
import { stats as demoStats } from "~/content/stats";
import { testimonials as demoTestimonials } from "~/content/testimonials";
import type { DatabaseHandle } from "~/server/db/connection.server";
import { E2E_ORIGIN, signInOverHttp, startDedicatedServer } from "../support/admin-auth";
import { hydrated, signedInPage } from "../support/admin-page";
import { adminPagesPassAxe } from "../support/axe";
import { openE2eDatabase } from "../support/db";
import { cachedPage } from "../support/render-cache";

// The services, the home page's numbers and reasons and the testimonials, now edited in the
// admin: a new site shows exactly what the code used to hold; the owner's changes show on the
// very next request; every form refuses bad input and saves nothing; the admin's pages pass axe.

test.describe.configure({ timeout: 120_000 });

const uid = () => randomUUID().slice(0, 8);

/** The texts of the elements a locator finds, in order, trimmed. */
async function texts(page: Page, selector: string): Promise<string[]> {
  return (await page.locator(selector).allInnerTexts()).map((text) => text.trim());
}

const FOOTER_SERVICES = "footer nav[aria-labelledby=footer-servicos] a";
const HOME_CARDS = "section[aria-labelledby=servicos-titulo] li";
const TESTIMONIALS = "section[aria-labelledby=depoimentos-titulo] li";

// ---- A new site shows today's content ---------------------------------------------------------

test("a new site shows the services, numbers, reasons and testimonials of app/content, in their order", async ({
  page,
}) => {
  await page.goto("/");
  const stats = page.getByRole("region", { name: "Números da empresa" });
  expect(await stats.locator("dd").allInnerTexts()).toEqual(demoStats.map((stat) => stat.number));
  expect(await stats.locator("dt").allInnerTexts()).toEqual(demoStats.map((stat) => stat.label));
  expect(await texts(page, `${HOME_CARDS} h3`)).toEqual(homeServices.map((service) => service.title));
  expect(await texts(page, `${HOME_CARDS} p`)).toEqual(homeServices.map((service) => service.description));
  expect(
    await page.locator(`${HOME_CARDS} img`).evaluateAll((all) => all.map((img) => img.getAttribute("src"))),
  ).toEqual(homeServices.map((service) => service.image.src));
  expect(
    await page.locator(`${HOME_CARDS} a`).evaluateAll((all) => all.map((a) => a.getAttribute("href"))),
  ).toEqual(homeServices.map((service) => `/servicos#${service.id}`));
  expect(await texts(page, "section[aria-labelledby=motivos-titulo] li h3")).toEqual(
    demoReasons.map((reason) => reason.title),
  );
  expect(await texts(page, "section[aria-labelledby=motivos-titulo] li p")).toEqual(
    demoReasons.map((reason) => reason.description),
  );
  expect(await texts(page, FOOTER_SERVICES)).toEqual(demoServices.map((service) => service.title));

  await page.goto("/servicos");
  const sections = page.locator("#conteudo section[aria-labelledby]").filter({ has: page.locator("h2[id]") });
  expect(await sections.locator("h2").evaluateAll((all) => all.map((h) => [h.id, h.textContent]))).toEqual(
    demoServices
      .map((service) => [service.id, service.title])
      .concat([["qualidade-titulo", "Compromisso com a qualidade"]]),
  );
  for (const service of demoServices) {
    const section = page.locator(`section[aria-labelledby="${service.id}"]`);
    await expect(section.locator("p").first()).toHaveText(service.description);
    expect(await section.locator("li").allInnerTexts()).toEqual(service.features);
    await expect(section.locator("img")).toHaveAttribute("src", service.image.src);
    await expect(section.locator("img")).toHaveAttribute("alt", service.image.alt);
  }
  expect(await texts(page, "nav[aria-label='Serviços nesta página'] a")).toEqual(
    demoServices.map((service) => service.title),
  );

  await page.goto("/obras");
  expect(await texts(page, `${TESTIMONIALS} blockquote`)).toEqual(
    demoTestimonials.map((testimonial) => `“${testimonial.quote}”`),
  );
  expect(await texts(page, `${TESTIMONIALS} figcaption span:first-child`)).toEqual(
    demoTestimonials.map((testimonial) => testimonial.author),
  );
});

// ---- The owner edits, the public pages follow ---------------------------------------------------

function toast(page: Page) {
  return page.getByRole("region", { name: "Notificações" });
}

test("the owner changes a testimonial, hides another, reorders services and edits a number: the next visit shows it", async ({
  browser,
  playwright,
}) => {
  // A site of its own: the changes below must not reach the pages other tests read.
  const site = await startDedicatedServer();
  const visitor = await playwright.request.newContext({ baseURL: site.url });
  try {
    for (const path of ["/", "/servicos", "/obras", "/contato"]) await cachedPage(visitor, path);

    const owner = await signedInPage(browser, site.url, { javaScriptEnabled: true });
    await owner.goto("/admin/pagina-inicial");
    await hydrated(owner);
    const [mariana, carlos] = demoTestimonials;
    if (!mariana || !carlos) throw new Error("demo testimonials missing");
    const newQuote = `Depoimento revisado pela síndica ${uid()}.`;
    const first = owner
      .getByRole("listitem")
      .filter({ has: owner.getByRole("group", { name: `Depoimento de ${mariana.author}` }) });
    // Typed until the field holds exactly the new text: once, a re-render right after hydration
    // put the caret back at the start between Playwright's select-all and its typing.
    const quoteField = first.getByRole("textbox", { name: "Depoimento", exact: true });
    await expect(async () => {
      await quoteField.fill(newQuote);
      await expect(quoteField).toHaveValue(newQuote, { timeout: 500 });
    }).toPass();
    await first.getByRole("button", { name: `Salvar depoimento de ${mariana.author}` }).click();
    await expect(toast(owner)).toContainText("Depoimento atualizado!");

    const second = owner
      .getByRole("listitem")
      .filter({ has: owner.getByRole("group", { name: `Depoimento de ${carlos.author}` }) });
    await second.getByRole("switch", { name: "Exibir no site" }).uncheck();
    await second.getByRole("button", { name: `Salvar depoimento de ${carlos.author}` }).click();
    await expect(toast(owner)).toContainText("Depoimento atualizado!");
    await expect(second.getByText("Oculto")).toBeVisible();

    await owner.goto("/admin/servicos");
    await hydrated(owner);
    // Each move is awaited in the list itself: a toast from the one before may still be showing.
    const pageOrder = owner.locator("section[aria-labelledby=servicos-existentes] li h3");
    const homeOrder = owner.locator("section[aria-labelledby=servicos-inicio] li > span");
    await owner.getByRole("button", { name: "Subir Lavagem de Fachadas", exact: true }).click();
    await expect(pageOrder.nth(1)).toHaveText("Lavagem de Fachadas");
    await owner.getByRole("button", { name: "Subir Restauração de Fachadas na página inicial" }).click();
    await expect(homeOrder.first()).toHaveText("Restauração de Fachadas");
    await expect(toast(owner)).toContainText("Ordem atualizada!");

    // The numbers' form as a plain HTML form, without JavaScript.
    const plain = await signedInPage(browser, site.url, { javaScriptEnabled: false });
    await plain.goto("/admin/pagina-inicial");
    await plain
      .getByRole("group", { name: "Número 1" })
      .getByRole("textbox", { name: "Número", exact: true })
      .fill("250+");
    await plain
      .getByRole("group", { name: "Número 1" })
      .getByRole("textbox", { name: "Legenda", exact: true })
      .fill("Obras entregues");
    await plain.getByRole("button", { name: "Salvar números" }).click();
    await expect(toast(plain)).toContainText("Números atualizados!");
    await expect(plain).toHaveURL(/\/admin\/pagina-inicial$/);

    // The very next anonymous visit, in a browser.
    const context = await browser.newContext({ baseURL: site.url });
    const page = await context.newPage();
    await page.goto("/");
    const stats = page.getByRole("region", { name: "Números da empresa" });
    await expect(stats.locator("dd").first()).toHaveText("250+");
    await expect(stats.locator("dt").first()).toHaveText("Obras entregues");
    expect(await texts(page, `${HOME_CARDS} h3`)).toEqual([
      "Restauração de Fachadas",
      "Impermeabilização",
      "Pintura de Áreas Comuns",
      "Tratamento de Ferragens",
    ]);
    const order = demoServices.map((service) => service.title);
    const reordered = [order[0], order[2], order[1], ...order.slice(3)];
    expect(reordered[1]).toBe("Lavagem de Fachadas");
    expect(await texts(page, FOOTER_SERVICES)).toEqual(reordered);

    await page.goto("/servicos");
    expect(await texts(page, "#conteudo section[aria-labelledby] h2:not(#qualidade-titulo)")).toEqual(
      reordered,
    );

    await page.goto("/obras");
    const quotes = await texts(page, `${TESTIMONIALS} blockquote`);
    expect(quotes[0]).toBe(`“${newQuote}”`);
    expect(quotes).not.toContain(`“${carlos.quote}”`);
    expect(await texts(page, `${TESTIMONIALS} figcaption span:first-child`)).toEqual(
      demoTestimonials.filter((t) => t !== carlos).map((t) => t.author),
    );

    // The footer of a page that shows none of it changed too; the pages stay cacheable.
    await page.goto("/contato");
    expect(await texts(page, FOOTER_SERVICES)).toEqual(reordered);
    for (const path of ["/", "/servicos", "/obras"]) await cachedPage(visitor, path);
    await context.close();
    await owner.context().close();
    await plain.context().close();
  } finally {
    await visitor.dispose();
    await site.stop();
  }
});

// ---- Bad input ------------------------------------------------------------------------------------

let handle: DatabaseHandle;
let token: string;

test.describe("bad input on the services and home page forms", () => {
  test.beforeAll(async ({ playwright }, testInfo) => {
    handle = await openE2eDatabase();
    const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      token = await signInOverHttp(api);
    } finally {
      await api.dispose();
    }
  });
  test.afterAll(async () => {
    await handle.close();
  });

  async function snapshot(): Promise<string> {
    const tables = ["services", "stats", "reasons", "testimonials"] as const;
    const rows = await Promise.all(
      tables.map((table) => handle.db.selectFrom(table).selectAll().orderBy("id").execute()),
    );
    return JSON.stringify(rows);
  }

  const long = "a".repeat(10_000);

  /** A form post as the signed-in owner's page sends it (fields may repeat in a URLSearchParams). */
  async function post(
    request: APIRequestContext,
    path: string,
    form: Record<string, string> | URLSearchParams,
  ) {
    return request.post(path, {
      headers: {
        Cookie: `__Host-sid=${token}`,
        Origin: E2E_ORIGIN,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      data: new URLSearchParams(form).toString(),
      maxRedirects: 0,
    });
  }

  test("each one answers 4xx with a pt-BR message and saves nothing", async ({ request }) => {
    const before = await snapshot();
    const service = await handle.db
      .selectFrom("services")
      .select(["id", "title"])
      .where("slug", "=", "rejuntamento")
      .executeTakeFirstOrThrow();
    const stats = await handle.db.selectFrom("stats").select("id").orderBy("position").execute();
    const reason = await handle.db
      .selectFrom("reasons")
      .select("id")
      .orderBy("position")
      .executeTakeFirstOrThrow();
    const testimonial = await handle.db
      .selectFrom("testimonials")
      .select("id")
      .orderBy("position")
      .executeTakeFirstOrThrow();
    const unknown = randomUUID();
    const validService = {
      title: `Serviço ${uid()}`,
      slug: "",
      icon: "wrench",
      summary: "Resumo.",
      details: "Descrição.",
      features: "Um item",
      picture: "",
      pictureAlt: "",
    };
    /** The numbers' form as the page sends it: every id, then each one's number and label. */
    const statsForm = (value: string, label: string, first = value) =>
      new URLSearchParams([
        ["intent", "stats"],
        ...stats.map((stat) => ["id", stat.id]),
        ...stats.flatMap((stat, index) => [
          [`value:${stat.id}`, index === 0 ? first : value],
          [`label:${stat.id}`, label],
        ]),
      ]);
    const validTestimonial = { author: "Ana", role: "Síndica", quote: "Muito bom.", visible: "on" };

    const cases: Array<[string, string, Record<string, string> | URLSearchParams, number, string]> = [
      [
        "service: 10,000-character title",
        "/admin/servicos/novo",
        { ...validService, title: long },
        400,
        "O título pode ter no máximo 80 caracteres.",
      ],
      [
        "service: 10,000-character summary",
        "/admin/servicos/novo",
        { ...validService, summary: long },
        400,
        "O resumo pode ter no máximo 600 caracteres.",
      ],
      [
        "service: 10,000-character details",
        `/admin/servicos/${service.id}`,
        { ...validService, details: long },
        400,
        "A descrição pode ter no máximo 3000 caracteres.",
      ],
      [
        "service: 10,000-character features",
        "/admin/servicos/novo",
        { ...validService, features: long },
        400,
        "A lista de itens está grande demais.",
      ],
      [
        "service: 10,000-character anchor",
        "/admin/servicos/novo",
        { ...validService, slug: long },
        400,
        "O identificador pode ter no máximo 60 caracteres.",
      ],
      [
        "service: 10,000-character picture",
        "/admin/servicos/novo",
        { ...validService, picture: long },
        400,
        "Endereço de imagem inválido.",
      ],
      [
        "service: 10,000-character alt text",
        "/admin/servicos/novo",
        { ...validService, picture: "/illustrations/servico-rejuntamento.svg", pictureAlt: long },
        400,
        "O texto alternativo pode ter no máximo 300 caracteres.",
      ],
      [
        "service: empty title",
        "/admin/servicos/novo",
        { ...validService, title: " " },
        400,
        "Informe o título do serviço.",
      ],
      [
        "service: empty summary",
        "/admin/servicos/novo",
        { ...validService, summary: "" },
        400,
        "Escreva o resumo exibido na página inicial.",
      ],
      [
        "service: empty details",
        `/admin/servicos/${service.id}`,
        { ...validService, details: "" },
        400,
        "Escreva a descrição do serviço.",
      ],
      [
        "service: picture without alt text",
        "/admin/servicos/novo",
        { ...validService, picture: "/illustrations/servico-rejuntamento.svg" },
        400,
        "Descreva a imagem para quem não pode vê-la (texto alternativo).",
      ],
      [
        "service: an icon not in the list",
        "/admin/servicos/novo",
        { ...validService, icon: "skull" },
        400,
        "Escolha um ícone da lista.",
      ],
      [
        "service: an anchor with accents",
        "/admin/servicos/novo",
        { ...validService, slug: "Impermeabilização" },
        400,
        "Use apenas letras minúsculas sem acento, números e hífens (ex.: impermeabilizacao).",
      ],
      [
        "service: an anchor in use",
        "/admin/servicos/novo",
        { ...validService, slug: "impermeabilizacao" },
        409,
        "Já existe outro serviço com este identificador.",
      ],
      [
        "service: an image not in the library",
        "/admin/servicos/novo",
        {
          ...validService,
          picture: "/media/0123456789abcdef0123456789abcdef/800x600.webp",
          pictureAlt: "Foto",
        },
        400,
        "A imagem escolhida não está na biblioteca; escolha outra ou envie de novo.",
      ],
      [
        "service: an unknown id",
        `/admin/servicos/${unknown}`,
        validService,
        404,
        "Serviço não encontrado; ele pode ter sido removido.",
      ],
      [
        "service: an id that is no id",
        "/admin/servicos/nao-e-um-id",
        validService,
        404,
        "Serviço não encontrado; ele pode ter sido removido.",
      ],
      [
        "services: moving an unknown service",
        "/admin/servicos",
        { intent: "move", id: unknown, direction: "up", list: "page" },
        404,
        "Serviço não encontrado; ele pode ter sido removido.",
      ],
      [
        "services: moving sideways",
        "/admin/servicos",
        { intent: "move", id: service.id, direction: "left", list: "page" },
        400,
        "Movimento inválido.",
      ],
      [
        "services: moving in an unknown list",
        "/admin/servicos",
        { intent: "move", id: service.id, direction: "up", list: long },
        400,
        "Movimento inválido.",
      ],
      [
        "services: deleting an unknown service",
        "/admin/servicos",
        { intent: "delete", id: long },
        404,
        "Serviço não encontrado; ele pode ter sido removido.",
      ],
      [
        "services: an unknown action",
        "/admin/servicos",
        { intent: long, id: service.id },
        400,
        "Ação desconhecida.",
      ],
      [
        "numbers: 10,000-character number",
        "/admin/pagina-inicial",
        statsForm("1", "Legenda", long),
        400,
        "O número pode ter no máximo 12 caracteres.",
      ],
      [
        "numbers: 10,000-character label",
        "/admin/pagina-inicial",
        statsForm("1", long),
        400,
        "A legenda pode ter no máximo 60 caracteres.",
      ],
      [
        "numbers: an empty label",
        "/admin/pagina-inicial",
        statsForm("10+", ""),
        400,
        "Informe a legenda do número.",
      ],
      [
        "numbers: an empty number",
        "/admin/pagina-inicial",
        statsForm("", "Legenda"),
        400,
        "Informe o número (ex.: 200+).",
      ],
      [
        "reason: 10,000-character title",
        "/admin/pagina-inicial",
        { intent: "reason", id: reason.id, icon: "award", title: long, description: "Texto." },
        400,
        "O título pode ter no máximo 80 caracteres.",
      ],
      [
        "reason: 10,000-character text",
        "/admin/pagina-inicial",
        { intent: "reason", id: reason.id, icon: "award", title: "Título", description: long },
        400,
        "O texto pode ter no máximo 400 caracteres.",
      ],
      [
        "reason: an empty title",
        "/admin/pagina-inicial",
        { intent: "reason", id: reason.id, icon: "award", title: "", description: "Texto." },
        400,
        "Informe o título do motivo.",
      ],
      [
        "reason: an icon not in the list",
        "/admin/pagina-inicial",
        { intent: "reason", id: reason.id, icon: "<script>", title: "Título", description: "Texto." },
        400,
        "Escolha um ícone da lista.",
      ],
      [
        "reason: an unknown id",
        "/admin/pagina-inicial",
        { intent: "reason", id: unknown, icon: "award", title: "Título", description: "Texto." },
        404,
        "Motivo não encontrado; recarregue a página.",
      ],
      [
        "reason: moving an unknown one",
        "/admin/pagina-inicial",
        { intent: "reason-move", id: unknown, direction: "down" },
        404,
        "Motivo não encontrado; recarregue a página.",
      ],
      [
        "testimonial: 10,000-character text",
        "/admin/pagina-inicial",
        { intent: "testimonial-create", ...validTestimonial, quote: long },
        400,
        "O depoimento pode ter no máximo 1000 caracteres.",
      ],
      [
        "testimonial: 10,000-character name",
        "/admin/pagina-inicial",
        { intent: "testimonial-save", id: testimonial.id, ...validTestimonial, author: long },
        400,
        "O nome pode ter no máximo 80 caracteres.",
      ],
      [
        "testimonial: 10,000-character role",
        "/admin/pagina-inicial",
        { intent: "testimonial-create", ...validTestimonial, role: long },
        400,
        "O cargo ou condomínio pode ter no máximo 120 caracteres.",
      ],
      [
        "testimonial: an empty name",
        "/admin/pagina-inicial",
        { intent: "testimonial-create", ...validTestimonial, author: "  " },
        400,
        "Informe o nome de quem deu o depoimento.",
      ],
      [
        "testimonial: an empty text",
        "/admin/pagina-inicial",
        { intent: "testimonial-save", id: testimonial.id, ...validTestimonial, quote: "" },
        400,
        "Escreva o depoimento.",
      ],
      [
        "testimonial: saving an unknown one",
        "/admin/pagina-inicial",
        { intent: "testimonial-save", id: unknown, ...validTestimonial },
        404,
        "Depoimento não encontrado; ele pode ter sido removido.",
      ],
      [
        "testimonial: moving an unknown one",
        "/admin/pagina-inicial",
        { intent: "testimonial-move", id: long, direction: "up" },
        404,
        "Depoimento não encontrado; ele pode ter sido removido.",
      ],
      [
        "testimonial: deleting an unknown one",
        "/admin/pagina-inicial",
        { intent: "testimonial-delete", id: unknown },
        404,
        "Depoimento não encontrado; ele pode ter sido removido.",
      ],
      [
        "home page: an unknown action",
        "/admin/pagina-inicial",
        { intent: "apagar-tudo" },
        400,
        "Ação desconhecida.",
      ],
    ];
    for (const [label, path, form, status, message] of cases) {
      const response = await post(request, path, form);
      expect(response.status(), label).toBe(status);
      expect(await response.text(), label).toContain(message);
    }

    // The numbers' form with one id nobody knows: none of the numbers it sent is saved.
    const mixed = await post(
      request,
      "/admin/pagina-inicial",
      new URLSearchParams([
        ["intent", "stats"],
        ["id", stats[0]?.id ?? ""],
        [`value:${stats[0]?.id}`, "999+"],
        [`label:${stats[0]?.id}`, "Não salvo"],
        ["id", unknown],
        [`value:${unknown}`, "1"],
        [`label:${unknown}`, "Desconhecido"],
      ]),
    );
    expect(mixed.status()).toBe(404);
    expect(await mixed.text()).toContain("Número não encontrado; recarregue a página.");

    expect(await snapshot()).toBe(before);
  });
});

// ---- Accessibility ----------------------------------------------------------------------------

adminPagesPassAxe(
  ["/admin/servicos", "/admin/servicos/novo", "/admin/servicos/<id>", "/admin/pagina-inicial"],
  "services",
);
