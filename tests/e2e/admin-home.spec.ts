import { randomUUID } from "node:crypto";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { formatListDateTime } from "~/lib/site-time";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/connection.server";
import {
  adminUserId,
  type DedicatedServer,
  E2E_ADMIN,
  insertSession,
  SESSION_COOKIE,
  signInOverHttp,
  startDedicatedServer,
} from "../support/admin-auth";
import { seriousAxeViolations } from "../support/axe";
import { insertTestLead, insertUser, openE2eDatabase } from "../support/db";
import { e2eBaseUrl } from "../support/e2e-env";

// What waits for the owner, as the owner meets it, on a site of its own whose e-mail server
// refuses every connection and that was never backed up. Sign-in lands on the posts page, and an
// Administrador finds at its top the requests nobody answered: how many, the oldest one tap from
// a call or a WhatsApp chat, and the way to Início. There the health list says what is wrong in
// the owner's words, the commands folded away for whoever runs the server; the requests come
// oldest first, a visitor's new one last. Its store is the one each engine's pass runs on.

test.describe.configure({ timeout: 90_000 });

let site: DedicatedServer;
let handle: DatabaseHandle;

test.beforeAll(async () => {
  // Nothing listens on port 9 of this machine: every delivery fails with "connection refused".
  site = await startDedicatedServer({
    SMTP_URL: "smtp://site:segredo@127.0.0.1:9",
    QUOTE_MIN_FILL_SECONDS: "0",
  });
  handle = await openDatabase(databaseConfigFromEnv(site.databaseEnv));
});

test.afterAll(async () => {
  await handle?.close();
  await site?.stop();
});

/** Settings, commands and protocols: for whoever runs the server, never in the owner's words. */
const MAINTAINER_WORDS = /\b[A-Z]+_[A-Z_]+\b|npm run|systemd|sslmode|STARTTLS/;

/** The strip at the top of the posts page. */
const strip = (page: Page) => page.getByRole("region", { name: /solicitaç(ão|ões) sem resposta/ });

/** A finger's target (44 × 44 px), on screen and not covered by anything (the shell's bar, a toast). */
async function expectTappable(target: Locator, where: string) {
  const box = await target.boundingBox();
  const name = `${where}: ${await target.textContent()}`;
  expect(box?.height ?? 0, `${name}: its height`).toBeGreaterThanOrEqual(44);
  expect(box?.width ?? 0, `${name}: its width`).toBeGreaterThanOrEqual(44);
  await expect(target, name).toBeInViewport({ ratio: 1 });
  const onTop = await target.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(x + width / 2, y + height / 2));
  });
  expect(onTop, `${name}: covered`).toBe(true);
}

/** 'Ligar' and 'WhatsApp' to one person: a call to the number, a chat with it. */
async function expectCallAndChat(scope: Locator, name: string, digits: string) {
  await expect(scope.getByRole("link", { name: `Ligar para ${name}` })).toHaveAttribute(
    "href",
    `tel:+${digits}`,
  );
  await expect(scope.getByRole("link", { name: `WhatsApp de ${name}` })).toHaveAttribute(
    "href",
    new RegExp(`^https://wa\\.me/${digits}\\?text=`),
  );
}

/** No serious or critical axe violation, light and then dark (the scheme is CSS only). */
async function expectAxeInBothSchemes(page: Page) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousAxeViolations(page), `${colorScheme} mode`).toEqual([]);
  }
}

test("after 'Entrar' the Administrador sees the unanswered requests on top; Início's health speaks plainly", async ({
  browser,
  page,
}) => {
  // Nobody has asked yet: the strip says so in one line, Início one tap away.
  await signInOverHttp(page.request, { baseUrl: site.url });
  await page.goto(`${site.url}/admin`);
  await expect(strip(page).getByRole("heading")).toHaveText("Nenhuma solicitação sem resposta.");
  await expect(strip(page).getByRole("link")).toHaveText(["Abrir o Início"]);
  await page.context().clearCookies();

  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
  const oldestAt = daysAgo(6);
  await insertTestLead(handle.db, {
    name: "Síndica Mais Antiga",
    created_at: oldestAt,
    phone: "(41) 99111-2222",
  });
  await insertTestLead(handle.db, {
    name: "Síndico Já Atendido",
    created_at: daysAgo(7),
    status: "em_contato",
  });
  await insertTestLead(handle.db, { name: "Síndico do Meio", created_at: daysAgo(2) });

  // A visitor asks for a quote: the request is stored and its e-mail to the company fails.
  await page.goto(`${site.url}/contato`);
  await page.getByLabel("Nome completo").fill("Síndica Recente");
  await page.getByLabel("E-mail").and(page.locator("input")).fill("sindica.recente@exemplo.com.br");
  await page.getByLabel("Telefone").and(page.locator("input")).fill("(41) 99876-0000");
  await page.getByLabel("Serviço de interesse").selectOption("Impermeabilização");
  await page.getByRole("button", { name: "Enviar Solicitação" }).click();
  await expect(page.getByText("Mensagem enviada com sucesso!")).toBeVisible({ timeout: 15_000 });

  // The owner, on a phone, signs in as the spec says and lands on its /admin.
  const owner = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await owner.goto(`${site.url}/auth`);
  await owner.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await owner.getByLabel("Senha").fill(E2E_ADMIN.password);
  await owner.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(owner).toHaveURL(`${site.url}/admin`);
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText("Admin do Blog");
  await expect(owner.getByRole("heading", { name: "Posts Existentes" })).toBeVisible();
  const waiting = strip(owner);
  await expect(waiting.getByRole("heading")).toHaveText("3 solicitações sem resposta");
  await expect(waiting).toContainText("A mais antiga: Síndica Mais Antiga");
  await expect(waiting).toContainText(`Recebida em ${formatListDateTime(oldestAt)}`);
  await expect(waiting.getByRole("link", { name: "Síndica Mais Antiga", exact: true })).toHaveAttribute(
    "href",
    /^\/admin\/solicitacoes\/[\w-]+$/,
  );
  await expectCallAndChat(waiting, "Síndica Mais Antiga", "5541991112222");
  await expect(waiting.getByRole("link", { name: "Abrir o Início" })).toHaveAttribute(
    "href",
    "/admin/inicio",
  );
  // Only the oldest: the others are on Início.
  await expect(waiting.getByRole("link")).toHaveCount(4);
  // Above the posts, in sight as the page opens, on a phone and on a desktop.
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await owner.setViewportSize(viewport);
    const where = `${viewport.width}×${viewport.height}`;
    await expect(waiting, where).toBeInViewport({ ratio: 1 });
    for (const link of await waiting.getByRole("link").all()) await expectTappable(link, where);
    const width = await owner.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${where}: wider than the screen`).toBeLessThanOrEqual(viewport.width);
  }
  await expectAxeInBothSchemes(owner);

  await waiting.getByRole("link", { name: "Abrir o Início" }).click();
  await expect(owner).toHaveURL(`${site.url}/admin/inicio`);
  const health = owner.getByRole("region", { name: "Saúde do site" });
  // The outbox worker tries the e-mail in the background: the page says so once it failed.
  await expect(async () => {
    await owner.goto(`${site.url}/admin/inicio`);
    await expect(health.getByText("O último envio de e-mail falhou", { exact: true })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });

  const row = (title: string | RegExp) => health.getByRole("listitem").filter({ hasText: title });
  const failing = row("O último envio de e-mail falhou");
  await expect(failing).toContainText("Problema");
  await expect(failing).toContainText(
    "Os avisos de novos pedidos, os convites e as redefinições de senha não estão chegando.",
  );
  await expect(failing).toContainText("Os pedidos de orçamento continuam salvos em Solicitações");
  // The server's address and the setting to check: folded, for whoever runs the server.
  const failingDetails = failing.getByText("O servidor 127.0.0.1:9 recusou ou não respondeu.");
  await expect(failingDetails).toBeHidden();
  await failing.getByText("Detalhes para quem cuida do servidor").click();
  await expect(failingDetails).toBeVisible();
  await expect(failingDetails).toContainText("Confira SMTP_URL no ambiente do servidor");
  await expect(row(/e-mails? com falha de envio/)).toContainText("Atenção");
  const backup = row("Último backup: nunca");
  await expect(backup).toContainText("Problema");
  await expect(backup).toContainText(
    "Se o servidor quebrar ou o disco se perder, as solicitações de orçamento, os posts e tudo o que foi cadastrado no painel se perdem de vez.",
  );
  await expect(backup.getByText(/npm run db:backup/)).toBeHidden();
  await backup.getByText("Detalhes para quem cuida do servidor").click();
  await expect(backup.getByText(/Não há registro de backup feito com npm run db:backup/)).toBeVisible();
  // The e2e site's address is https, and its only account has no second factor yet.
  await expect(row("Endereço público com HTTPS")).toContainText("OK");
  // Every row: the owner's words outside the fold, the commands and settings inside it only.
  const rows = await health.getByRole("listitem").evaluateAll((items) =>
    items.map((item) => {
      const fold = item.querySelector("details");
      const outside = item.cloneNode(true) as HTMLElement;
      outside.querySelector("details")?.remove();
      return { outside: outside.textContent ?? "", fold: fold?.textContent ?? "" };
    }),
  );
  expect(rows.length).toBeGreaterThanOrEqual(12);
  for (const { outside } of rows) expect(outside).not.toMatch(MAINTAINER_WORDS);
  expect(rows.map(({ fold }) => fold).join(" ")).toMatch(/SMTP_URL[\s\S]*npm run db:backup/);
  // Two folds open: their contents pass axe too.
  await expectAxeInBothSchemes(owner);

  const unanswered = owner.getByRole("region", { name: /^Solicitações sem resposta/ });
  await expect(unanswered.getByRole("heading")).toHaveText("Solicitações sem resposta (3)");
  const requests = unanswered.getByRole("listitem");
  await expect(requests.getByRole("link", { name: /^Síndic/ })).toHaveText([
    "Síndica Mais Antiga",
    "Síndico do Meio",
    "Síndica Recente",
  ]);
  const oldest = requests.first();
  await expectCallAndChat(oldest, "Síndica Mais Antiga", "5541991112222");
  await oldest.getByRole("link", { name: "Síndica Mais Antiga", exact: true }).click();
  await expect(owner).toHaveURL(/\/admin\/solicitacoes\/[\w-]+$/);
  await expect(owner.getByRole("heading", { name: "Síndica Mais Antiga" })).toBeVisible();
  await owner.close();
});

test("an Editor's posts page has no strip: the requests are the Administrador's", async ({ page }) => {
  // On the shared site, with a request waiting that an Administrador sees at the top.
  const shared = await openE2eDatabase();
  try {
    await insertTestLead(shared.db, { name: "Síndica Só do Administrador" });
    const editorId = await insertUser(shared.db, {
      email: `editora-faixa-${randomUUID().slice(0, 8)}@exemplo-condominio.com.br`,
      passwordHash: "sem-senha",
      role: "editor",
    });
    const session = async (userId: string) => {
      await page.context().clearCookies();
      await page.context().addCookies([
        {
          name: SESSION_COOKIE,
          value: await insertSession(shared.db, userId),
          domain: new URL(e2eBaseUrl).hostname,
          path: "/",
          secure: true,
          httpOnly: true,
        },
      ]);
      await page.goto("/admin");
      await expect(page.getByRole("heading", { name: "Posts Existentes" })).toBeVisible();
    };
    await session(await adminUserId(shared.db));
    await expect(strip(page)).toBeVisible();
    await session(editorId);
    await expect(strip(page)).toHaveCount(0);
    await expect(page.getByText(/sem resposta/)).toHaveCount(0);
  } finally {
    await shared.close();
  }
});
