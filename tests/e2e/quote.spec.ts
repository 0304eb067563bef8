import { randomUUID } from "node:crypto";
import http from "node:http";
import { expect, type Page, type Response, test } from "@playwright/test";
import { sql } from "kysely";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/connection.server";
import { startServer } from "../../harness/server";
import { SHARED_SERVER_MIN_FILL_MS } from "../../playwright.config";
import { seriousAxeViolations } from "../support/axe";
import { openE2eDatabase } from "../support/db";
import { e2eOnPostgres, SAME_ON_BOTH_ENGINES } from "../support/e2e-env";
import { startSmtpSink } from "../support/smtp-sink";
import { ownDatabase } from "../support/test-database";

const PHONE = "(41) 99876-5432";
const SUCCESS = {
  title: "Mensagem enviada com sucesso!",
  description: "Entraremos em contato em breve para discutir seu projeto.",
};
const FAILURE = {
  title: "Erro ao enviar mensagem",
  description: "Ocorreu um erro. Tente novamente ou entre em contato por telefone.",
};
/** The form refuses posts sooner than this after the page was rendered (default 3 s). */
/** The shared server's minimum fill time, and a server of its own's unless a test sets one. */
const MIN_FILL_MS = SHARED_SERVER_MIN_FILL_MS;

const uid = () => randomUUID().slice(0, 8);

interface Quote {
  name: string;
  email: string;
  phone: string;
  condominium?: string;
  service?: string;
  message?: string;
}

const quote = (overrides: Partial<Quote> = {}): Quote => ({
  name: "Carla Mendes",
  email: `carla.${uid()}@exemplo.com.br`,
  phone: "(41) 98765-4321",
  condominium: "Edifício Jardim Botânico",
  service: "Lavagem de Fachadas",
  message: "Fachada com manchas escuras.\nPrecisamos de orçamento até o fim do mês.",
  ...overrides,
});

// ---------------------------------------------------------------------------------------------
// Helpers

let loadedAt = 0;
async function openForm(page: Page, base = "") {
  await page.goto(`${base}/contato`);
  loadedAt = Date.now();
}

async function fill(page: Page, q: Quote) {
  await page.getByLabel("Nome completo").fill(q.name);
  await page.getByLabel("E-mail").and(page.locator("input")).fill(q.email);
  await page.getByLabel("Telefone").and(page.locator("input")).fill(q.phone);
  await page.getByLabel("Condomínio").fill(q.condominium ?? "");
  await page.getByLabel("Serviço de interesse").selectOption(q.service ?? "");
  await page.getByLabel("Mensagem").fill(q.message ?? "");
}

async function expectValues(page: Page, q: Quote) {
  await expect(page.getByLabel("Nome completo")).toHaveValue(q.name);
  await expect(page.getByLabel("E-mail").and(page.locator("input"))).toHaveValue(q.email);
  await expect(page.getByLabel("Telefone").and(page.locator("input"))).toHaveValue(q.phone);
  await expect(page.getByLabel("Condomínio")).toHaveValue(q.condominium ?? "");
  await expect(page.getByLabel("Serviço de interesse")).toHaveValue(q.service ?? "");
  await expect(page.getByLabel("Mensagem")).toHaveValue(q.message ?? "");
}

async function expectCleared(page: Page) {
  await expectValues(page, { name: "", email: "", phone: "" });
}

/** Wait until the form is old enough for the minimum fill time, then submit. */
async function send(page: Page, { wait = true } = {}): Promise<Response | null> {
  if (wait) await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - loadedAt)));
  const posted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/contato"));
  await page.getByRole("button", { name: "Enviar Solicitação" }).click();
  return posted;
}

const toast = (page: Page, role: "status" | "alert") => page.locator("#quote-toasts").getByRole(role);

async function expectToast(
  page: Page,
  role: "status" | "alert",
  title: string,
  description: string | RegExp,
) {
  const note = toast(page, role);
  await expect(note).toBeVisible();
  await expect(note.getByText(title, { exact: true })).toBeVisible();
  await expect(note.getByText(description)).toBeVisible();
}

/** Serve /contato without the form's enhancement script: the page as a browser without JavaScript gets it. */
async function withoutEnhancement(page: Page) {
  await page.route("**/contato", async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /<script[^>]*>\(function\(\)\{\s*var region=document\.getElementById\("quote-toasts"\)[\s\S]*?<\/script>/,
      "",
    );
    await route.fulfill({ response, body });
  });
}

/** A database of its own for a server started by a test (SQLite directory or PostgreSQL schema). */
/** A production server of its own, with its own database and extra settings. */
async function ownServer(extraEnv: Record<string, string> = {}) {
  const database = ownDatabase("e2e-quote");
  const server = await startServer({
    PUBLIC_URL: "https://www.exemplo-condominio.com.br",
    QUOTE_RATE_LIMIT_PER_HOUR: "1000",
    QUOTE_MIN_FILL_SECONDS: String(MIN_FILL_MS / 1000),
    ...database.env,
    ...extraEnv,
  });
  const handle = await openDatabase(databaseConfigFromEnv(database.env));
  return {
    server,
    db: handle.db,
    stop: async () => {
      await handle.close();
      await server.stop();
      await database.drop();
    },
  };
}

async function leadsByEmail(handle: DatabaseHandle, email: string) {
  return handle.db.selectFrom("leads").selectAll().where("email", "=", email).execute();
}

let shared: DatabaseHandle;
test.beforeAll(async () => {
  shared = await openE2eDatabase();
});
test.afterAll(async () => {
  await shared.close();
});

// ---------------------------------------------------------------------------------------------
// The same behaviour with and without JavaScript

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test.describe(`quote form ${mode}`, () => {
    test.use({ javaScriptEnabled });
    // The store gets the same request either way: on PostgreSQL the twin without JavaScript runs.
    test.skip(e2eOnPostgres && javaScriptEnabled, SAME_ON_BOTH_ENGINES);

    test("sends a request: success toast, form cleared, request stored", async ({ page }) => {
      await openForm(page);
      const q = quote();
      await fill(page, q);
      if (javaScriptEnabled) {
        // Hold the post a moment to see the busy state.
        await page.route("**/contato", async (route) => {
          if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 600));
          await route.continue();
        });
      }
      const response = send(page);
      if (javaScriptEnabled) {
        const busy = page.getByRole("button", { name: "Enviando..." });
        await expect(busy).toBeVisible();
        await expect(busy).toBeDisabled();
      }
      expect((await response)?.status()).toBe(200);

      await expectToast(page, "status", SUCCESS.title, SUCCESS.description);
      await expectCleared(page);
      const button = page.getByRole("button", { name: "Enviar Solicitação" });
      await expect(button).toBeEnabled();
      await expect(page).toHaveURL(/\/contato$/);
      // The page opens (or, with JavaScript, moves) on the outcome: the confirmation that stays
      // (tests/e2e/quote-confirmation.spec.ts), beside the toast.
      const confirmation = page.locator("#quote-confirmation [data-quote-confirmation]");
      await expect(confirmation).toBeFocused();
      await expect(confirmation).toBeInViewport();
      if (!javaScriptEnabled) await expect(toast(page, "status")).toBeInViewport();

      const [lead] = await leadsByEmail(shared, q.email);
      expect(lead).toMatchObject({
        name: q.name,
        phone: q.phone,
        condominium: q.condominium,
        service: q.service,
        message: q.message,
        status: "novo",
      });
    });

    test("sends only the required fields: the optional ones get their defaults", async ({ page }) => {
      await openForm(page);
      const q = quote({ condominium: "", service: "", message: "" });
      await fill(page, q);
      expect((await send(page))?.status()).toBe(200);
      await expectToast(page, "status", SUCCESS.title, SUCCESS.description);
      const [lead] = await leadsByEmail(shared, q.email);
      expect(lead).toMatchObject({
        condominium: "Não informado",
        service: "Não especificado",
        message: "Sem mensagem adicional",
      });
    });

    test("shows each validation error next to its field and keeps the values", async ({ page }) => {
      await openForm(page);
      // Values the browser's own checks let through (required, type=email) but the server refuses.
      const q = quote({ name: "   ", email: "carla@exemplo", phone: "não tenho" });
      await fill(page, q);
      expect((await send(page))?.status()).toBe(400);

      await expectToast(page, "alert", FAILURE.title, "Confira os campos destacados no formulário.");
      for (const [label, message] of [
        ["Nome completo", "Informe seu nome."],
        ["E-mail", "Informe um e-mail válido, como nome@exemplo.com.br."],
        ["Telefone", "Informe um telefone com DDD, como (41) 99999-9999."],
      ] as const) {
        const input = page.getByLabel(label).and(page.locator("input"));
        await expect(input).toHaveAttribute("aria-invalid", "true");
        await expect(input).toHaveAccessibleDescription(message);
      }
      await expect(page.getByLabel("Nome completo")).toBeFocused();
      await expect(page.getByLabel("Condomínio")).not.toHaveAttribute("aria-invalid");
      await expectValues(page, q);
      expect(await leadsByEmail(shared, q.email)).toHaveLength(0);

      // Fixing the fields sends it.
      const fixed = {
        ...q,
        name: "Carla Mendes",
        email: `carla.${uid()}@exemplo.com.br`,
        phone: "41 3333-4444",
      };
      await fill(page, fixed);
      expect((await send(page, { wait: false }))?.status()).toBe(200);
      await expectToast(page, "status", SUCCESS.title, SUCCESS.description);
      await expect(page.getByLabel("Nome completo")).not.toHaveAttribute("aria-invalid");
      expect(await leadsByEmail(shared, fixed.email)).toHaveLength(1);
    });

    test("the browser itself asks for the required fields before anything is sent", async ({ page }) => {
      await openForm(page);
      let posted = false;
      page.on("request", (request) => {
        if (request.method() === "POST") posted = true;
      });
      await page.getByRole("button", { name: "Enviar Solicitação" }).click();
      await expect(page.getByLabel("Nome completo")).toBeFocused();
      expect(
        await page.getByLabel("Nome completo").evaluate((el: HTMLInputElement) => el.validity.valueMissing),
      ).toBe(true);
      expect(posted).toBe(false);
    });

    test("a filled honeypot gets a clear message with the phone, and sending again works", async ({
      page,
    }) => {
      await openForm(page);
      const q = quote();
      await fill(page, q);
      await page.locator("#website").fill("http://spam.example", { force: true });
      expect((await send(page))?.status()).toBe(400);
      await expectToast(
        page,
        "alert",
        FAILURE.title,
        `Não foi possível confirmar que o pedido foi enviado por uma pessoa. Confira os dados e clique em “Enviar Solicitação” novamente, ou ligue para ${PHONE}.`,
      );
      await expectValues(page, q);
      await expect(page.locator("#website")).toHaveValue("");
      expect(await leadsByEmail(shared, q.email)).toHaveLength(0);

      expect((await send(page, { wait: false }))?.status()).toBe(200);
      await expectToast(page, "status", SUCCESS.title, SUCCESS.description);
      expect(await leadsByEmail(shared, q.email)).toHaveLength(1);
    });

    test("a form sent faster than a person types is refused with a message, then accepted", async ({
      page,
    }) => {
      // The fill time is checked before the store is reached.
      test.skip(e2eOnPostgres, SAME_ON_BOTH_ENGINES);
      // A server that wants 8 s: ample margin for a slow page load before the quick post.
      const own = await ownServer({ QUOTE_MIN_FILL_SECONDS: "8" });
      try {
        await openForm(page, own.server.url);
        const q = quote();
        await page.getByLabel("Nome completo").fill(q.name);
        await page.getByLabel("E-mail").and(page.locator("input")).fill(q.email);
        await page.getByLabel("Telefone").and(page.locator("input")).fill(q.phone);
        expect((await send(page, { wait: false }))?.status()).toBe(400);
        await expectToast(
          page,
          "alert",
          FAILURE.title,
          `O formulário foi enviado rápido demais para confirmarmos que foi preenchido por uma pessoa. Confira os dados e clique em “Enviar Solicitação” novamente, ou ligue para ${PHONE}.`,
        );
        await expect(page.getByLabel("Nome completo")).toHaveValue(q.name);
        expect(await own.db.selectFrom("leads").selectAll().execute()).toHaveLength(0);

        await page.waitForTimeout(Math.max(0, 8_500 - (Date.now() - loadedAt)));
        expect((await send(page, { wait: false }))?.status()).toBe(200);
        await expectToast(page, "status", SUCCESS.title, SUCCESS.description);
        expect(await own.db.selectFrom("leads").select("email").execute()).toEqual([{ email: q.email }]);
      } finally {
        await own.stop();
      }
    });

    test("shows HTML typed into the fields as text", async ({ page }) => {
      let dialogs = 0;
      page.on("dialog", async (dialog) => {
        dialogs++;
        await dialog.dismiss();
      });
      await openForm(page);
      // The e-mail is refused (so the page shows every value again); the rest is HTML.
      const q = quote({
        name: `<img src=x onerror=alert(1)>Carla`,
        email: "carla@exemplo",
        phone: "<b>41</b> 99999-0000",
        condominium: `"><script>alert(3)</script>`,
        message: `</textarea><script>alert(4)</script>`,
      });
      await fill(page, q);
      expect((await send(page))?.status()).toBe(400);
      await expectValues(page, q);
      await expect(page.locator("#quote-form script, #quote-form img")).toHaveCount(0);
      expect(dialogs).toBe(0);
    });
  });

  test.describe(`on a server of its own ${mode}`, () => {
    test.use({ javaScriptEnabled });
    test.skip(e2eOnPostgres && javaScriptEnabled, SAME_ON_BOTH_ENGINES);

    test("a failed database write keeps the values and shows the failure toast", async ({ page }) => {
      const own = await ownServer();
      try {
        await openForm(page, own.server.url);
        const q = quote();
        await fill(page, q);
        // The write really fails: the outbox table is gone, so the transaction rolls back.
        await sql`ALTER TABLE outbox RENAME TO outbox_indisponivel`.execute(own.db);
        expect((await send(page))?.status()).toBe(503);
        await expectToast(page, "alert", FAILURE.title, FAILURE.description);
        await expectValues(page, q);
        expect(await own.db.selectFrom("leads").selectAll().execute()).toHaveLength(0);

        // Back to normal: the same values go through.
        await sql`ALTER TABLE outbox_indisponivel RENAME TO outbox`.execute(own.db);
        expect((await send(page, { wait: false }))?.status()).toBe(200);
        await expectToast(page, "status", SUCCESS.title, SUCCESS.description);
        expect(await own.db.selectFrom("leads").select("email").execute()).toEqual([{ email: q.email }]);
      } finally {
        await own.stop();
      }
    });

    test("the per-address limit answers 429 with a message and keeps the values", async ({ page }) => {
      const own = await ownServer({ QUOTE_RATE_LIMIT_PER_HOUR: "1" });
      try {
        await openForm(page, own.server.url);
        await fill(page, quote());
        expect((await send(page))?.status()).toBe(200);
        await expectToast(page, "status", SUCCESS.title, SUCCESS.description);

        const second = quote();
        await fill(page, second);
        const response = await send(page, { wait: false });
        expect(response?.status()).toBe(429);
        await expectToast(
          page,
          "alert",
          FAILURE.title,
          `Recebemos muitos pedidos deste endereço na última hora. Tente novamente mais tarde ou fale conosco pelo telefone ${PHONE}.`,
        );
        await expectValues(page, second);
        expect(await own.db.selectFrom("leads").selectAll().execute()).toHaveLength(1);
      } finally {
        await own.stop();
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Behind a reverse proxy: whose address is limited. Loopback has many addresses, so requests
// from 127.0.0.1 (the proxy TRUST_PROXY names) and from 127.0.0.2 (anyone else) reach the same
// server.

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request from a chosen local address (Playwright's client cannot pick one). */
function rawRequest(
  url: string,
  options: { from: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? "GET", headers: options.headers, localAddress: options.from },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

/** Post the quote form, without JavaScript, as `from` says X-Forwarded-For. */
async function postQuote(
  base: string,
  from: string,
  forwardedFor: string,
  email: string,
): Promise<RawAnswer> {
  const form = await rawRequest(`${base}/contato`, { from });
  const token = /name="form_token" value="([^"]+)"/.exec(form.body)?.[1] ?? "";
  expect(token).not.toBe("");
  const q = quote({ email });
  return rawRequest(`${base}/contato`, {
    from,
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": forwardedFor },
    body: new URLSearchParams({ ...q, form_token: token }).toString(),
  });
}

test.describe("behind a reverse proxy", () => {
  test("X-Forwarded-For counts only from the proxies TRUST_PROXY names; IPv6 clients share a limit per /64", async () => {
    const own = await ownServer({
      // A plain-http public address: HSTS then follows only what the proxy says of the request.
      PUBLIC_URL: "http://www.exemplo-condominio.com.br",
      TRUST_PROXY: "127.0.0.1",
      QUOTE_RATE_LIMIT_PER_HOUR: "1",
      QUOTE_MIN_FILL_SECONDS: "0",
    });
    const post = (from: string, forwardedFor: string) =>
      postQuote(own.server.url, from, forwardedFor, `proxy.${uid()}@exemplo.com.br`);
    const limited = `Recebemos muitos pedidos deste endereço na última hora. Tente novamente mais tarde ou fale conosco pelo telefone ${PHONE}.`;
    try {
      // Through the trusted proxy: the forwarded client is limited, per /64.
      expect((await post("127.0.0.1", "2001:db8:aa:1::1")).status).toBe(200);
      const sameNetwork = await post("127.0.0.1", "2001:db8:aa:1:ffff:ffff:ffff:2");
      expect(sameNetwork.status).toBe(429);
      expect(sameNetwork.body).toContain(limited);
      expect((await post("127.0.0.1", "2001:db8:aa:2::1")).status).toBe(200);

      // From a peer that is not a proxy: what it writes in X-Forwarded-For is ignored, so the
      // second post is limited as the peer itself…
      expect((await post("127.0.0.2", "203.0.113.50")).status).toBe(200);
      const forged = await post("127.0.0.2", "203.0.113.51");
      expect(forged.status).toBe(429);
      expect(forged.body).toContain(limited);
      // …while the same client through the proxy is a different, unlimited one.
      expect((await post("127.0.0.1", "203.0.113.51")).status).toBe(200);
      expect(await own.db.selectFrom("leads").selectAll().execute()).toHaveLength(4);

      // X-Forwarded-Proto likewise: the HTTPS-only header answers the proxy's word only.
      const viaProxy = await rawRequest(`${own.server.url}/healthz`, {
        from: "127.0.0.1",
        headers: { "X-Forwarded-Proto": "https" },
      });
      expect(viaProxy.headers["strict-transport-security"]).toBeDefined();
      const direct = await rawRequest(`${own.server.url}/healthz`, {
        from: "127.0.0.2",
        headers: { "X-Forwarded-Proto": "https" },
      });
      expect(direct.status).toBe(200);
      expect(direct.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await own.stop();
    }
  });

  test("a TRUST_PROXY that is neither an address nor a range stops the server with a message", async () => {
    const database = ownDatabase("e2e-quote");
    try {
      const started = startServer({ ...database.env, TRUST_PROXY: "proxy.interno" });
      await expect(started).rejects.toThrow(/server exited with 1/);
      await expect(started).rejects.toThrow(
        /- TRUST_PROXY: “proxy\.interno” não é um endereço IP nem uma faixa CIDR/,
      );
    } finally {
      await database.drop();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Accessibility of the notifications. axe runs inside the page, so the rendering a browser
// without JavaScript gets is checked with the enhancement script removed from the HTML.

test.describe("notifications pass axe", () => {
  for (const enhanced of [true, false]) {
    for (const colorScheme of ["light", "dark"] as const) {
      test(`${enhanced ? "toasts" : "result panel without JavaScript"} in ${colorScheme} mode`, async ({
        page,
      }) => {
        test.setTimeout(60_000);
        if (!enhanced) await withoutEnhancement(page);
        await page.emulateMedia({ colorScheme });
        await openForm(page);
        await fill(page, quote({ email: "carla@exemplo" }));
        await send(page);
        await expect(toast(page, "alert")).toBeVisible();
        const position = await page.locator("#quote-toasts").evaluate((el) => getComputedStyle(el).position);
        expect(position).toBe(enhanced ? "fixed" : "static");
        expect(await seriousAxeViolations(page), "error").toEqual([]);

        await fill(page, quote());
        await send(page, { wait: false });
        await expect(toast(page, "status")).toBeVisible();
        // The scan covers the confirmation that stays once the toast has gone.
        await expect(page.locator("#quote-confirmation").getByText("Enviar outro pedido")).toBeVisible();
        expect(await seriousAxeViolations(page), "success").toEqual([]);
      });
    }
  }
});

// ---------------------------------------------------------------------------------------------
// JavaScript only

test.describe("quote form with JavaScript, when the server cannot be reached", () => {
  // The browser's side of the form: no store is reached.
  test.skip(e2eOnPostgres, SAME_ON_BOTH_ENGINES);
  test("shows the failure toast, keeps the values and lets the visitor try again", async ({ page }) => {
    await openForm(page);
    const q = quote();
    await fill(page, q);
    await page.route("**/contato", (route) =>
      route.request().method() === "POST" ? route.abort("connectionrefused") : route.continue(),
    );
    await page.waitForTimeout(MIN_FILL_MS);
    await page.getByRole("button", { name: "Enviar Solicitação" }).click();
    await expectToast(page, "alert", FAILURE.title, FAILURE.description);
    await expectValues(page, q);
    await expect(page.getByRole("button", { name: "Enviar Solicitação" })).toBeEnabled();
    await page.getByRole("button", { name: "Fechar notificação" }).click();
    await expect(toast(page, "alert")).toHaveCount(0);

    await page.unroute("**/contato");
    expect((await send(page, { wait: false }))?.status()).toBe(200);
    await expectToast(page, "status", SUCCESS.title, SUCCESS.description);
    expect(await leadsByEmail(shared, q.email)).toHaveLength(1);
  });

  test("the success toast floats over the page and goes away by itself", async ({ page }) => {
    await openForm(page);
    await fill(page, quote());
    await send(page);
    const note = toast(page, "status");
    await expect(note).toBeVisible();
    expect(await page.locator("#quote-toasts").evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
    await expect(note).toHaveCount(0, { timeout: 10_000 });
  });
});

test.describe("quote form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  // Where the result panel sits is markup.
  test.skip(e2eOnPostgres, SAME_ON_BOTH_ENGINES);

  test("the result panel stays in place, above the form", async ({ page }) => {
    await openForm(page);
    await fill(page, quote());
    await send(page);
    const region = page.locator("#quote-toasts");
    await expect(region.getByRole("status")).toBeVisible();
    expect(await region.evaluate((el) => getComputedStyle(el).position)).toBe("static");
    await expect(region.getByRole("button", { name: "Fechar notificação" })).toBeHidden();
    await expect(region).toBeInViewport();
  });
});

// ---------------------------------------------------------------------------------------------
// E-mail, end to end

test("the company receives the request by e-mail, with Reply-To the visitor", async ({ page }) => {
  const smtp = await startSmtpSink();
  const own = await ownServer({ ...smtp.env, LEADS_TO: "orcamentos@exemplo-condominio.com.br" });
  try {
    expect(own.server.output()).toContain(
      "E-mail: envio via SMTP para orcamentos@exemplo-condominio.com.br (servidor 127.0.0.1:",
    );
    expect(own.server.output()).not.toContain("s3nh");
    await openForm(page, own.server.url);
    const q = quote({ name: "Roberto Ñúñez" });
    await fill(page, q);
    expect((await send(page))?.status()).toBe(200);
    // The company's message, and the visitor's confirmation (on by default with SMTP).
    const mails = await smtp.waitForMessages(2);
    const mail = mails.find((m) => m.envelopeTo.includes("orcamentos@exemplo-condominio.com.br"));
    expect(mails.find((m) => m !== mail)?.envelopeTo).toEqual([q.email]);
    expect(mail?.headers.get("reply-to")).toBe(`Roberto Ñúñez <${q.email}>`);
    for (const value of [q.name, q.email, q.phone, q.condominium ?? "", q.service ?? "", q.message ?? ""]) {
      expect(mail?.text).toContain(value);
    }
  } finally {
    await own.stop();
    await smtp.close();
  }
});

test("without SMTP the server says at start-up that e-mail is off", async () => {
  // A start-up message: no store.
  test.skip(e2eOnPostgres, SAME_ON_BOTH_ENGINES);
  const own = await ownServer();
  try {
    expect(own.server.output()).toContain(
      "E-mail desativado: defina SMTP_URL (ex.: smtp://usuario:senha@servidor:587) para receber os pedidos de orçamento por e-mail; os pedidos continuam salvos e aparecem no painel.",
    );
  } finally {
    await own.stop();
  }
});

// ---------------------------------------------------------------------------------------------
// Bad requests over HTTP: a 4xx with a pt-BR message, never a 500

test.describe("bad requests", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const formHeaders = { "Content-Type": "application/x-www-form-urlencoded" };

  test("missing fields and a malformed e-mail get 400 with the messages", async ({ request }) => {
    const missing = await request.post("/contato", { headers: formHeaders, data: form({ message: "oi" }) });
    expect(missing.status()).toBe(400);
    const html = await missing.text();
    for (const text of ["Informe seu nome.", "Informe seu e-mail.", "Informe seu telefone."])
      expect(html).toContain(text);

    const malformed = await request.post("/contato", {
      headers: formHeaders,
      data: form({ name: "Ana", email: "ana@@exemplo", phone: "41 99999-8888" }),
    });
    expect(malformed.status()).toBe(400);
    expect(await malformed.text()).toContain("Informe um e-mail válido, como nome@exemplo.com.br.");
  });

  test("a 1 MB message, or one over the form's 64 KB, gets 413 with a message", async ({ request }) => {
    const fields = { name: "Ana", email: "ana@exemplo.com.br", phone: "41 99999-8888" };
    // The HTTP layer refuses anything over 256 KB before the route runs…
    const huge = await request.post("/contato", {
      headers: formHeaders,
      data: form({ ...fields, message: "x".repeat(1024 * 1024) }),
    });
    expect(huge.status()).toBe(413);
    expect(await huge.text()).toMatch(/grande demais/);
    // …and the form's own limit answers with the page and its message.
    const big = await request.post("/contato", {
      headers: formHeaders,
      data: form({ ...fields, message: "x".repeat(100 * 1024) }),
    });
    expect(big.status()).toBe(413);
    expect(await big.text()).toContain("O pedido ficou grande demais para ser enviado.");
  });

  test("unusual Unicode is kept or refused with a message, never a 500", async ({ request }) => {
    const response = await request.post("/contato", {
      headers: formHeaders,
      data: form({
        name: "\u200B\u202E\u0000",
        email: "ana@exemplo.com.br",
        phone: "41 99999-8888",
        message: "👷🏽‍♀️ \uD800",
      }),
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Informe seu nome.");
  });

  test("a wrong content type gets 415 with a message", async ({ request }) => {
    for (const [type, data] of [
      ["application/json", JSON.stringify({ name: "Ana" })],
      ["text/plain", "name=Ana"],
    ] as const) {
      const response = await request.post("/contato", { headers: { "Content-Type": type }, data });
      expect(response.status(), type).toBe(415);
      expect(await response.text()).toContain("Formato de envio não suportado.");
    }
  });

  test("a post from another site gets 403 with a message", async ({ request }) => {
    const response = await request.post("/contato", {
      headers: { ...formHeaders, Origin: "https://golpe.example" },
      data: form({ name: "Ana", email: "ana@exemplo.com.br", phone: "41 99999-8888" }),
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain("Requisição recusada: origem não permitida.");
  });
});

// ---------------------------------------------------------------------------------------------
// Privacy

test.describe("privacy policy", () => {
  // Static pages and their links: markup.
  test.skip(e2eOnPostgres, SAME_ON_BOTH_ENGINES);
  test("is linked from the footer and from the form, and says what, why, how long and how to delete", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Política de Privacidade" }).click();
    await expect(page).toHaveURL("/politica-de-privacidade");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Política de Privacidade");
    for (const heading of [
      "Quem é responsável pelos seus dados",
      "Quais dados coletamos",
      "Para que usamos",
      "Por quanto tempo guardamos",
      "Seus direitos e como pedir a exclusão",
    ]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    const main = page.getByRole("main");
    await expect(main).toContainText("Alvorada Engenharia e Manutenção Predial Ltda.");
    await expect(main).toContainText("apagados automaticamente 24 meses após o envio");
    await expect(main).toContainText("Informe o e-mail ou o telefone que você usou no formulário");
    await expect(main).toContainText("apagamos tudo de uma vez");
    await expect(
      main.getByRole("link", { name: "contato@alvoradaengenharia.com.br" }).first(),
    ).toHaveAttribute("href", /^mailto:contato@alvoradaengenharia\.com\.br/);

    await page.goto("/contato");
    const form = page.locator("#quote-form");
    await expect(form).toContainText("guardamos por até 24 meses");
    await form.getByRole("link", { name: "Política de Privacidade" }).click();
    await expect(page).toHaveURL("/politica-de-privacidade");
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`passes axe in ${colorScheme} mode`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto("/politica-de-privacidade");
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
});

test("the contact page ships no framework JavaScript", async ({ page }) => {
  // What the page loads: markup.
  test.skip(e2eOnPostgres, SAME_ON_BOTH_ENGINES);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/contato");
  expect(scripts).toEqual([]);
  await expect(page.locator("script[src], link[rel=modulepreload]")).toHaveCount(0);
});
