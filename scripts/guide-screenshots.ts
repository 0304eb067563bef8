// `npm run docs:screenshots`: the screenshots of the owner's guide (docs/guia-do-proprietario.md),
// taken again from the site as it is now, so they never go stale by hand. It builds if needed,
// starts the production server (server.js, as `npm start` runs it) on a free 127.0.0.1 port with
// a fresh temporary SQLite database (so the demo posts are there), creates the administrator at
// that first start (ADMIN_EMAIL/ADMIN_PASSWORD, as the end-to-end server does), adds a dozen
// quote requests of the last weeks in every stage, and walks the site in Debian's Chromium on a
// phone (390×844) and on a desktop (1280×800): first as a síndico (the contact form, then the
// confirmation of a request sent through it), then as the owner, signed in through the sign-in
// form (the posts page's strip, the menu, Início and its health, the inbox, that request's page,
// the board, the Painel, the post editor). Each screen is saved as docs/images/<screen>-celular.png
// or <screen>-computador.png, the page's viewport at device scale 1 and reduced to a 256-colour
// palette (sharp), so each file stays small.
//
//   npm run docs:screenshots                           the guide's screenshots, into docs/images/
//   npm run docs:screenshots -- --every-size --out /tmp/walk
//                                                      every screen at both sizes, to review the walk
//
// Every screen is checked for a page wider than the screen; the walk says which ones are, and
// exits 1. Whatever happens, the server stops and the temporary database is removed. Nothing is
// downloaded: CHROMIUM_PATH names another Chromium binary (default /usr/bin/chromium).
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  type Browser,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from "@playwright/test";
import type { Insertable } from "kysely";
import sharp from "sharp";
import type { LeadsTable } from "../app/server/db/schema.ts";
import * as site from "../app/server/runtime/maintenance.server.ts";
import { buildIfNeeded, projectRoot } from "../harness/built-site.ts";
import { chromiumFlags } from "../harness/chromium.ts";
import { type RunningServer, startServer } from "../harness/server.ts";
import { cleanUp, cleanups } from "./cleanups.ts";

const usage = "Uso: npm run docs:screenshots -- [--every-size] [--out PASTA]";
const { values: options } = (() => {
  try {
    return parseArgs({
      options: {
        "every-size": { type: "boolean", default: false },
        out: { type: "string", default: path.join(projectRoot, "docs/images") },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
})();
if (options.help) {
  console.log(usage);
  process.exit(0);
}
const outDir = path.resolve(options.out);

type Size = "celular" | "computador";

const contexts: Record<Size, BrowserContextOptions> = {
  celular: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  computador: { viewport: { width: 1280, height: 800 } },
};

/** The screens the guide shows, and at which sizes (`--every-size` takes each at both). */
const guideShots: Record<string, Size[]> = {
  contato: ["celular"],
  confirmacao: ["celular"],
  entrar: ["celular"],
  posts: ["celular"],
  menu: ["celular", "computador"],
  inicio: ["computador"],
  saude: ["celular"],
  solicitacoes: ["celular", "computador"],
  solicitacao: ["celular"],
  quadro: ["celular", "computador"],
  painel: ["celular", "computador"],
  "editor-status": ["computador"],
};

const PUBLIC_URL = "https://www.exemplo-condominio.com.br";
/** The owner's account on the walked site: new on every run, as its database is. */
const OWNER = {
  email: "proprietario@exemplo-condominio.com.br",
  password: randomBytes(24).toString("base64url"),
};
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/**
 * Whether Chromium has its pt-BR translation (Debian's chromium-l10n): without it, it draws date
 * fields as en-US whatever the page's language. /usr/bin/chromium is a shell script that starts
 * /usr/lib/chromium/chromium.
 */
function hasPortuguese(binary: string): boolean {
  const folders = ["/usr/lib/chromium"];
  try {
    folders.unshift(path.dirname(realpathSync(binary)));
  } catch {
    return false;
  }
  return folders.some((folder) => existsSync(path.join(folder, "locales", "pt-BR.pak")));
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Requests of the last ten weeks in every stage, as the síndicos of Curitiba write them, with
 * where they came from: what the inbox, the board and the Painel show.
 */
const demoRequests = [
  ["Cláudia Ferreira", "Condomínio Edifício Ahú", "Restauração de Fachadas", "novo", 0.21, null],
  ["Roberto Tanaka", "Residencial Jardim Botânico", "Impermeabilização", "novo", 1.34, "google"],
  ["Luciana Prado", "Edifício Solar do Batel", "Lavagem de Fachadas", "em_contato", 3.12, "instagram"],
  ["Marcos Wolff", "Condomínio Parque Barigui", "Vistoria Técnica", "em_contato", 9.45, null],
  ["Helena Kowalski", "Edifício Água Verde", "Rejuntamento", "visita_agendada", 6.27, "google"],
  [
    "André Lopes",
    "Residencial Bacacheri",
    "Pinturas e Revestimentos",
    "visita_agendada",
    20.08,
    "newsletter",
  ],
  ["Sônia Ribeiro", "Condomínio Mercês", "Restauração de Fachadas", "proposta_enviada", 15.36, "google"],
  ["Paulo Nascimento", "Edifício Cabral", "Tratamento de Ferragens", "proposta_enviada", 33.19, null],
  ["Beatriz Schmidt", "Residencial Cristo Rei", "Impermeabilização", "fechado_ganho", 27.4, "newsletter"],
  ["Eduardo Martins", "Condomínio Juvevê", "Restauração de Fachadas", "fechado_ganho", 48.15, "google"],
  ["Fernanda Costa", "Edifício Portão", "Pinturas e Revestimentos", "perdido", 40.3, "instagram"],
  ["Jorge Almeida", "Residencial Santa Felicidade", "Lavagem de Fachadas", "perdido", 62.22, null],
] as const;

const messages: Record<string, string> = {
  "Restauração de Fachadas":
    "Pastilhas soltando na fachada norte, perto das sacadas do oitavo andar. Precisamos de uma visita técnica.",
  Impermeabilização: "Infiltração na garagem do subsolo sempre que chove forte, principalmente na rampa.",
  "Lavagem de Fachadas":
    "Gostaríamos de um orçamento para lavar a fachada antes da pintura prevista para março.",
  "Vistoria Técnica": "Precisamos do laudo de inspeção predial antes da assembleia de fevereiro.",
  Rejuntamento: "Rejunte das pastilhas se desfazendo em vários pontos da fachada leste.",
  "Pinturas e Revestimentos": "Pintura completa do prédio, com lavagem prévia e tratamento das fissuras.",
  "Tratamento de Ferragens": "Ferragem aparente nas vigas da garagem, com o concreto estufando.",
};

function demoRequestRows(now: number): Array<Insertable<LeadsTable>> {
  return demoRequests.map(([name, condominium, service, status, daysAgo, source], index) => {
    const created = now - daysAgo * DAY;
    const at = (hours: number) => new Date(created + hours * HOUR).toISOString();
    const proposal = ["proposta_enviada", "fechado_ganho", "perdido"].includes(status)
      ? (18 + index * 7) * 100_000
      : null;
    const first = name
      .split(" ")[0]
      ?.toLowerCase()
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "");
    return {
      id: randomUUID(),
      number: index + 1,
      name,
      email: `${first}.sindico@exemplo.com.br`,
      phone: `(41) 99${String(610 + index * 37).padStart(3, "0")}-${String(4100 + index * 263).slice(-4)}`,
      condominium,
      service,
      message: messages[service] ?? "",
      status,
      note: status === "visita_agendada" ? "Visita combinada com o zelador, às 9h." : "",
      source_page: index % 3 === 0 ? "/servicos" : "/contato",
      utm_source: source,
      utm_medium: source === "google" ? "cpc" : null,
      utm_campaign: source === "newsletter" ? "fachadas-verao" : null,
      source_referrer_host: source === null && index % 2 === 0 ? "www.google.com.br" : null,
      lost_reason: status === "perdido" ? (index % 2 === 0 ? "preco" : "prazo") : null,
      proposal_value_cents: proposal,
      closed_value_cents: status === "fechado_ganho" ? proposal : null,
      first_response_at: status === "novo" ? null : at(3 + index),
      stage_changed_at: status === "novo" ? at(0) : at(24 + index * 5),
      created_at: at(0),
      updated_at: at(0),
    };
  });
}

/** Add the demo requests; the next request sent through the form takes the number after them. */
async function addDemoRequests(env: Record<string, string>): Promise<void> {
  const handle = await site.openDatabase(site.databaseConfigFromEnv(env));
  try {
    const rows = demoRequestRows(Date.now());
    await handle.db.insertInto("leads").values(rows).execute();
    await handle.db
      .updateTable("counters")
      .set({ value: rows.length })
      .where("name", "=", "lead_number")
      .execute();
  } finally {
    await handle.close();
  }
}

/** The síndicos who send the form on the walk, one per size (a second send would be a repeat). */
const visitors: Record<Size, { name: string; email: string; phone: string; condominium: string }> = {
  celular: {
    name: "Renata Moreira",
    email: "renata.moreira@exemplo.com.br",
    phone: "(41) 99812-3456",
    condominium: "Condomínio Edifício Araucária",
  },
  computador: {
    name: "Carlos Bittencourt",
    email: "carlos.bittencourt@exemplo.com.br",
    phone: "(41) 98877-6655",
    condominium: "Residencial Alto da Glória",
  },
};

const overflowing: string[] = [];
const written: string[] = [];

/** Save the viewport as <name>-<size>.png when the guide shows that screen at that size. */
async function shoot(page: Page, size: Size, name: string): Promise<void> {
  if (!options["every-size"] && !guideShots[name]?.includes(size)) return;
  const file = `${name}-${size}.png`;
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: document.documentElement.clientWidth,
  }));
  if (widths.page > widths.screen)
    overflowing.push(`${file} (${widths.page} px numa tela de ${widths.screen})`);
  const shot = await page.screenshot({ animations: "disabled", caret: "hide" });
  const small = await sharp(shot)
    .png({ palette: true, colours: 256, compressionLevel: 9, effort: 10 })
    .toBuffer();
  writeFileSync(path.join(outDir, file), small);
  written.push(file);
}

/** Bring `locator`'s element to the top of the screen (below the phone's sticky bar). */
async function scrollToTop(locator: Locator): Promise<void> {
  await locator.evaluate((element) => {
    const bar = document.querySelector("header.sticky");
    const offset = bar && bar.getBoundingClientRect().height > 0 ? bar.getBoundingClientRect().height : 0;
    window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - offset - 16);
  });
}

/** Wait until React has hydrated the page (typing before then can be lost). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const form = document.querySelector("form");
    return form !== null && Object.keys(form).some((key) => key.startsWith("__reactFiber"));
  });
}

const blocked = new Set<string>();

/** A browser context of one size, in Portuguese and São Paulo time, that reaches only the server. */
async function newContext(browser: Browser, baseURL: string, size: Size) {
  const context = await browser.newContext({
    ...contexts[size],
    baseURL,
    deviceScaleFactor: 1,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    colorScheme: "light",
    reducedMotion: "reduce",
  });
  // The walk downloads nothing: a request anywhere else is refused, and named at the end.
  const origin = new URL(baseURL).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      blocked.add(new URL(route.request().url()).origin);
      return route.abort("blockedbyclient");
    },
  );
  return context;
}

/** The síndico: the contact form, filled and sent, and its confirmation. */
async function walkAsSindico(browser: Browser, baseURL: string, size: Size): Promise<void> {
  const context = await newContext(browser, baseURL, size);
  try {
    const page = await context.newPage();
    // The public pages are plain HTML with a few inline scripts: no React to wait for.
    await page.goto("/contato#orcamento");
    await shoot(page, size, "contato");

    const who = visitors[size];
    await page.getByLabel("Nome completo").fill(who.name);
    await page.getByLabel("E-mail").and(page.locator("input")).fill(who.email);
    await page.getByLabel("Telefone").and(page.locator("input")).fill(who.phone);
    await page.getByLabel("Condomínio").fill(who.condominium);
    await page.getByLabel("Serviço de interesse").selectOption("Impermeabilização");
    await page
      .getByLabel("Mensagem")
      .fill("Infiltração na laje da cobertura, com manchas no teto do último andar. Podem fazer uma visita?");
    const button = page.getByRole("button", { name: "Enviar Solicitação" });
    await (size === "celular" ? button.tap() : button.click());
    const confirmation = page.locator("#quote-confirmation");
    await confirmation.getByRole("heading", { name: /^Pedido nº \d+ recebido$/ }).waitFor();
    // The confirmation stays; the toast over the form goes after 5 seconds.
    await page.locator("#quote-toasts [data-toast]").waitFor({ state: "detached", timeout: 15_000 });
    await shoot(page, size, "confirmacao");
  } finally {
    await context.close();
  }
}

/** The owner: sign-in, then the admin's screens the guide shows. */
async function walkAsOwner(browser: Browser, baseURL: string, size: Size): Promise<void> {
  const context = await newContext(browser, baseURL, size);
  try {
    const page = await context.newPage();
    await page.goto("/auth");
    await shoot(page, size, "entrar");
    await page.getByLabel("E-mail").fill(OWNER.email);
    await page.getByLabel("Senha").fill(OWNER.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/admin");

    // Again, without the "Login realizado!" toast over the top of the page.
    await page.goto("/admin");
    await hydrated(page);
    await shoot(page, size, "posts");

    if (size === "celular") {
      await page.getByLabel("Menu do painel").click();
      await page.getByRole("navigation", { name: "Seções do painel" }).waitFor();
      await shoot(page, size, "menu");
    } else {
      // The whole side menu: a screen as tall as the menu needs (it scrolls on its own in 800 px).
      const needed = await page.evaluate(() => {
        const list = document.querySelector("aside nav")?.parentElement;
        return list ? window.innerHeight + list.scrollHeight - list.clientHeight : window.innerHeight;
      });
      await page.setViewportSize({ width: 1280, height: Math.max(800, needed) });
      await shoot(page, size, "menu");
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    await page.goto("/admin/inicio");
    await hydrated(page);
    await shoot(page, size, "inicio");
    const health = page.getByRole("heading", { name: "Saúde do site" });
    const backup = page
      .locator("li, section, div")
      .filter({ has: page.getByText(/^Último backup/) })
      .last();
    await backup.getByText("Detalhes para quem cuida do servidor").click();
    await scrollToTop(health);
    await shoot(page, size, "saude");

    await page.goto("/admin/solicitacoes");
    await hydrated(page);
    await shoot(page, size, "solicitacoes");

    await page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: visitors[size].name }) })
      .getByRole("link", { name: "Ver detalhes" })
      .click();
    await page.waitForURL(/\/admin\/solicitacoes\/[0-9a-f-]{36}$/);
    await hydrated(page);
    await shoot(page, size, "solicitacao");

    await page.goto("/admin/solicitacoes/quadro");
    await hydrated(page);
    // On a phone, the stage tabs and the first cards of the chosen stage.
    if (size === "celular") await scrollToTop(page.getByText("Filtros: Todas as etapas"));
    await shoot(page, size, "quadro");

    await page.goto("/admin/solicitacoes/painel");
    await hydrated(page);
    if (size === "celular") {
      // A table wider than the phone, with the line that says it slides.
      const slides = page.getByText("Deslize para ver mais").filter({ visible: true }).first();
      await slides.waitFor();
      await scrollToTop(page.locator("section, article").filter({ has: slides }).last());
    }
    await shoot(page, size, "painel");

    await page.goto("/admin");
    await page.getByRole("link", { name: "Editar" }).first().click();
    await page.waitForURL(/\/admin\/posts\/[0-9a-f-]{36}$/);
    await hydrated(page);
    // A post scheduled for next week at 9h (not saved: the walk leaves the editor unsaved).
    const nextWeek = new Intl.DateTimeFormat("sv-SE", { timeZone: "America/Sao_Paulo" }).format(
      Date.now() + 7 * DAY,
    );
    await page.getByLabel("Status").selectOption({ label: "Agendado" });
    const publishAt = page.getByLabel("Publicar em (horário de Brasília)");
    await publishAt.fill(`${nextWeek}T09:00`);
    await publishAt.blur();
    await scrollToTop(page.locator("label", { hasText: "Tempo de Leitura (min)" }));
    await shoot(page, size, "editor-status");
  } finally {
    await context.close();
  }
}

const started = performance.now();
let failed = false;
let server: RunningServer | undefined;
try {
  if (!hasPortuguese(CHROMIUM)) {
    throw new Error(
      `o Chromium em ${CHROMIUM} não tem o idioma pt-BR (no Debian: apt-get install chromium-l10n); ` +
        "sem ele os campos de data sairiam no formato americano (mm/dd/yyyy).",
    );
  }
  if (!buildIfNeeded()) throw new Error("a compilação falhou.");
  mkdirSync(outDir, { recursive: true });

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "alvorada-screenshots-"));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  cleanups.push(removeDataDir);
  process.once("exit", removeDataDir); // also after an unexpected crash
  // A fresh SQLite database gets the demo content; DATABASE_URL is cleared so a PostgreSQL
  // configuration in the environment cannot point the walk elsewhere.
  const databaseEnv = { DATA_DIR: dataDir, DATABASE_URL: "", DATABASE_SCHEMA: "" };
  server = await startServer({
    ...databaseEnv,
    PUBLIC_URL,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    // The síndico sends the form as soon as it is filled; the walk sends two requests.
    QUOTE_MIN_FILL_SECONDS: "0",
  });
  const running = server;
  cleanups.push(() => running.stop());
  await addDemoRequests(databaseEnv);

  // In Portuguese, as the owner's browser: the date fields then read dd/mm/aaaa.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...chromiumFlags, "--lang=pt-BR"],
    env: { ...process.env, LANG: "pt_BR.UTF-8", LANGUAGE: "pt_BR" },
  });
  cleanups.push(() => browser.close());
  for (const size of ["celular", "computador"] as const) {
    await walkAsSindico(browser, server.url, size);
    await walkAsOwner(browser, server.url, size);
  }
} catch (error) {
  failed = true;
  console.error(`As capturas de tela não foram concluídas: ${(error as Error).message}`);
  const output = server?.output().trim();
  if (output) console.error(`Últimas linhas do servidor:\n${output.split("\n").slice(-20).join("\n")}`);
} finally {
  await cleanUp();
}

const seconds = ((performance.now() - started) / 1000).toFixed(0);
const kilobytes = written.reduce((sum, file) => sum + statSync(path.join(outDir, file)).size, 0) / 1024;
console.log(
  `${written.length} capturas em ${path.relative(process.cwd(), outDir) || "."} (${kilobytes.toFixed(0)} KB), em ${seconds} s.`,
);
if (blocked.size > 0) console.log(`Pedidos a outros endereços, recusados: ${[...blocked].join(", ")}.`);
if (overflowing.length > 0) {
  console.error(`Páginas mais largas que a tela:\n  ${overflowing.join("\n  ")}`);
}
process.exit(failed || overflowing.length > 0 ? 1 : 0);
