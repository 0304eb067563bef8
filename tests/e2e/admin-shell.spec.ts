import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { ADMIN_HOME_PATH, navigationFor } from "~/lib/admin-navigation";
import type { Role } from "~/lib/roles";
import type { DatabaseHandle } from "~/server/db/connection.server";
import { recordRevision } from "~/server/posts/post-revisions.server";
import { adminUserId, E2E_ORIGIN, insertSession, SESSION_COOKIE } from "../support/admin-auth";
import { hydrated } from "../support/admin-page";
import { axeViolations } from "../support/axe";
import { insertPost, insertTestLead, insertUser, openE2eDatabase } from "../support/db";
import { e2eBaseUrl, e2eOnPostgres, SAME_ON_BOTH_ENGINES } from "../support/e2e-env";
import { solidImage } from "../support/photo-fixtures";

// Every admin page inside its own shell (docs/decisions/0051), at a desktop's 1280×800
// and a phone's 390×844, as an Administrador and as an Editor: nothing wider than the screen,
// none of the visitors' header, footer or chat button, the navigation the role may use and no
// other, the current section marked, 'Ver o site' and 'Sair' one tap away, no axe violation
// of any impact (scanned as the Administrador, whose pages hold everything the Editor's do), and no error in the browser's console (a hydration mismatch is one). Markup
// only: the PostgreSQL pass has nothing to add.

test.skip(e2eOnPostgres, SAME_ON_BOTH_ENGINES);

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

interface AdminRoute {
  /** The address; `:post`, `:service`, `:work`, `:media` and `:lead` are a row of each,
   *  `:first` and `:second` two saved versions of the post. */
  path: string;
  /** The navigation item marked current there. */
  current: string;
  /** Only an Administrador opens it. */
  adminOnly?: true;
}

const ROUTES: AdminRoute[] = [
  { path: ADMIN_HOME_PATH, current: "Início" },
  { path: "/admin", current: "Posts" },
  { path: "/admin/posts/novo", current: "Posts" },
  { path: "/admin/posts/:post", current: "Posts" },
  { path: "/admin/posts/:post/revisoes?de=:first&para=:second", current: "Posts" },
  { path: "/admin/categorias", current: "Categorias" },
  { path: "/admin/obras", current: "Obras" },
  { path: "/admin/obras/nova", current: "Obras" },
  { path: "/admin/obras/:work", current: "Obras" },
  { path: "/admin/servicos", current: "Serviços" },
  { path: "/admin/servicos/novo", current: "Serviços" },
  { path: "/admin/servicos/:service", current: "Serviços" },
  { path: "/admin/pagina-inicial", current: "Página inicial" },
  { path: "/admin/midia", current: "Mídia" },
  { path: "/admin/midia/:media", current: "Mídia" },
  { path: "/admin/solicitacoes", current: "Caixa de entrada", adminOnly: true },
  { path: "/admin/solicitacoes/:lead", current: "Caixa de entrada", adminOnly: true },
  { path: "/admin/solicitacoes/painel", current: "Painel", adminOnly: true },
  { path: "/admin/solicitacoes/quadro", current: "Quadro", adminOnly: true },
  { path: "/admin/solicitacoes/modelos", current: "Modelos de resposta", adminOnly: true },
  { path: "/admin/solicitacoes/:lead/responder", current: "Caixa de entrada", adminOnly: true },
  { path: "/admin/configuracoes", current: "Configurações", adminOnly: true },
  { path: "/admin/redirecionamentos", current: "Redirecionamentos" },
  { path: "/admin/usuarios", current: "Usuários", adminOnly: true },
  { path: "/admin/auditoria", current: "Auditoria", adminOnly: true },
  { path: "/admin/titulares", current: "Titulares (LGPD)", adminOnly: true },
  { path: "/admin/conta", current: "Minha conta" },
  { path: "/admin/conta/dispositivos", current: "Minha conta" },
];

const fixture = { ids: {} as Record<string, string>, tokens: {} as Record<Role, string> };
let handle: DatabaseHandle;

test.beforeAll(async ({ playwright }) => {
  handle = await openE2eDatabase();
  const { db } = handle;
  const editorId = await insertUser(db, {
    email: `editora-shell-${randomUUID().slice(0, 8)}@exemplo-condominio.com.br`,
    passwordHash: "sem-senha",
    role: "editor",
  });
  fixture.tokens = {
    admin: await insertSession(db, await adminUserId(db)),
    editor: await insertSession(db, editorId),
  };
  const firstRow = (table: "services") =>
    db.selectFrom(table).select("id").orderBy("id").executeTakeFirstOrThrow();
  // A post of this worker's own, with two saved versions to compare.
  const category = await db.selectFrom("categories").select("slug").orderBy("slug").executeTakeFirstOrThrow();
  const slug = await insertPost(db, {
    title: "Post do painel em duas telas",
    categorySlug: category.slug,
    status: "draft",
  });
  const { id: postId } = await db
    .selectFrom("blog_posts")
    .select("id")
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
  fixture.ids.post = postId;
  // Saved twice, as the editor's 'Salvar' records a version: the first, then a new title.
  await recordRevision(db, postId, { kind: "save", authorId: null });
  await db
    .updateTable("blog_posts")
    .set({ title: "Post do painel em duas telas (revisado)", version: 2 })
    .where("id", "=", postId)
    .execute();
  await recordRevision(db, postId, { kind: "save", authorId: null });
  const [first, second] = await db
    .selectFrom("post_revisions")
    .select("id")
    .where("post_id", "=", postId)
    .orderBy("version")
    .execute();
  if (!first || !second) throw new Error("the post's two versions were not recorded");
  fixture.ids.first = first.id;
  fixture.ids.second = second.id;
  fixture.ids.service = (await firstRow("services")).id;
  // A work with photos: its editor's gallery is the part that hydrates per photo.
  const withPhotos = await db
    .selectFrom("works as w")
    .innerJoin("work_photos as p", "p.work_id", "w.id")
    .select("w.id")
    .orderBy("w.id")
    .executeTakeFirstOrThrow();
  fixture.ids.work = withPhotos.id;
  fixture.ids.lead = (await insertTestLead(db)).id;
  // An image of the library, uploaded as the owner does.
  const api = await playwright.request.newContext({ baseURL: e2eBaseUrl });
  try {
    const upload = await api.post("/admin/api/upload", {
      headers: { Origin: E2E_ORIGIN, Cookie: `${SESSION_COOKIE}=${fixture.tokens.admin}` },
      multipart: {
        file: {
          name: "fachada-shell.png",
          mimeType: "image/png",
          buffer: await solidImage(80, 60).png().toBuffer(),
        },
      },
    });
    expect(upload.status()).toBe(201);
    fixture.ids.media = ((await upload.json()) as { id: string }).id;
  } finally {
    await api.dispose();
  }
});

test.afterAll(async () => {
  await handle?.close();
});

async function signIn(page: Page, role: Role) {
  await page.context().addCookies([
    {
      name: SESSION_COOKIE,
      value: fixture.tokens[role],
      domain: new URL(e2eBaseUrl).hostname,
      path: "/",
      secure: true,
      httpOnly: true,
    },
  ]);
}

const addressOf = (route: AdminRoute) =>
  route.path.replace(/:(\w+)/g, (_, key: string) => fixture.ids[key] ?? "");

async function expectShell(page: Page, role: Role, route: AdminRoute, viewport: (typeof VIEWPORTS)[number]) {
  const where = `${route.path} as ${role} on a ${viewport.name}`;
  // Nothing wider than the screen.
  const overflow = await page.evaluate(() => {
    const root = document.documentElement;
    return { scroll: root.scrollWidth, client: root.clientWidth };
  });
  expect(overflow.scroll, `${where}: page wider than the screen`).toBeLessThanOrEqual(overflow.client);
  // None of the visitors' furniture.
  await expect(page.getByRole("link", { name: "Conversar pelo WhatsApp" }), where).toHaveCount(0);
  await expect(page.locator("footer"), where).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Navegação principal" }), where).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Solicitar Orçamento" }), where).toHaveCount(0);
  // 'Ver o site' and 'Sair': one tap away, on the screen as it opens.
  await expect(page.getByRole("link", { name: "Ver o site" }), where).toBeInViewport();
  await expect(page.getByRole("button", { name: "Sair" }), where).toBeInViewport();
  // On a phone the top bar names the section in full: 'Ver o site' is its arrow there.
  if (viewport.name === "phone") {
    const sectionName = page.locator("header > p").first();
    await expect(sectionName, where).toHaveText(route.current);
    const cut = await sectionName.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(cut, `${where}: the section's name is cut`).toBe(false);
  }
  // The navigation: on a phone behind the menu button, which opens it (without JavaScript too).
  if (viewport.name === "phone") await page.getByLabel("Menu do painel").click();
  const nav = page.getByRole("navigation", { name: "Seções do painel" });
  await expect(nav, where).toBeVisible();
  const allowed = navigationFor(role).flatMap((group) => group.items.map((item) => item.label));
  await expect(nav.getByRole("link"), where).toHaveText(allowed);
  await expect(nav.locator('[aria-current="page"]'), where).toHaveText([route.current]);
  // On a desktop every section is in sight at once: the sidebar never hides some below a fold
  // that shows no scrollbar (Usuários, Auditoria, Titulares and Minha conta were).
  if (viewport.name === "desktop") {
    for (const link of await nav.getByRole("link").all())
      await expect(link, where).toBeInViewport({ ratio: 1 });
    const sidebar = await nav.evaluate((element) => {
      const scroller = element.parentElement as HTMLElement;
      return { scroll: scroller.scrollHeight, client: scroller.clientHeight };
    });
    expect(sidebar.scroll, `${where}: the sidebar scrolls`).toBeLessThanOrEqual(sidebar.client);
  }
  // Every violation axe finds, of any impact, with the menu open on a phone. The Editor's page is
  // the Administrador's markup with fewer navigation items: scanned once, as the Administrador.
  if (role === "admin") expect(await axeViolations(page), where).toEqual([]);
}

for (const role of ["admin", "editor"] as const) {
  for (const route of ROUTES.filter((candidate) => role === "admin" || !candidate.adminOnly)) {
    test(`${route.path.split("?")[0]} as ${role === "admin" ? "Administrador" : "Editor"}: its shell on a desktop and a phone`, async ({
      page,
    }) => {
      await signIn(page, role);
      // What the browser reports while the page loads and hydrates: a hydration mismatch is one.
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      const response = await page.goto(addressOf(route));
      expect(response?.status(), route.path).toBe(200);
      // The layout is CSS only: the same page, resized, is what a phone gets.
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await expectShell(page, role, route, viewport);
      }
      await hydrated(page);
      expect(errors, `${route.path}: errors in the browser's console`).toEqual([]);
    });
  }
}

test("an Editor does not see what an Administrador's pages hold, and the shell says so", async ({ page }) => {
  await signIn(page, "editor");
  const response = await page.goto("/admin/solicitacoes");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Acesso restrito" })).toBeVisible();
});

test("the post editor as the server sends it, before its scripts run, has no axe violation", async ({
  page,
}) => {
  // The editor's toolbar names the content it formats; until the scripts mount that content, the
  // page is what a slow phone shows, and what axe saw when it came first. The page's own scripts
  // never load here (axe needs JavaScript, so it cannot simply be turned off).
  await page.route(/\.js(\?|$)/, (route) => route.abort());
  await signIn(page, "editor");
  const response = await page.goto(`/admin/posts/${fixture.ids.post}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("toolbar", { name: "Formatação do conteúdo" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Negrito" })).toBeDisabled();
  expect(await axeViolations(page)).toEqual([]);
});

test("on a phone the Administrador's pages fit the screen, and the menu opens before and after hydration and stays open", async ({
  page,
}) => {
  // A colleague with a long name and a long address (no hyphen, where a line could break), as real
  // ones have: the team screen lists them.
  await insertUser(handle.db, {
    email: `coordenacao.manutencao.${randomUUID().slice(0, 8)}@residencialjardimbotanico.com.br`,
    name: "Maria Aparecida dos Santos",
    passwordHash: "sem-senha",
    role: "editor",
  });
  await signIn(page, "admin");
  await page.setViewportSize({ width: 390, height: 844 });
  const menuButton = page.getByLabel("Menu do painel");
  const menu = page.getByRole("navigation", { name: "Seções do painel" });
  // Tapped before the scripts arrive (they wait until then), the menu must survive the hydration
  // that follows, as on a slow phone.
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => {
    releaseScripts = resolve;
  });
  await page.route(/\.js(\?|$)/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto("/admin/usuarios", { waitUntil: "commit" });
  await menuButton.click();
  await expect(menu).toBeVisible();
  releaseScripts();
  await hydrated(page);
  await page.waitForTimeout(1000);
  await expect(menu, "open before hydration, a second after it").toBeVisible();
  // Every item a finger's height (44 px, WCAG 2.5.5).
  for (const target of [menuButton, ...(await menu.getByRole("link").all())]) {
    const name = (await target.getAttribute("aria-label")) ?? (await target.textContent());
    expect((await target.boundingBox())?.height, `${name}: its height`).toBeGreaterThanOrEqual(44);
  }
  // Once hydrated, a tap closes it and the next opens it, once each: no handler toggles it again.
  await menuButton.click();
  await expect(menu).toBeHidden();
  await menuButton.click();
  await page.waitForTimeout(1000);
  await expect(menu, "opened after hydration, a second later").toBeVisible();
  await page.unroute(/\.js(\?|$)/);
  // Nothing wider than the screen, on the pages with the most in them.
  const widths: Record<string, number> = {};
  for (const path of [
    "/admin/usuarios",
    ADMIN_HOME_PATH,
    "/admin/solicitacoes",
    "/admin/configuracoes",
    "/admin/auditoria",
  ]) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    widths[path] = await page.evaluate(() => document.documentElement.scrollWidth);
  }
  expect(widths).toEqual(Object.fromEntries(Object.keys(widths).map((path) => [path, 390])));
});
