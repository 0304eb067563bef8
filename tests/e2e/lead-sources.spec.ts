import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/connection.server";
import { SHARED_SERVER_MIN_FILL_MS } from "../../playwright.config";
import { type DedicatedServer, signInOverHttp, startDedicatedServer } from "../support/admin-auth";
import { adminPagesPassAxe } from "../support/axe";
import { openE2eDatabase } from "../support/db";
import { e2eOnPostgres, SAME_ON_BOTH_ENGINES } from "../support/e2e-env";
import { startSmtpSink } from "../support/smtp-sink";

// Where quote requests come from: a visitor opens a blog post from a campaign link, goes to the
// form and sends it; the inbox, the request's page and the dashboard say where it came from.
// With JavaScript and without it (the page is served from the render cache either way).

/**
 * The form refuses posts sooner than this after the page was rendered: none on the shared
 * server and on this file's own; the rule has its own test (quote.spec.ts).
 */
const MIN_FILL_MS = SHARED_SERVER_MIN_FILL_MS;
const uid = () => randomUUID().slice(0, 8);

let handle: DatabaseHandle;
let posts: Array<{ id: string; slug: string; title: string }>;

test.beforeAll(async () => {
  handle = await openE2eDatabase();
  posts = await handle.db
    .selectFrom("blog_posts")
    .select(["id", "slug", "title"])
    .where("status", "=", "published")
    .orderBy("slug")
    .limit(2)
    .execute();
});
test.afterAll(async () => {
  await handle.close();
});

/** Fill the form like a visitor and send it once it is old enough; the answer's status. */
async function sendQuote(page: Page, email: string, loadedAt: number): Promise<number> {
  await page.getByLabel("Nome completo").fill("Síndico da Campanha");
  await page.getByLabel("E-mail").and(page.locator("input")).fill(email);
  // A phone of its own: the same phone asking the same thing would be a repeat (not counted).
  const digits = String(Number.parseInt(uid(), 16)).padStart(8, "0").slice(-8);
  await page
    .getByLabel("Telefone")
    .and(page.locator("input"))
    .fill(`(41) 9${digits.slice(0, 4)}-${digits.slice(4)}`);
  await page.getByLabel("Serviço de interesse").selectOption("Impermeabilização");
  await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - loadedAt)));
  const posted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/contato"));
  await page.getByRole("button", { name: "Enviar Solicitação" }).click();
  const status = (await posted).status();
  await expect(
    page.locator("#quote-toasts").getByRole("status").getByText("Mensagem enviada com sucesso!"),
  ).toBeVisible({ timeout: 15_000 });
  return status;
}

/** The count a dashboard table shows for a label (0 when it has no row). */
async function dashboardCount(page: Page, table: string, label: string): Promise<number> {
  await page.goto("/admin/solicitacoes/painel");
  const section = page.getByRole("region", { name: table, exact: true });
  const row = section
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: label, exact: true }) });
  if ((await row.count()) === 0) return 0;
  return Number((await row.getByRole("cell").textContent())?.replace(/\D/g, ""));
}

async function fromCampaignToInbox(
  page: Page,
  admin: Page,
  post: (typeof posts)[number],
  utmSource: string,
  javaScript: boolean,
) {
  const campaign = `campanha-${uid()}`;
  const email = `campanha.${uid()}@exemplo.com.br`;
  const before = await dashboardCount(admin, "Por post do blog (últimas 12 semanas)", post.title);
  const thisWeekBefore = await dashboardCount(
    admin,
    "Posts que trouxeram as solicitações desta semana",
    post.title,
  );
  const sourceBefore = await dashboardCount(admin, "Por site de origem", utmSource);

  await page.goto(`/blog/${post.slug}?utm_source=${utmSource}&utm_medium=email&utm_campaign=${campaign}`);
  await page.getByRole("link", { name: "Solicitar Orçamento Gratuito" }).click();
  // With JavaScript the link carries the tags itself; without, the Referer does.
  const tags = `utm_source=${utmSource}&utm_medium=email&utm_campaign=${campaign}`;
  await expect(page).toHaveURL(
    javaScript ? new RegExp(`/contato\\?${tags}#orcamento$`) : /\/contato#orcamento$/,
  );
  expect(await sendQuote(page, email, Date.now())).toBe(200);

  await admin.goto(`/admin/solicitacoes?busca=${encodeURIComponent(email)}`);
  const item = admin.getByRole("listitem").filter({ hasText: email });
  await expect(item).toContainText(
    `Origem: ${utmSource} / email · campanha ${campaign} · post: ${post.title}`,
  );

  const lead = await handle.db
    .selectFrom("leads")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  await admin.goto(`/admin/solicitacoes/${lead.id}`);
  await expect(admin.getByText(`Campanha: ${campaign}`)).toBeVisible();
  await expect(admin.getByText("Meio: email")).toBeVisible();
  await expect(admin.getByText(`Site de origem: ${utmSource}`)).toBeVisible();
  await expect(admin.getByText(`Post do blog: ${post.title}`)).toBeVisible();
  await expect(admin.getByText(`Página onde abriu o formulário: /blog/${post.slug}`)).toBeVisible();
  // The owner's words, not the tags' names.
  await expect(admin.getByRole("main")).not.toContainText("utm_");

  expect(await dashboardCount(admin, "Por post do blog (últimas 12 semanas)", post.title)).toBe(before + 1);
  expect(await dashboardCount(admin, "Posts que trouxeram as solicitações desta semana", post.title)).toBe(
    thisWeekBefore + 1,
  );
  expect(await dashboardCount(admin, "Por campanha", campaign)).toBe(1);
  expect(await dashboardCount(admin, "Por site de origem", utmSource)).toBe(sourceBefore + 1);
  await expect(admin.getByRole("img", { name: /Solicitações por semana/ })).toBeVisible();
}

async function adminPage(browser: Browser): Promise<Page> {
  const admin = await (await browser.newContext()).newPage();
  await signInOverHttp(admin.request);
  return admin;
}

test("a request sent from a campaign link to a blog post shows its source in the inbox and the dashboard", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const post = posts[0];
  if (!post) throw new Error("the demo content has no published post");
  await fromCampaignToInbox(page, await adminPage(browser), post, "newsletter", true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  // The store gets the same request either way: on PostgreSQL the journey with JavaScript runs.
  test.skip(e2eOnPostgres, SAME_ON_BOTH_ENGINES);

  test("the same journey records the same source", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const post = posts[1];
    if (!post) throw new Error("the demo content has fewer than two published posts");
    await fromCampaignToInbox(page, await adminPage(browser), post, "instagram", false);
  });
});

test("with JavaScript, the site that sent the visitor to a post is kept on the way to the form", async ({
  page,
}) => {
  const post = posts[0];
  if (!post) throw new Error("the demo content has no published post");
  const email = `busca.${uid()}@exemplo.com.br`;
  await page.goto(`/blog/${post.slug}`, { referer: "https://www.google.com.br/search?q=fachada" });
  const cta = page.getByRole("link", { name: "Solicitar Orçamento Gratuito" });
  await expect(cta).toHaveAttribute("href", "/contato?ref=www.google.com.br#orcamento");
  await cta.click();
  await expect(page).toHaveURL(/\/contato\?ref=www\.google\.com\.br#orcamento$/);
  expect(await sendQuote(page, email, Date.now())).toBe(200);
  const lead = await handle.db
    .selectFrom("leads")
    .select(["source_page", "source_referrer_host", "utm_source", "source_post_id"])
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  expect(lead).toEqual({
    source_page: `/blog/${post.slug}`,
    source_referrer_host: "www.google.com.br",
    utm_source: null,
    source_post_id: post.id,
  });
});

test("bad tracking data never costs the request: cut, dropped or ignored", async ({ page }) => {
  const email = `rastreio.${uid()}@exemplo.com.br`;
  const long = "x".repeat(10_000);
  // The page itself, asked with a script for a referrer and huge tags: served, and the field clean.
  const served = await page.request.get(`/contato?utm_source=${long}&utm_campaign=ok`, {
    headers: { Referer: "javascript:alert(1)" },
  });
  expect(served.status()).toBe(200);
  const field = /name="origem" value="([^"]*)"/.exec(await served.text())?.[1] ?? "";
  expect(field).toBe(`page=%2Fcontato&amp;utm_source=${"x".repeat(100)}&amp;utm_campaign=ok`);

  await page.goto("/contato");
  const loadedAt = Date.now();
  // A forged field: a foreign "page", a made-up post and a script for a referrer.
  await page.locator('input[name="origem"]').evaluate((input: HTMLInputElement, value) => {
    input.value = value;
  }, `page=/blog/post-inventado&ref=javascript:alert(1)&utm_campaign=ok&utm_source=${long}`);
  expect(await sendQuote(page, email, loadedAt)).toBe(200);
  const lead = await handle.db
    .selectFrom("leads")
    .select(["source_page", "source_referrer_host", "utm_source", "utm_campaign", "source_post_id"])
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  expect(lead).toEqual({
    source_page: "/blog/post-inventado",
    source_referrer_host: null,
    utm_source: "x".repeat(100),
    utm_campaign: "ok",
    source_post_id: null,
  });
});

test.describe("the visitor's confirmation e-mail", () => {
  let site: DedicatedServer;
  let own: DatabaseHandle;
  test.afterAll(async () => {
    await own?.close();
    await site?.stop();
  });

  test("arrives with the text edited in the settings, and not at all once turned off", async ({ page }) => {
    test.setTimeout(180_000);
    const smtp = await startSmtpSink();
    try {
      site = await startDedicatedServer({
        ...smtp.env,
        LEADS_TO: "orcamentos@exemplo-condominio.com.br",
        QUOTE_RATE_LIMIT_PER_HOUR: "1000",
        QUOTE_MIN_FILL_SECONDS: String(SHARED_SERVER_MIN_FILL_MS / 1000),
      });
      own = await openDatabase(databaseConfigFromEnv(site.databaseEnv));
      await signInOverHttp(page.request, { baseUrl: site.url });

      const save = async (enabled: boolean, text: string) => {
        await page.goto(`${site.url}/admin/configuracoes`);
        const toggle = page.getByRole("switch", { name: "Enviar e-mail de confirmação ao visitante" });
        await expect(toggle).toBeChecked();
        if (!enabled) await toggle.uncheck();
        await page.getByLabel("Texto do e-mail de confirmação").fill(text);
        await page.getByRole("button", { name: "Salvar configurações" }).click();
        await expect(
          page
            .getByRole("region", { name: "Notificações" })
            .getByRole("status")
            .filter({ hasText: "Configurações salvas!" }),
        ).toBeVisible({ timeout: 15_000 });
      };

      const text = `Obrigado! Sua solicitação chegou e responderemos hoje mesmo. ${uid()}`;
      await save(true, text);
      const email = `confirma.${uid()}@exemplo.com.br`;
      await page.goto(`${site.url}/contato`);
      expect(await sendQuote(page, email, Date.now())).toBe(200);
      const mails = await smtp.waitForMessages(2, 30_000);
      const confirmation = mails.find((mail) => mail.envelopeTo.includes(email));
      expect(confirmation?.envelopeTo).toEqual([email]);
      expect(confirmation?.headers.get("subject")).toContain("Recebemos seu pedido de orçamento");
      // Of what the visitor typed, only the first name comes back (docs/decisions/0045).
      expect(confirmation?.text).toContain("Olá, Síndico,");
      expect(confirmation?.text).not.toContain("Campanha");
      expect(confirmation?.text).toContain(text);
      // The company's own message says where the request came from (here: straight to the form).
      const company = mails.find((mail) => mail !== confirmation);
      expect(company?.envelopeTo).toEqual(["orcamentos@exemplo-condominio.com.br"]);
      expect(company?.text).toContain("Origem: Direto");

      await save(false, text);
      const quiet = `sem.confirmacao.${uid()}@exemplo.com.br`;
      await page.goto(`${site.url}/contato`);
      expect(await sendQuote(page, quiet, Date.now())).toBe(200);
      // The company's message for the second request arrives; none goes to the visitor: the
      // request was stored without a confirmation in its outbox.
      await smtp.waitForMessages(3, 30_000);
      const lead = await own.db
        .selectFrom("leads")
        .select("id")
        .where("email", "=", quiet)
        .executeTakeFirstOrThrow();
      const kinds = await own.db.selectFrom("outbox").select("kind").where("lead_id", "=", lead.id).execute();
      expect(kinds.map((row) => row.kind)).toEqual(["lead-notification"]);
      expect(smtp.messages.filter((mail) => mail.envelopeTo.includes(quiet))).toEqual([]);
    } finally {
      await smtp.close();
    }
  });
});

adminPagesPassAxe(["/admin/solicitacoes/painel", "/admin/solicitacoes"]);
