import { randomUUID } from "node:crypto";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { auditActionLabel } from "~/lib/audit-actions";
import { FORBIDDEN_MESSAGE } from "~/lib/roles";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/connection.server";
import { startDedicatedServer } from "../support/admin-auth";
import { toast } from "../support/admin-page";
import { seriousAxeViolations } from "../support/axe";
import { startSmtpSink } from "../support/smtp-sink";
import { addVirtualAuthenticator } from "../support/virtual-authenticator";

// The team-accounts work as the people who use it meet it, in one story told through the
// browser: the owner invites a colleague as Editor, who signs in with a passkey and cannot open
// the quote requests; a visitor comes from a newsletter to a blog post and asks for a quote; the
// owner turns on two-factor, loses the phone and gets in with a recovery code (once); sees where
// the request came from and opens it; the audit log tells all of it; the visitor, asking under
// LGPD, is erased in one action. A server of its own (its own SMTP sink, its own owner), so no
// other spec's accounts or counts are touched. The parts each have their own detailed specs.

const uid = () => randomUUID().slice(0, 8);
const id = uid();

const OWNER = {
  email: `dona-${id}@exemplo-condominio.com.br`,
  password: `fachada restaurada em curitiba ${id}`,
};
const COLLEAGUE = {
  name: "Carla Editora",
  email: `carla-${id}@exemplo-condominio.com.br`,
  password: "girassol amarelo na varanda de inverno",
};
const VISITOR = {
  name: `Marina Síndica ${id}`,
  email: `marina.${id}@exemplo.com.br`,
};
const CAMPAIGN = `newsletter-novembro-${id}`;

/** The quote form refuses posts sooner than this after it was rendered (3 s by default). */
const MIN_FILL_MS = 3_200;

/** A code from the authenticator app (the test plays the phone). */
const appCode = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });

async function expectAccessible(page: Page): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousAxeViolations(page), `${page.url()} in ${colorScheme} mode`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** The single-use link of the invitation e-mail, as a path (the site's public address is not this server). */
function invitationPath(text: string): string {
  const match = /https:\/\/www\.exemplo-condominio\.com\.br(\/convite\/[A-Za-z0-9_-]{43})/.exec(text);
  if (!match?.[1]) throw new Error(`no invitation link in:\n${text}`);
  return match[1];
}

async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/auth");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  expect((await page.request.get("/admin", { maxRedirects: 0 })).status()).toBe(302);
}

/** The audit log's row for `action` by `who` that holds `text`. */
function auditRow(page: Page, action: Parameters<typeof auditActionLabel>[0], who: string, text = "") {
  return page
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: auditActionLabel(action), exact: true }) })
    .filter({ has: page.getByRole("cell", { name: who, exact: true }) })
    .filter({ hasText: text });
}

test("the team story: an Editor with a passkey, the owner's lost phone, the audit log, an LGPD erasure and the post that brought the request", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const smtp = await startSmtpSink();
  const site = await startDedicatedServer({
    ...smtp.env,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
  }).catch(async (error: unknown) => {
    await smtp.close();
    throw error;
  });
  let handle: DatabaseHandle | undefined;
  const contexts: BrowserContext[] = [];
  const newPage = async (b: Browser, baseURL: string) => {
    const context = await b.newContext({ baseURL });
    contexts.push(context);
    return context.newPage();
  };
  try {
    // A passkey belongs to a domain, and an IP address cannot be one: people reach the admin by name.
    const local = site.url.replace("127.0.0.1", "localhost");
    handle = await openDatabase(databaseConfigFromEnv(site.databaseEnv));
    // The newsletter's link points at a post the site shipped with.
    const post = await handle.db
      .selectFrom("blog_posts")
      .select(["slug", "title"])
      .where("status", "=", "published")
      .orderBy("slug")
      .executeTakeFirstOrThrow();

    const owner = await newPage(browser, local);

    await test.step("the owner invites a colleague as Editor", async () => {
      await signInWithPassword(owner, OWNER.email, OWNER.password);
      await expect(owner).toHaveURL(/\/admin$/, { timeout: 15_000 });
      await owner
        .getByRole("navigation", { name: "Seções do painel" })
        .getByRole("link", { name: "Usuários" })
        .click();
      await expect(owner).toHaveURL(/\/admin\/usuarios$/);
      const invite = owner.getByRole("region", { name: "Convidar pessoa" });
      await invite.getByLabel("E-mail").fill(COLLEAGUE.email);
      await invite.getByLabel("Papel").selectOption("editor");
      await invite.getByRole("button", { name: "Enviar convite" }).click();
      await expect(toast(owner, "Convite enviado!")).toBeVisible({ timeout: 15_000 });
      await expect(owner.getByRole("region", { name: "Convites pendentes" })).toContainText(COLLEAGUE.email);
    });

    const colleague = await newPage(browser, local);
    await addVirtualAuthenticator(colleague);

    await test.step("the colleague accepts by e-mail, adds a passkey and signs in with it alone", async () => {
      const [mail] = await smtp.waitForMessages(1, 30_000);
      expect(mail?.envelopeTo).toEqual([COLLEAGUE.email]);
      await colleague.goto(invitationPath(mail?.text ?? ""));
      await expect(colleague.getByRole("heading", { name: "Aceitar convite" })).toBeVisible();
      await colleague.getByLabel("Seu nome").fill(COLLEAGUE.name);
      await colleague.getByLabel("Senha", { exact: true }).fill(COLLEAGUE.password);
      await colleague.getByLabel("Repita a senha").fill(COLLEAGUE.password);
      await colleague.getByRole("button", { name: "Criar conta e entrar" }).click();
      await expect(colleague).toHaveURL(/\/admin$/, { timeout: 15_000 });
      await expect(colleague.getByText(`Conectado como ${COLLEAGUE.email}`)).toBeVisible();

      await colleague.goto("/admin/conta");
      const passkeys = colleague.getByRole("region", { name: "Passkeys" });
      await passkeys.getByLabel("Nome da nova passkey").fill("Notebook da Carla");
      await passkeys.getByRole("button", { name: "Adicionar passkey" }).click();
      await expect(toast(colleague, "Passkey adicionada")).toBeVisible({ timeout: 15_000 });
      await expect(passkeys.getByRole("list", { name: "Suas passkeys" })).toContainText("Notebook da Carla");

      await signOut(colleague);
      await colleague.goto("/auth");
      await colleague.getByRole("button", { name: "Entrar com passkey" }).click();
      await expect(colleague).toHaveURL(/\/admin$/, { timeout: 15_000 });
      await expect(toast(colleague, "Login realizado!")).toBeVisible({ timeout: 15_000 });
      await expect(colleague.getByText(`Conectado como ${COLLEAGUE.email}`)).toBeVisible();
    });

    await test.step("the Editor cannot open the quote requests, nor their CSV export", async () => {
      const nav = colleague.getByRole("navigation", { name: "Seções do painel" });
      await expect(nav.getByRole("link", { name: "Obras" })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Caixa de entrada" })).toHaveCount(0);
      const inbox = await colleague.goto("/admin/solicitacoes");
      expect(inbox?.status()).toBe(403);
      await expect(colleague.getByRole("heading", { name: "Acesso restrito" })).toBeVisible();
      await expect(colleague).toHaveTitle("Acesso restrito | Admin");
      await expectAccessible(colleague);
      const csv = await colleague.request.get("/admin/solicitacoes.csv");
      expect(csv.status()).toBe(403);
      expect(await csv.json()).toEqual({ error: FORBIDDEN_MESSAGE });
    });

    await test.step("a visitor comes from the newsletter to a blog post and asks for a quote", async () => {
      const visitor = await newPage(browser, site.url);
      const tags = `utm_source=newsletter&utm_medium=email&utm_campaign=${CAMPAIGN}`;
      await visitor.goto(`/blog/${post.slug}?${tags}`);
      await expect(visitor.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
      await visitor.getByRole("link", { name: "Solicitar Orçamento Gratuito" }).click();
      await expect(visitor).toHaveURL(new RegExp(`/contato\\?${tags}#orcamento$`));
      const loadedAt = Date.now();
      await visitor.getByLabel("Nome completo").fill(VISITOR.name);
      await visitor.getByLabel("E-mail").and(visitor.locator("input")).fill(VISITOR.email);
      await visitor.getByLabel("Telefone").and(visitor.locator("input")).fill("(41) 99876-5432");
      await visitor.getByLabel("Serviço de interesse").selectOption("Restauração de Fachadas");
      await visitor.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - loadedAt)));
      await visitor.getByRole("button", { name: "Enviar Solicitação" }).click();
      await expect(
        visitor.locator("#quote-toasts").getByRole("status").getByText("Mensagem enviada com sucesso!"),
      ).toBeVisible({ timeout: 15_000 });
    });

    let recoveryCodes: string[] = [];
    await test.step("the owner turns on two-factor and keeps the recovery codes", async () => {
      await owner.goto("/admin/conta");
      await owner.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
      await expect(owner.getByRole("img", { name: "QR code para o aplicativo autenticador" })).toBeVisible({
        timeout: 15_000,
      });
      const secret = (await owner.getByTestId("totp-secret").textContent()) ?? "";
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      await owner.getByLabel("Código do aplicativo").fill(appCode(secret));
      await owner.getByRole("button", { name: "Confirmar e ativar" }).click();
      const list = owner.getByRole("list", { name: "Códigos de recuperação" });
      await expect(list).toBeVisible({ timeout: 15_000 });
      recoveryCodes = await list.getByRole("listitem").allTextContents();
      expect(recoveryCodes).toHaveLength(10);
      await signOut(owner);
    });

    await test.step("the phone is lost: a recovery code gets the owner in, once", async () => {
      await signInWithPassword(owner, OWNER.email, OWNER.password);
      await expect(owner.getByRole("heading", { name: "Verificação em duas etapas" })).toBeVisible({
        timeout: 15_000,
      });
      await owner.getByLabel("Código").fill(recoveryCodes[0] ?? "");
      await owner.getByRole("button", { name: "Verificar" }).click();
      await expect(owner).toHaveURL(/\/admin$/, { timeout: 15_000 });
      await expect(toast(owner, "Login realizado!")).toBeVisible();
      await owner.goto("/admin/conta");
      await expect(owner.getByText("Ativada. Códigos de recuperação não usados: 9.")).toBeVisible();
      await signOut(owner);

      await signInWithPassword(owner, OWNER.email, OWNER.password);
      await expect(owner.getByRole("heading", { name: "Verificação em duas etapas" })).toBeVisible({
        timeout: 15_000,
      });
      await owner.getByLabel("Código").fill(recoveryCodes[0] ?? "");
      await owner.getByRole("button", { name: "Verificar" }).click();
      await expect(toast(owner, "Código incorreto ou já usado")).toBeVisible({ timeout: 15_000 });
      expect((await owner.request.get("/admin", { maxRedirects: 0 })).status()).toBe(302);
      await owner.getByLabel("Código").fill(recoveryCodes[1] ?? "");
      await owner.getByRole("button", { name: "Verificar" }).click();
      await expect(owner).toHaveURL(/\/admin$/, { timeout: 15_000 });
    });

    await test.step("the owner sees where the request came from, opens it, and the dashboard names the post", async () => {
      await owner
        .getByRole("navigation", { name: "Seções do painel" })
        .getByRole("link", { name: "Caixa de entrada" })
        .click();
      await expect(owner).toHaveURL(/\/admin\/solicitacoes$/);
      const item = owner.getByRole("listitem").filter({ hasText: VISITOR.email });
      await expect(item).toContainText(
        `Origem: newsletter / email · campanha ${CAMPAIGN} · post: ${post.title}`,
      );
      await item.getByRole("link", { name: `Ver detalhes de ${VISITOR.name}` }).click();
      await expect(owner.getByRole("heading", { level: 2, name: VISITOR.name })).toBeVisible();
      await expect(owner.getByText(`Post do blog: ${post.title}`)).toBeVisible();
      await expect(owner.getByText(`Página onde abriu o formulário: /blog/${post.slug}`)).toBeVisible();
      await expectAccessible(owner);

      await owner.goto("/admin/solicitacoes/painel");
      const thisWeek = owner.getByRole("region", {
        name: "Posts que trouxeram as solicitações desta semana",
      });
      const row = thisWeek
        .getByRole("row")
        .filter({ has: owner.getByRole("rowheader", { name: post.title, exact: true }) });
      await expect(row.getByRole("cell")).toHaveText("1");
    });

    await test.step("the audit log tells all of it", async () => {
      await owner.goto("/admin/auditoria");
      await expect(owner.getByRole("heading", { level: 1, name: "Auditoria" })).toBeVisible();
      const entries: Array<[Parameters<typeof auditActionLabel>[0], string, string]> = [
        ["user.invite", OWNER.email, COLLEAGUE.email],
        ["user.invitation_accept", COLLEAGUE.email, COLLEAGUE.email],
        ["user.passkey_add", COLLEAGUE.email, "Notebook da Carla"],
        ["signin.success", COLLEAGUE.email, "method: passkey"],
        ["user.two_factor_on", OWNER.email, ""],
        ["signin.success", OWNER.email, "código de recuperação"],
        ["signin.failure", OWNER.email, "segundo fator"],
        ["lead.view", OWNER.email, VISITOR.name],
      ];
      for (const [action, who, text] of entries) {
        await expect(
          auditRow(owner, action, who, text).first(),
          `${action} by ${who}: ${text}`,
        ).toBeVisible();
      }
      // Two sign-ins with a recovery code, and the one refused in between.
      await expect(auditRow(owner, "signin.success", OWNER.email, "código de recuperação")).toHaveCount(2);
    });

    await test.step("the visitor asks to be erased: one action, and the site no longer holds them", async () => {
      await owner.goto("/admin/titulares");
      await owner.getByLabel("E-mail, telefone ou nome").fill(VISITOR.email);
      await owner.getByRole("button", { name: "Buscar" }).click();
      await expect(
        owner.getByRole("heading", { level: 3, name: "Solicitações de orçamento (1)" }),
      ).toBeVisible({
        timeout: 15_000,
      });
      // The owner's look at the request names the visitor, so it is theirs to erase too.
      await expect(
        owner.getByRole("heading", { level: 3, name: /^Registros de auditoria \([1-9]/ }),
      ).toBeVisible();
      await owner.getByRole("checkbox", { name: /Confirmo que o titular pediu a exclusão/ }).check();
      await owner.getByRole("button", { name: "Excluir tudo" }).click();
      await expect(owner.getByRole("heading", { level: 2, name: /Dados excluídos/ })).toBeVisible({
        timeout: 15_000,
      });
      await expect(owner.getByText("Solicitações de orçamento: 1 excluído")).toBeVisible();
      await expectAccessible(owner);

      await owner.getByLabel("E-mail, telefone ou nome").fill(VISITOR.email);
      await owner.getByRole("button", { name: "Buscar" }).click();
      await expect(
        owner.getByText("Nada encontrado: o site não guarda dados com este e-mail, telefone ou nome."),
      ).toBeVisible({ timeout: 15_000 });

      await owner.goto(`/admin/solicitacoes?busca=${encodeURIComponent(VISITOR.email)}`);
      await expect(owner.getByText("Nenhuma solicitação encontrada com estes filtros.")).toBeVisible();
      await owner.goto("/admin/solicitacoes");
      await expect(owner.getByText(VISITOR.email)).toHaveCount(0);

      await owner.goto("/admin/auditoria");
      await expect(auditRow(owner, "lgpd.erase", OWNER.email, "e-mail")).toBeVisible();
      await expect(auditRow(owner, "lead.view", OWNER.email)).toHaveCount(0);
      await expect(owner.getByText(VISITOR.name)).toHaveCount(0);
      await expect(owner.getByText(VISITOR.email)).toHaveCount(0);
    });
  } finally {
    for (const context of contexts) await context.close();
    await handle?.close();
    await site.stop();
    await smtp.close();
  }
});
