import { randomUUID } from "node:crypto";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import sharp from "sharp";
import type { DatabaseHandle } from "~/server/db/connection.server";
import { startDatabase, stopDatabase } from "~/server/db/database.server";
import { foldForSearch } from "~/server/media/media-search.server";
import { storeImage } from "~/server/media/media-store.server";
import {
  adminUserId,
  type DedicatedServer,
  signInOverHttp,
  startDedicatedServer,
} from "../support/admin-auth";
import { hydrated } from "../support/admin-page";
import { insertPost, insertTestLead } from "../support/db";
import {
  expectResponsive,
  forgetLongTasks,
  recordLongTasks,
  typeOneCharacter,
} from "../support/responsiveness";

// The typing guard: every editor of the admin stays responsive while the owner uses it. Each
// editor opens a record whose optional fields are all saved (a render loop may need a saved
// value to start, as the post editor's did), then each of its fields is used in turn: a
// character typed in each text field and in the rich-text editor, each checkbox toggled, each
// select changed. After every step the page answers within a second and no task of a second
// or more ran. The hydrated public parts (the quote form, "Carregar Mais Artigos") get the
// same check. It is browser behaviour, the same on both engines: it runs on SQLite.

test.describe.configure({ mode: "serial", timeout: 180_000 });

const uid = () => randomUUID().slice(0, 8);
const ILLUSTRATION = { path: "/illustrations/obra-01.svg", width: 800, height: 600 };

let site: DedicatedServer;
let handle: DatabaseHandle;

test.beforeAll(async () => {
  site = await startDedicatedServer();
  handle = await startDatabase(site.databaseEnv);
});
test.afterAll(async () => {
  await stopDatabase();
  await site?.stop();
});

test.afterEach(async () => {
  // The account test turns two-step verification on for the one admin the file's site has; the
  // tests after it sign in with the password alone, as on a site whose owner never turned it on.
  const userId = await adminUserId(handle.db);
  await handle.db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await handle.db.deleteFrom("totp_secrets").where("user_id", "=", userId).execute();
});

const EDITABLE =
  'input:not([type="hidden"]):not([type="file"]):not([type="submit"]):not([type="button"]):not([type="reset"]), textarea, select, [contenteditable="true"]';

interface FieldFacts {
  kind: "text" | "number" | "checkbox" | "radio" | "select" | "rich-text";
  label: string;
  usable: boolean;
  checked: boolean;
  otherOption: string | null;
}

async function fieldFacts(field: Locator): Promise<FieldFacts> {
  return field.evaluate((element) => {
    const html = element as HTMLInputElement;
    const labelled = html.labels?.[0]?.textContent?.trim();
    const label =
      labelled ||
      element.getAttribute("aria-label") ||
      element.getAttribute("name") ||
      element.tagName.toLowerCase();
    // A honeypot is hidden from people and assistive technology: nobody types there.
    const visible =
      element.checkVisibility({ visibilityProperty: true }) && !element.closest('[aria-hidden="true"]');
    if (element instanceof HTMLSelectElement) {
      const other = [...element.options].find((option) => !option.selected && !option.disabled);
      return {
        kind: "select",
        label,
        usable: visible && !element.disabled && Boolean(other),
        checked: false,
        otherOption: other?.value ?? null,
      };
    }
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) {
      return {
        kind: "rich-text",
        label: "editor de texto",
        usable: visible,
        checked: false,
        otherOption: null,
      };
    }
    const type = element instanceof HTMLInputElement ? element.type : "textarea";
    const kind =
      type === "checkbox" || type === "radio"
        ? type
        : ["number", "tel", "date", "time", "datetime-local"].includes(type)
          ? "number"
          : "text";
    return {
      kind,
      label,
      usable: visible && !element.disabled && !element.readOnly,
      checked: element instanceof HTMLInputElement && element.checked,
      otherOption: null,
    };
  }) as Promise<FieldFacts>;
}

/**
 * Use every field inside `scope` once, checking after each step that the page answers.
 * Fields that appear on the way (a status that shows a date) are used too. Returns the steps.
 */
async function useEveryField(page: Page, scope: Locator): Promise<string[]> {
  const steps: string[] = [];
  for (let index = 0; index < 200; index++) {
    // A loop may start a moment after the step that caused it: say which step it was.
    await expectResponsive(page, steps.at(-1) ?? "opening the page");
    const fields = scope.locator(EDITABLE);
    if (index >= (await fields.count())) break;
    const field = fields.nth(index);
    const facts = await fieldFacts(field);
    if (!facts.usable) continue;
    const step = `${facts.kind} "${facts.label}"`;
    if (facts.kind === "select") {
      await field.selectOption(facts.otherOption ?? "", { timeout: 5_000 });
    } else if (facts.kind === "checkbox") {
      await field.setChecked(!facts.checked, { timeout: 5_000 });
    } else if (facts.kind === "radio") {
      if (facts.checked) continue;
      await field.check({ timeout: 5_000 });
    } else {
      await typeOneCharacter(page, field, step, facts.kind === "number" ? "1" : "a");
    }
    await expectResponsive(page, step);
    steps.push(step);
  }
  return steps;
}

/** A signed-in page on the dedicated site that records long tasks, open at `path`, hydrated. */
async function openEditor(page: Page, path: string): Promise<void> {
  await signInOverHttp(page.request, { baseUrl: site.url });
  await recordLongTasks(page);
  await page.goto(`${site.url}${path}`);
  await loaded(page, `opening ${path}`);
}

/**
 * The page has hydrated and answers; what it did while loading is forgotten, so the checks that
 * follow are about what the owner does next, not about a load on a busy machine.
 */
async function loaded(page: Page, step: string): Promise<void> {
  await hydrated(page);
  await expectResponsive(page, step);
  await forgetLongTasks(page);
}

const kinds = (steps: string[]) => new Set(steps.map((step) => step.split(" ")[0]));

async function libraryImage(name: string, background: string): Promise<string> {
  const png = await sharp({ create: { width: 1200, height: 630, channels: 3, background } })
    .png()
    .toBuffer();
  return (await storeImage(png, { source: "upload", uploadedBy: null, name, alt: name })).url;
}

test("the guard itself sees a task of over a second, and a page that no longer answers", async ({
  browser,
}) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await recordLongTasks(page);
    await page.goto(`${site.url}/contato`);
    await expectResponsive(page, "opening /contato");
    // A task of 1.2 s that has ended: the page answers again, but the guard saw the task. (Not
    // awaited, the check would race the task and see a page that did not answer instead.)
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          setTimeout(() => {
            const end = performance.now() + 1_200;
            while (performance.now() < end) {}
            resolve();
          }, 0);
        }),
    );
    await expect(expectResponsive(page, "a 1.2 s task")).rejects.toThrow(/a task of 1\d{3} ms ran/);
    await page.evaluate(() => {
      setTimeout(() => {
        for (;;) {}
      }, 0);
    });
    await expect(expectResponsive(page, "an endless task")).rejects.toThrow(
      "the page did not answer within 1000 ms after: an endless task",
    );
  } finally {
    await context.close();
  }
});

test("the post editor, with every optional field saved, answers after each field is used", async ({
  page,
}) => {
  const featured = await libraryImage(`destaque-${uid()}.png`, "#335577");
  const social = await libraryImage(`social-${uid()}.png`, "#775533");
  const title = `Reforço de marquises ${uid()}`;
  const slug = await insertPost(handle.db, {
    title,
    categorySlug: "fachadas",
    featured: true,
    featuredImageUrl: featured,
    content: "<h2>Quando reforçar</h2><p>Texto do artigo com <strong>negrito</strong>.</p>",
  });
  await handle.db
    .updateTable("blog_posts")
    .set({
      meta_title: "Marquises: quando reforçar",
      meta_description: "Sinais de que a marquise precisa de reforço e como a obra é feita.",
      social_image_url: social,
      noindex: true,
    })
    .where("slug", "=", slug)
    .execute();
  const { id } = await handle.db
    .selectFrom("blog_posts")
    .select("id")
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();

  await openEditor(page, `/admin/posts/${id}`);
  const form = page.getByRole("region", { name: "Editar Post", exact: true });
  await expect(form.getByRole("textbox", { name: "Descrição para buscadores" })).not.toHaveValue("");
  const steps = await useEveryField(page, form);
  expect(kinds(steps)).toEqual(new Set(["text", "number", "select", "checkbox", "rich-text"]));
  expect(steps.length).toBeGreaterThanOrEqual(10);

  // The share preview follows the pictures as they are removed: social, then featured, then
  // the site's own image.
  const card = page.locator('[data-preview="card-image"]');
  await expect(card).toHaveAttribute("src", social);
  await page.getByRole("button", { name: "Remover imagem para redes sociais" }).click();
  await expectResponsive(page, "the social image removed");
  await expect(card).toHaveAttribute("src", featured);
  await page.getByRole("button", { name: "Remover imagem", exact: true }).click();
  await expectResponsive(page, "the featured image removed");
  await expect(card).not.toHaveAttribute("src", featured);
  await expect(page.locator('[data-preview="search-title"]')).toContainText("Marquises: quando reforçar");
});

test("the work editor, with cover, photos and a before/after pair saved, answers after each field is used", async ({
  page,
}) => {
  const workId = randomUUID();
  const title = `Condomínio Edifício Guarda ${uid()}`;
  const now = new Date().toISOString();
  await handle.db
    .insertInto("works")
    .values({
      id: workId,
      slug: `obra-guarda-${uid()}`,
      title,
      search_text: foldForSearch(title),
      neighbourhood: "Batel",
      city: "Curitiba",
      period: "mar. a jun. 2025",
      building_type: "Residencial",
      services: JSON.stringify(["Restauração de fachada", "Pintura"]),
      description: "Restauração da fachada.\n\nPintura das áreas comuns.",
      in_progress: true,
      published: true,
      position: 0,
      cover_media_id: null,
      cover_path: ILLUSTRATION.path,
      cover_width: ILLUSTRATION.width,
      cover_height: ILLUSTRATION.height,
      cover_alt: "Fachada do edifício depois da obra",
      created_at: now,
      updated_at: now,
      published_at: now,
    })
    .execute();
  for (const position of [0, 1]) {
    await handle.db
      .insertInto("work_photos")
      .values({
        id: randomUUID(),
        work_id: workId,
        position,
        title: `Foto ${position + 1}`,
        alt: `Detalhe ${position + 1} da fachada`,
        media_id: null,
        path: ILLUSTRATION.path,
        width: ILLUSTRATION.width,
        height: ILLUSTRATION.height,
      })
      .execute();
  }
  await handle.db
    .insertInto("work_pairs")
    .values({
      id: randomUUID(),
      work_id: workId,
      position: 0,
      title: "Fachada norte",
      before_media_id: null,
      before_path: ILLUSTRATION.path,
      before_width: ILLUSTRATION.width,
      before_height: ILLUSTRATION.height,
      before_alt: "Fachada norte antes",
      after_media_id: null,
      after_path: ILLUSTRATION.path,
      after_width: ILLUSTRATION.width,
      after_height: ILLUSTRATION.height,
      after_alt: "Fachada norte depois",
    })
    .execute();

  await openEditor(page, `/admin/obras/${workId}`);
  const form = page.locator("form").filter({ has: page.getByRole("textbox", { name: "Título" }) });
  const steps = await useEveryField(page, form);
  expect(kinds(steps)).toEqual(new Set(["text", "checkbox"]));
  // Title, slug, neighbourhood, city, period, building type, services, description, cover's
  // alt, two photos' titles and alts, the pair's title and two alts, and the two switches.
  expect(steps.length).toBeGreaterThanOrEqual(18);
});

test("the service editor, with a picture and every text saved, answers after each field is used", async ({
  page,
}) => {
  const service = await handle.db
    .selectFrom("services")
    .select("id")
    .where("picture_path", "is not", null)
    .where("picture_alt", "!=", "")
    .orderBy("position")
    .executeTakeFirstOrThrow();
  await openEditor(page, `/admin/servicos/${service.id}`);
  const form = page.locator("form").filter({ has: page.getByRole("textbox", { name: "Título" }) });
  const steps = await useEveryField(page, form);
  expect(kinds(steps)).toEqual(new Set(["text", "select", "checkbox"]));
  expect(steps.length).toBeGreaterThanOrEqual(7);
});

test("the company settings, with every optional field saved, answer after each field is used", async ({
  page,
}) => {
  await openEditor(page, "/admin/configuracoes");
  const form = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Salvar configurações" }) });
  // Every optional fact filled in and saved first: social networks, every day's hours, the
  // privacy contact.
  const monday = await form.getByLabel("Segunda").inputValue();
  for (const day of ["Sábado", "Domingo"]) await form.getByLabel(day).fill(monday);
  for (const network of ["Instagram", "Facebook", "LinkedIn", "YouTube"]) {
    await form.getByLabel(network).fill(`https://www.${network.toLowerCase()}.com/alvorada`);
  }
  await form.getByLabel("Nome do responsável").fill("Marina Duarte");
  await form.getByLabel("E-mail para assuntos de privacidade").fill("privacidade@exemplo-condominio.com.br");
  await form.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(
    page.getByRole("region", { name: "Notificações" }).getByText("Configurações salvas!"),
  ).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await loaded(page, "the settings page opened again");
  await expect(form.getByLabel("YouTube")).toHaveValue("https://www.youtube.com/alvorada");

  const steps = await useEveryField(page, form);
  expect(kinds(steps)).toEqual(new Set(["text", "number", "select", "checkbox"]));
  expect(steps.length).toBeGreaterThanOrEqual(25);
});

test("the home page's content answers after each of its fields is used", async ({ page }) => {
  await openEditor(page, "/admin/pagina-inicial");
  const steps = await useEveryField(page, page.locator("main"));
  expect(kinds(steps)).toEqual(new Set(["text", "select", "checkbox"]));
  // The numbers, the reasons and every testimonial (author, role, quote, visible).
  expect(steps.length).toBeGreaterThanOrEqual(20);
});

test("the account page, with two-step verification on, answers after each of its fields is used", async ({
  page,
}) => {
  await openEditor(page, "/admin/conta");
  // Two-step verification turned on first, through the page, as the owner does.
  await page.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent({ timeout: 15_000 })) ?? "";
  const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });
  await page.getByLabel("Código do aplicativo").fill(code);
  await page.getByRole("button", { name: "Confirmar e ativar" }).click();
  await expect(page.getByRole("list", { name: "Códigos de recuperação" })).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await loaded(page, "the account page opened with two-step verification on");

  const steps = await useEveryField(page, page.locator("main"));
  expect(kinds(steps)).toEqual(new Set(["text"]));
  // The password change (current, new and its confirmation, with the strength meter), a new
  // passkey's name, and the password and code that turn two-step verification off.
  expect(steps.length).toBeGreaterThanOrEqual(6);
});

test("the forms checked in the browser (invitation, new redirect, new category) answer after each field is used", async ({
  page,
}) => {
  // Each checks its schema as a field is left, and at each character once a field is refused
  // (the guard's "a" is a bad e-mail and a bad address).
  await openEditor(page, "/admin/usuarios");
  const invite = await useEveryField(page, page.getByRole("region", { name: "Convidar pessoa" }));
  expect(kinds(invite)).toEqual(new Set(["text", "select"]));
  await openEditor(page, "/admin/redirecionamentos");
  const redirect = await useEveryField(page, page.getByRole("region", { name: "Novo redirecionamento" }));
  expect(redirect.length).toBe(2);
  await openEditor(page, "/admin/categorias");
  const category = await useEveryField(page, page.getByRole("region", { name: "Nova categoria" }));
  expect(category.length).toBe(1);
});

test("the public quote form and the blog's 'Carregar Mais Artigos' answer as a visitor uses them", async ({
  page,
}) => {
  await recordLongTasks(page);
  await page.goto(`${site.url}/contato`);
  const quote = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Enviar Solicitação" }) });
  const steps = await useEveryField(page, quote);
  // Name, e-mail, phone, condominium, service and message.
  expect(steps.length).toBeGreaterThanOrEqual(6);

  for (let n = 0; n < 12; n++) {
    await insertPost(handle.db, {
      title: `Artigo para carregar mais ${n} ${uid()}`,
      categorySlug: "fachadas",
    });
  }
  await page.goto(`${site.url}/blog`);
  const loadMore = page.getByRole("link", { name: "Carregar Mais Artigos" });
  const before = await page.locator("#blog-results article").count();
  await loadMore.click();
  await expectResponsive(page, "Carregar Mais Artigos clicked");
  await expect.poll(() => page.locator("#blog-results article").count()).toBeGreaterThan(before);
  await expectResponsive(page, "more articles shown");
});

test("a request's page, with its values and a note saved, answers as its stage, money and note fields are used", async ({
  page,
}) => {
  const lead = await insertTestLead(handle.db, {
    status: "perdido",
    lost_reason: "preco",
    proposal_value_cents: 1_250_000,
    closed_value_cents: 1_100_000,
    note: "Nota salva.",
  });
  await openEditor(page, `/admin/solicitacoes/${lead.id}`);
  const steps = await useEveryField(page, page.locator("main"));
  expect(kinds(steps)).toEqual(new Set(["text", "select"]));
  // The money field groups the reais as they are typed, one key at a time, and stays responsive.
  const money = page.getByLabel("Valor da proposta (R$)");
  await money.fill("");
  for (const key of "1234567,8") await typeOneCharacter(page, money, `money "${key}"`, key);
  await expect(money).toHaveValue("1.234.567,8");
  await expectResponsive(page, "money typed");
});

test("the board's move form, on a card with its proposal saved, answers as its stage and value fields are used", async ({
  page,
}) => {
  const lead = await insertTestLead(handle.db, {
    status: "visita_agendada",
    proposal_value_cents: 1_250_000,
    stage_changed_at: new Date(Date.now() + 60_000).toISOString(),
  });
  await openEditor(page, "/admin/solicitacoes/quadro");
  const card = page.locator(`#cartao-${lead.id}`);
  await card.getByText("Mudar etapa").click();
  await expectResponsive(page, "the card's form opened");
  const steps = await useEveryField(page, card);
  expect(kinds(steps)).toEqual(new Set(["select"]));
  // Each stage that asks for a value shows its field; the reais are grouped as they are typed.
  for (const [stage, label] of [
    ["proposta_enviada", "Valor da proposta (R$)"],
    ["fechado_ganho", "Valor fechado (R$)"],
  ] as const) {
    await card.getByLabel("Etapa").selectOption(stage);
    await expectResponsive(page, `${stage} chosen`);
    const money = card.getByLabel(label);
    await money.fill("");
    for (const key of "1234567,8") await typeOneCharacter(page, money, `${label} "${key}"`, key);
    await expect(money).toHaveValue("1.234.567,8");
    await expectResponsive(page, `${label} typed`);
  }
});

test("the inbox, its filters applied and a request's note saved, answers after each of its fields is used", async ({
  page,
}) => {
  const lead = await insertTestLead(handle.db, {
    name: `Síndica da Caixa ${uid()}`,
    status: "perdido",
    lost_reason: "preco",
    note: "Nota salva.",
  });
  await openEditor(page, `/admin/solicitacoes?status=perdido&busca=${encodeURIComponent(lead.name)}`);
  const steps = await useEveryField(page, page.locator("main"));
  // The search, the service and the dates of the filters; the card's stage, reason and note.
  expect(kinds(steps)).toEqual(new Set(["text", "select", "number"]));
});

test("the reply templates and the e-mail reply answer after each of their fields is used", async ({
  page,
}) => {
  const lead = await insertTestLead(handle.db);
  await openEditor(page, "/admin/solicitacoes/modelos");
  const templates = await useEveryField(page, page.locator("main"));
  expect(kinds(templates)).toEqual(new Set(["text", "select"]));
  await page.goto(`${site.url}/admin/solicitacoes/${lead.id}/responder`);
  await loaded(page, "opening the reply");
  const reply = await useEveryField(page, page.locator("main"));
  expect(kinds(reply)).toEqual(new Set(["text", "select"]));
});
