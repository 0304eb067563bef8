import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { type APIRequestContext, type APIResponse, expect, test } from "@playwright/test";
import sharp from "sharp";
import { FORM_TOKEN_FIELD, quoteFields } from "~/lib/quote";
import { GENERATE_MESSAGES } from "~/server/ai/image-generation.server";
import { UPLOAD_MESSAGES } from "~/server/media/media-messages.server";
import { SHARED_SERVER_MIN_FILL_MS } from "../../playwright.config";
import {
  adminUserId,
  E2E_ADMIN,
  insertSession,
  SESSION_COOKIE,
  signInOverHttp,
  startDedicatedServer,
} from "../support/admin-auth";
import { insertCategory, insertPost, openE2eDatabase } from "../support/db";
import { startFakeRunware } from "../support/fake-runware";

// Bad input over HTTP against the production server: every form and endpoint gets
// oversized and malformed bodies, wrong content types, invalid UTF-8, very long URLs, path
// traversal and unknown ids, and XSS payloads in every stored field. Each case states the exact
// answer: a 4xx with its pt-BR message, or the product's normal redirect or page where that is
// the right behaviour. A 5xx anywhere fails; the server must still be healthy afterwards.

// In file order, on one worker: the last test checks the server after the whole barrage, and a
// failed case does not skip the rest.
test.describe.configure({ mode: "default" });

const uid = () => randomUUID().slice(0, 8);
const KB = 1024;
const MB = 1024 * KB;

const MESSAGES = {
  notFoundPage: "Página não encontrada",
  imageNotFound: "Imagem não encontrada.",
  rawBadRequest: "Requisição inválida: o endereço ou os cabeçalhos não puderam ser lidos.",
  rawTooLarge: "Endereço ou cabeçalhos da requisição grandes demais.",
  bodyTooLargePublic: "O envio é grande demais (máximo de 256 KB).",
  bodyTooLargeAdmin: "O envio é grande demais (máximo de 2048 KB).",
  unreadableAdminForm: "Não foi possível ler o formulário.",
  unreadableSignIn: "Não foi possível ler o formulário. Tente novamente.",
  quoteUnsupported: "Formato de envio não suportado. Use o formulário desta página para enviar o pedido.",
  quoteUnreadable: "Não foi possível ler o formulário enviado. Preencha-o novamente e envie.",
  quoteTooLarge:
    "O pedido ficou grande demais para ser enviado. Encurte a mensagem (até 5.000 caracteres) e tente novamente.",
  blogCta: "Precisa de Ajuda com seu Condomínio?",
} as const;

/** What an XSS payload must never be served as: live markup. Each carries a marker to find it. */
function xssPayload(marker: string): string {
  return `<script>alert("${marker}")</script><img src=x onerror=alert("${marker}")>"'&amp;`;
}
/** The payload's text as HTML shows it, escaped. */
function escapedPayloadStart(marker: string): string {
  return `&lt;script&gt;alert(&quot;${marker}&quot;)&lt;/script&gt;`;
}
function expectNoLiveMarkup(body: string, marker: string, where: string) {
  expect(body, `${where}: live <script>`).not.toContain(`<script>alert("${marker}")`);
  expect(body, `${where}: live <img onerror>`).not.toMatch(
    new RegExp(`<img[^>]*onerror=[^>]*${marker}`, "i"),
  );
}

// ---- Shared state ---------------------------------------------------------------------------

let handle: Awaited<ReturnType<typeof openE2eDatabase>>;
let adminId = "";
/** The admin's session on the shared e2e server (signed in through /auth once). */
let adminCookie = "";
/** A quote form token, old enough to pass the minimum fill time once `tokenReadyAt` passed. */
let formToken = "";
let tokenReadyAt = 0;
let baseURL = "";
const fixture = { categoryId: "", categorySlug: "", postId: "" };

test.beforeAll(async ({ playwright }, testInfo) => {
  baseURL = String(testInfo.project.use.baseURL);
  handle = await openE2eDatabase();
  adminId = await adminUserId(handle.db);
  const api = await playwright.request.newContext({ baseURL });
  try {
    adminCookie = `${SESSION_COOKIE}=${await signInOverHttp(api)}`;
    const contact = await (await api.get("/contato")).text();
    formToken = new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]+)"`).exec(contact)?.[1] ?? "";
    expect(formToken).not.toBe("");
    tokenReadyAt = Date.now() + SHARED_SERVER_MIN_FILL_MS;
  } finally {
    await api.dispose();
  }
  const id = uid();
  fixture.categorySlug = await insertCategory(handle.db, `Entrada Ruim ${id}`, `entrada-ruim-${id}`);
  fixture.categoryId = (
    await handle.db
      .selectFrom("categories")
      .select("id")
      .where("slug", "=", fixture.categorySlug)
      .executeTakeFirstOrThrow()
  ).id;
  const postSlug = await insertPost(handle.db, {
    title: `Post de entrada ruim ${id}`,
    categorySlug: fixture.categorySlug,
  });
  fixture.postId = (
    await handle.db
      .selectFrom("blog_posts")
      .select("id")
      .where("slug", "=", postSlug)
      .executeTakeFirstOrThrow()
  ).id;
});

test.afterAll(async () => {
  await handle.close();
});

// Every test leaves the server answering.
test.afterEach(async ({ request }) => {
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
});

async function readyFormToken(): Promise<string> {
  const wait = tokenReadyAt - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return formToken;
}

// ---- Checking answers -----------------------------------------------------------------------

interface Expected {
  status: number;
  /** Text the body must contain (the pt-BR message, or a landmark of the normal page). */
  text?: string;
  /** For redirects: the target path (with query, if any). */
  location?: string;
}

async function expectAnswer(response: APIResponse, expected: Expected, label: string): Promise<string> {
  const body = await response.text();
  const status = response.status();
  expect(status, `${label}: no 5xx (${body.slice(0, 300)})`).toBeLessThan(500);
  expect(status, `${label}: ${body.slice(0, 300)}`).toBe(expected.status);
  if (expected.text) expect(body, label).toContain(expected.text);
  if (expected.location !== undefined) {
    const target = new URL(response.headers().location ?? "", "http://site.test");
    expect(`${target.pathname}${target.search}`, label).toBe(expected.location);
  }
  return body;
}

const json = (response: APIResponse) => response.json() as Promise<Record<string, unknown>>;

/**
 * One request written byte for byte on a socket: paths the URL parser would normalise
 * (`/../`) and bytes it would percent-encode (raw 0xFF) reach the server as they are.
 */
function rawRequest(requestLine: Buffer): Promise<{ status: number; head: string; body: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const head = split >= 0 ? text.slice(0, split) : text;
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        head,
        body: split >= 0 ? text.slice(split + 4) : "",
      });
    });
    // Written, not ended: a client that half-closes after its request races Node, which on
    // that end of input abandons an answer not yet written. "Connection: close" makes the
    // server close once it has answered.
    socket.write(
      Buffer.concat([
        Buffer.from("GET "),
        requestLine,
        Buffer.from(` HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`),
      ]),
    );
  });
}
const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(
    parts.map((part) => (typeof part === "string" ? Buffer.from(part, "latin1") : Buffer.from(part))),
  );

/** A multipart body whose last part never ends (the upload was cut off). */
function truncatedMultipart(field: string, content: Buffer | string): { data: Buffer; contentType: string } {
  const boundary = `----corte${uid()}`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    data: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from(content),
    ]),
  };
}

/** Bodies that are not the form an endpoint expects, and what each is. */
function wrongBodies(): Array<{ label: string; headers: Record<string, string>; data: string | Buffer }> {
  const truncated = truncatedMultipart("title", "sem fim");
  return [
    { label: "JSON", headers: { "Content-Type": "application/json" }, data: '{"intent":"save","id":"x"}' },
    { label: "text/plain", headers: { "Content-Type": "text/plain" }, data: "intent=delete&id=x" },
    {
      label: "application/octet-stream",
      headers: { "Content-Type": "application/octet-stream" },
      data: Buffer.from("intent=delete&id=x"),
    },
    {
      label: "multipart without boundary",
      headers: { "Content-Type": "multipart/form-data" },
      data: "intent=delete",
    },
    {
      label: "malformed multipart",
      headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
      data: "isto não é multipart",
    },
    {
      label: "truncated multipart",
      headers: { "Content-Type": truncated.contentType },
      data: truncated.data,
    },
  ];
}

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

interface RequestFactory {
  request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> };
}

/**
 * An oversized body on a connection of its own. The server answers 413 before the body is all
 * sent; a client that reuses that connection for its next request can see that next request
 * reset, which would blame the wrong case.
 */
async function onOwnConnection<T>(
  playwright: RequestFactory,
  use: (api: APIRequestContext) => Promise<T>,
  base = baseURL,
): Promise<T> {
  const api = await playwright.request.newContext({ baseURL: base });
  try {
    return await use(api);
  } finally {
    await api.dispose();
  }
}

// ---- URLs -----------------------------------------------------------------------------------

test.describe("URLs", () => {
  test("invalid UTF-8, overlong sequences, NUL and hostile values in paths and queries", async ({
    request,
  }) => {
    const cases: Array<[string, Expected]> = [
      ["/%FF", { status: 404, text: MESSAGES.notFoundPage }],
      ["/%C0%AE%C0%AE/%C0%AF", { status: 404, text: MESSAGES.notFoundPage }],
      ["/servicos%00", { status: 404, text: MESSAGES.notFoundPage }],
      // An address that is no published post goes back to the list.
      ["/blog/%FF%FE", { status: 302, location: "/blog" }],
      ["/blog/%C0%AE%C0%AE%C0%AF", { status: 302, location: "/blog" }],
      ["/blog/a%00b", { status: 302, location: "/blog" }],
      ["/blog/nao-existe-este-artigo", { status: 302, location: "/blog" }],
      ["/blog/%3Cscript%3Ealert(1)%3C%2Fscript%3E", { status: 302, location: "/blog" }],
      // Bad filter values fall back to the full list; an unknown category goes back to it.
      ["/blog?categoria=%FF&mostrar=%FF", { status: 200, text: MESSAGES.blogCta }],
      ["/blog?categoria=%C0%AE&mostrar=-1", { status: 200, text: MESSAGES.blogCta }],
      ["/blog?categoria=a%00&mostrar=1e309", { status: 200, text: MESSAGES.blogCta }],
      ["/blog?mostrar=99999999999999999999999", { status: 200, text: MESSAGES.blogCta }],
      ["/blog?categoria=%3Cscript%3E", { status: 200, text: MESSAGES.blogCta }],
      ["/blog?categoria=nao-existe", { status: 302, location: "/blog" }],
      ["/blog?categoria=a&categoria=b&mostrar=4&mostrar=8", { status: 302, location: "/blog" }],
      ["/contato?%FF=%FF", { status: 200, text: "Solicitar Orçamento" }],
      ["/sitemap.xml?%FF=%C0%AE", { status: 200, text: "<urlset" }],
      ["/blog/rss.xml?x=%FF%00", { status: 200, text: "<rss" }],
    ];
    for (const [path, expected] of cases) {
      await expectAnswer(await request.get(path, { maxRedirects: 0 }), expected, path);
    }
  });

  test("media: path traversal, encoded traversal, unknown hash and wrong file names get 404", async ({
    request,
  }) => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const upload = await request.post("/admin/api/upload", {
      headers: { Cookie: adminCookie, Origin: baseURL },
      multipart: { file: { name: "a.png", mimeType: "image/png", buffer: png } },
    });
    expect(upload.status()).toBe(201);
    const stored = String((await json(upload)).url);
    const [, , hash = ""] = stored.split("/");
    expect((await request.get(stored)).status()).toBe(200);

    const notFound = { status: 404, text: MESSAGES.imageNotFound };
    for (const path of [
      "/media/%2e%2e%2f%2e%2e%2fetc/passwd",
      "/media/..%2f..%2fetc/passwd",
      `/media/${hash}/..%2f..%2f..%2fpackage.json`,
      `/media/${hash}/%2e%2e%2f%2e%2e%2fpackage.json`,
      "/media/00000000000000000000000000000000/64x48.webp",
      `/media/${hash}/800x600.webp`,
      `/media/${hash}/64x48.png`,
      `/media/${hash}/64x48.webp.js`,
      `/media/${hash.toUpperCase()}/64x48.webp`,
      `/media/${hash}/%FF.webp`,
      "/media/%FF%FE/%C0%AE%C0%AE",
      `/media/${hash}/64x48.webp%00.png`,
      `/media/${"a".repeat(10 * KB)}/64.webp`,
    ]) {
      const body = await expectAnswer(await request.get(path), notFound, path);
      expect(body).not.toContain("root:");
    }
    // A GET on the collection itself is no image either.
    await expectAnswer(
      await request.get(`/media/${hash}`),
      { status: 404, text: MESSAGES.notFoundPage },
      "/media/<hash>",
    );
  });

  test("raw request lines: un-normalised '..' never escapes, invalid bytes get 400 with a message", async () => {
    for (const path of [
      "/media/../../etc/passwd",
      "/media/../../../../../../etc/passwd",
      "/assets/../../package.json",
      "/assets/..%2f..%2fpackage.json",
      "/%2e%2e/%2e%2e/package.json",
      "/illustrations/../../../server.js",
    ]) {
      const answer = await rawRequest(Buffer.from(path));
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain("root:");
      expect(answer.body, path).not.toContain('"name": "alvorada-site"');
      expect(answer.body, path).not.toContain("serveSite");
    }
    for (const [label, line] of [
      ["raw 0xFF", bytes("/blog/", [0xff, 0xfe])],
      ["overlong '.'", bytes("/media/", [0xc0, 0xae, 0xc0, 0xae], "/x")],
      ["raw NUL", bytes("/blog", [0x00])],
    ] as const) {
      const answer = await rawRequest(line);
      expect(answer.status, label).toBe(400);
      expect(answer.body, label).toContain(MESSAGES.rawBadRequest);
    }
  });

  test("very long URLs: 10 KB paths and queries are served normally, 100 KB ones get 431 with a message", async ({
    request,
  }) => {
    const tenKb = "a".repeat(10 * KB);
    const hundredKb = "a".repeat(100 * KB);
    const cases: Array<[string, Expected]> = [
      [`/${tenKb}`, { status: 404, text: MESSAGES.notFoundPage }],
      [`/blog/${tenKb}`, { status: 302, location: "/blog" }],
      [
        `/blog?categoria=${tenKb.slice(5 * KB)}&mostrar=${tenKb.slice(5 * KB)}`,
        { status: 200, text: MESSAGES.blogCta },
      ],
      // Node reads at most 16 KB of request line and headers.
      [`/blog?categoria=${tenKb}&mostrar=${tenKb}`, { status: 431, text: MESSAGES.rawTooLarge }],
      [`/contato?x=${tenKb}`, { status: 200, text: "Solicitar Orçamento" }],
      [`/sitemap.xml?x=${tenKb}`, { status: 200, text: "<urlset" }],
      [`/${hundredKb}`, { status: 431, text: MESSAGES.rawTooLarge }],
      [`/blog?x=${hundredKb}`, { status: 431, text: MESSAGES.rawTooLarge }],
      [`/media/${hundredKb}/1.webp`, { status: 431, text: MESSAGES.rawTooLarge }],
    ];
    for (const [path, expected] of cases) {
      await expectAnswer(await request.get(path, { maxRedirects: 0 }), expected, path.slice(0, 40));
    }
    // Signed in, the admin's own addresses and query parameters: an unknown parameter is
    // ignored, a filter that names no status is refused with the reason.
    const headers = { Cookie: adminCookie };
    const adminCases: Array<[string, Expected]> = [
      ["/admin/posts/novo?x=%C0%AE", { status: 200 }],
      ["/admin/solicitacoes?status=%FF%00", { status: 400, text: "Etapa de solicitação inválida." }],
      [`/admin/solicitacoes?status=${tenKb}`, { status: 400, text: "Etapa de solicitação inválida." }],
      ["/admin/auditoria?acao=%FF%00", { status: 400, text: "Tipo de ação inválido." }],
      ["/admin/auditoria?usuario=%27%20OR%201%3D1", { status: 400, text: "Usuário inválido." }],
      ["/admin/auditoria?de=2026-02-31", { status: 400, text: "A data inicial é inválida" }],
      [
        "/admin/auditoria?de=2026-03-05&ate=2026-03-01",
        { status: 400, text: "A data inicial deve ser igual ou anterior à data final." },
      ],
      ["/admin/auditoria.csv?acao=tudo", { status: 400, text: "Tipo de ação inválido." }],
      ["/admin/auditoria?pagina=%FF&x=%00", { status: 200, text: "Auditoria" }],
    ];
    for (const [path, expected] of adminCases) {
      await expectAnswer(await request.get(path, { headers, maxRedirects: 0 }), expected, path.slice(0, 40));
    }
    for (const path of [`/admin/posts/${tenKb}`, "/admin/posts/%FF%00", `/admin/posts/${randomUUID()}`]) {
      await expectAnswer(
        await request.get(path, { headers, maxRedirects: 0 }),
        { status: 404, text: "Post não encontrado; ele pode ter sido removido." },
        path.slice(0, 40),
      );
    }
    // The export takes the list's filters: one that names no status is refused, not ignored.
    const csv = await request.get("/admin/solicitacoes.csv?status=%FF%00", { headers });
    await expectAnswer(csv, { status: 400, text: "Etapa de solicitação inválida." }, "csv with a bad status");
    const allCsv = await request.get("/admin/solicitacoes.csv?x=%FF%00", { headers });
    await expectAnswer(allCsv, { status: 200, text: "Nome" }, "csv with an unknown parameter");
    expect(allCsv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  });
});

// ---- The quote form (POST /contato) ---------------------------------------------------------

test.describe("quote form (POST /contato)", () => {
  const quote = (overrides: Record<string, string> = {}) => ({
    name: "Carla Mendes",
    email: `carla.${uid()}@exemplo.com.br`,
    phone: "(41) 98765-4321",
    condominium: "Edifício Jardim",
    service: "",
    message: "Fachada com manchas.",
    ...overrides,
  });

  test("oversized bodies get 413 with a message, and nothing is stored", async ({ request, playwright }) => {
    const email = `grande.${uid()}@exemplo.com.br`;
    const token = await readyFormToken();
    const big = (size: number) =>
      new URLSearchParams({
        ...quote({ email }),
        message: "x".repeat(size),
        [FORM_TOKEN_FIELD]: token,
      }).toString();
    // Over the route's 64 KB: the page with the form and its message.
    await expectAnswer(
      await request.post("/contato", { headers: FORM, data: big(100 * KB) }),
      { status: 413, text: MESSAGES.quoteTooLarge },
      "100 KB",
    );
    // Over the server's 256 KB for public forms: refused before the route runs.
    await onOwnConnection(playwright, async (api) =>
      expectAnswer(
        await api.post("/contato", { headers: FORM, data: big(1 * MB) }),
        { status: 413, text: MESSAGES.bodyTooLargePublic },
        "1 MB",
      ),
    );
    expect(await handle.db.selectFrom("leads").select("id").where("email", "=", email).execute()).toEqual([]);
  });

  test("wrong content types get 415, unreadable multipart 400, each with a message", async ({ request }) => {
    const token = await readyFormToken();
    const email = `formato.${uid()}@exemplo.com.br`;
    for (const [label, headers, data] of [
      [
        "JSON",
        { "Content-Type": "application/json" },
        JSON.stringify({ ...quote({ email }), form_token: token }),
      ],
      ["text/plain", { "Content-Type": "text/plain" }, `name=Carla&email=${email}`],
      ["XML", { "Content-Type": "application/xml" }, "<quote/>"],
      [
        "application/octet-stream",
        { "Content-Type": "application/octet-stream" },
        `name=Carla&email=${email}`,
      ],
    ] as const) {
      await expectAnswer(
        await request.post("/contato", { headers, data }),
        { status: 415, text: MESSAGES.quoteUnsupported },
        label,
      );
    }
    const truncated = truncatedMultipart("name", "Carla");
    for (const [label, headers, data] of [
      ["truncated multipart", { "Content-Type": truncated.contentType }, truncated.data],
      ["malformed multipart", { "Content-Type": "multipart/form-data; boundary=zzz" }, "nada aqui"],
      ["multipart without boundary", { "Content-Type": "multipart/form-data" }, "name=Carla"],
    ] as const) {
      await expectAnswer(
        await request.post("/contato", { headers, data }),
        { status: 400, text: MESSAGES.quoteUnreadable },
        label,
      );
    }
    expect(await handle.db.selectFrom("leads").select("id").where("email", "=", email).execute()).toEqual([]);
  });

  test("invalid UTF-8 in fields: a name without letters is refused, other text keeps U+FFFD", async ({
    request,
  }) => {
    const token = await readyFormToken();
    // Percent-encoded and raw invalid bytes; 0xC0 0xAE is an overlong '.'.
    const refused = await request.post("/contato", {
      headers: FORM,
      data: bytes(
        `name=%FF%FE%C0%AE&email=utf.${uid()}%40exemplo.com.br&phone=41999998888&${FORM_TOKEN_FIELD}=${token}`,
      ),
    });
    const page = await expectAnswer(
      refused,
      { status: 400, text: "Informe seu nome usando letras." },
      "name",
    );
    expect(page).toContain("Confira os campos destacados no formulário.");

    const email = `utf8.${uid()}@exemplo.com.br`;
    const accepted = await request.post("/contato", {
      headers: FORM,
      data: bytes(
        `name=Jos%C3%A9%FF&email=${encodeURIComponent(email)}&phone=41999998888&condominium=Edif`,
        [0xff, 0xc0, 0xae],
        `&message=texto%C0%AE%ED%A0%80fim&${FORM_TOKEN_FIELD}=${token}`,
      ),
    });
    await expectAnswer(accepted, { status: 200, text: "Mensagem enviada com sucesso!" }, "accepted");
    const [lead] = await handle.db.selectFrom("leads").selectAll().where("email", "=", email).execute();
    expect(lead?.name).toBe("José\uFFFD");
    expect(lead?.condominium).toBe("Edif\uFFFD\uFFFD\uFFFD");
    expect(lead?.message).toMatch(/^texto\uFFFD+fim$/);
  });

  test("XSS in every field is stored as text and shown escaped: the form, the inbox and the CSV", async ({
    request,
  }) => {
    const token = await readyFormToken();
    const marker = `xss-lead-${uid()}`;
    const payload = xssPayload(marker);
    const email = `${marker}@exemplo.com.br`;
    const fields = {
      name: `Ana ${payload}`,
      email,
      phone: `41 99999-0000 ${payload}`.slice(0, 40),
      // A spreadsheet formula, too: the CSV must keep it text.
      condominium: `=HYPERLINK("http://evil.example") ${payload}`,
      message: `</textarea>${payload}\n=HYPERLINK("http://evil.example")`,
    };

    // Refused (an e-mail with HTML): the page shows every value again, escaped.
    const refused = await request.post("/contato", {
      form: { ...fields, email: `<script>@${marker}`, [FORM_TOKEN_FIELD]: token },
    });
    const form = await expectAnswer(refused, { status: 400, text: "Informe um e-mail válido" }, "refused");
    expectNoLiveMarkup(form, marker, "/contato (refused)");
    expect(form).toContain(escapedPayloadStart(marker));
    expect(form).not.toContain(`</textarea><script>`);

    // The phone check wants digits; the payload has them. Everything else is free text.
    const sent = await request.post("/contato", { form: { ...fields, [FORM_TOKEN_FIELD]: token } });
    await expectAnswer(sent, { status: 200, text: "Mensagem enviada com sucesso!" }, "sent");
    const [lead] = await handle.db.selectFrom("leads").selectAll().where("email", "=", email).execute();
    expect(lead).toMatchObject({ name: fields.name, condominium: fields.condominium, phone: fields.phone });

    // The admin's note on it, with a payload of its own.
    const noteMarker = `xss-note-${uid()}`;
    const note = `</textarea>${xssPayload(noteMarker)}`;
    const update = await request.post("/admin/solicitacoes", {
      headers: { Cookie: adminCookie, Origin: baseURL },
      form: { intent: "update", id: lead?.id ?? "", status: "em_contato", note },
      maxRedirects: 0,
    });
    await expectAnswer(update, { status: 302, location: "/admin/solicitacoes" }, "note saved");

    const inbox = await expectAnswer(
      await request.get("/admin/solicitacoes", { headers: { Cookie: adminCookie } }),
      { status: 200 },
      "inbox",
    );
    for (const m of [marker, noteMarker]) {
      expectNoLiveMarkup(inbox, m, "inbox");
      expect(inbox).toContain(escapedPayloadStart(m));
    }
    expect(inbox).not.toContain("</textarea><script>");

    const csvResponse = await request.get("/admin/solicitacoes.csv", { headers: { Cookie: adminCookie } });
    const csv = await expectAnswer(csvResponse, { status: 200 }, "csv");
    expect(csvResponse.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csvResponse.headers()["content-disposition"]).toMatch(/^attachment;/);
    // Quotes doubled inside a quoted cell; a line starting like a formula is text.
    const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
    expect(csv).toContain(quoted(fields.name));
    expect(csv).toContain(quoted(`'${fields.condominium}`));
    expect(csv).toContain(quoted(fields.message));
    expect(csv).toContain(quoted(note));
  });
});

// ---- Admin forms on the shared server -------------------------------------------------------

test.describe("admin forms", () => {
  // The admin's own page: its session cookie and, as on every browser POST, its Origin.
  const headers = () => ({ Cookie: adminCookie, Origin: baseURL });

  test("every admin form refuses bodies that are not a form, and NUL bytes, with 400 and a message", async ({
    request,
  }) => {
    for (const path of [
      "/admin",
      "/admin/posts/novo",
      `/admin/posts/${fixture.postId}`,
      "/admin/categorias",
      "/admin/solicitacoes",
      "/admin/titulares",
    ]) {
      for (const wrong of wrongBodies()) {
        const response = await request.post(path, {
          headers: { ...headers(), ...wrong.headers },
          data: wrong.data,
          maxRedirects: 0,
        });
        await expectAnswer(
          response,
          { status: 400, text: MESSAGES.unreadableAdminForm },
          `${path} ${wrong.label}`,
        );
      }
      // React Router's data requests answer the same, as data.
      const data = await request.post(`${path}.data`, {
        headers: { ...headers(), "Content-Type": "application/json" },
        data: "{}",
        maxRedirects: 0,
      });
      await expectAnswer(data, { status: 400, text: MESSAGES.unreadableAdminForm }, `${path}.data JSON`);
    }
    // NUL cannot be stored by PostgreSQL: refused before any query.
    const nul: Array<[string, Record<string, string>]> = [
      [
        "/admin/posts/novo",
        { title: "T\u0000", categoryId: fixture.categoryId, excerpt: "e", content: "<p>c</p>" },
      ],
      [
        `/admin/posts/${fixture.postId}`,
        { title: "T", categoryId: fixture.categoryId, excerpt: "e\u0000", content: "<p>c</p>" },
      ],
      ["/admin", { intent: "delete", id: "\u0000" }],
      ["/admin/categorias", { intent: "create", name: "Categoria\u0000" }],
      ["/admin/categorias", { intent: "rename", id: "\u0000", name: "x" }],
      ["/admin/categorias", { intent: "delete", id: fixture.categoryId, "\u0000": "x" }],
      ["/admin/solicitacoes", { id: "\u0000", status: "novo", note: "n\u0000" }],
      [`/admin/solicitacoes/${randomUUID()}`, { intent: "delete", "\u0000": "x" }],
      ["/admin/titulares", { intent: "excluir", titular: "a\u0000@exemplo.com.br", confirmar: "sim" }],
    ];
    for (const [path, form] of nul) {
      await expectAnswer(
        await request.post(path, { headers: headers(), form, maxRedirects: 0 }),
        { status: 400, text: MESSAGES.unreadableAdminForm },
        `${path} NUL ${form.intent}`,
      );
    }
    const count = await handle.db
      .selectFrom("categories")
      .select("id")
      .where("id", "=", fixture.categoryId)
      .execute();
    expect(count).toHaveLength(1);
  });

  test("oversized admin bodies get 413 with a message", async ({ request, playwright }) => {
    const big = `title=t&content=${"x".repeat(3 * MB)}`;
    for (const path of [
      "/admin",
      "/admin/posts/novo",
      "/admin/categorias",
      "/admin/solicitacoes",
      "/admin/sair",
    ]) {
      await onOwnConnection(playwright, async (api) =>
        expectAnswer(
          await api.post(path, { headers: { ...headers(), ...FORM }, data: big, maxRedirects: 0 }),
          { status: 413, text: MESSAGES.bodyTooLargeAdmin },
          path,
        ),
      );
    }
    // Within the server's limit, over the field's: the form's own message.
    const long = await request.post("/admin/posts/novo", {
      headers: headers(),
      form: {
        title: "Conteúdo longo",
        categoryId: fixture.categoryId,
        excerpt: "Resumo.",
        content: `<p>${"x".repeat(400_001)}</p>`,
      },
      maxRedirects: 0,
    });
    await expectAnswer(long, { status: 400, text: "O conteúdo está grande demais." }, "content over 400 000");
  });

  test("posts: unknown ids, unknown categories and intents, invalid fields, each with its message", async ({
    request,
  }) => {
    const valid = {
      title: `Título ${uid()}`,
      categoryId: fixture.categoryId,
      excerpt: "Resumo.",
      content: "<p>Conteúdo.</p>",
      readTime: "5",
      status: "draft",
    };
    const NEW = "/admin/posts/novo";
    const cases: Array<[string, string, Record<string, string>, Expected]> = [
      [
        "delete unknown",
        "/admin",
        { intent: "delete", id: randomUUID() },
        { status: 404, text: "Post não encontrado" },
      ],
      ["delete without id", "/admin", { intent: "delete" }, { status: 404, text: "Post não encontrado" }],
      [
        "save unknown id",
        `/admin/posts/${randomUUID()}`,
        valid,
        { status: 404, text: "Post não encontrado" },
      ],
      ["save malformed id", "/admin/posts/nao-e-um-id", valid, { status: 404, text: "Post não encontrado" }],
      [
        "unknown category",
        NEW,
        { ...valid, categoryId: randomUUID() },
        { status: 400, text: "A categoria escolhida não existe mais." },
      ],
      ["unknown intent", "/admin", { intent: "explodir" }, { status: 400, text: "Ação desconhecida." }],
      ["no intent", "/admin", {}, { status: 400, text: "Ação desconhecida." }],
      ["empty title", NEW, { ...valid, title: "   " }, { status: 400, text: "Informe o título." }],
      [
        "title too long",
        NEW,
        { ...valid, title: "t".repeat(201) },
        { status: 400, text: "O título pode ter no máximo 200 caracteres." },
      ],
      [
        "content with no text",
        NEW,
        { ...valid, content: "<script>alert(1)</script>" },
        { status: 400, text: "Escreva o conteúdo do post." },
      ],
      [
        "javascript: image",
        NEW,
        { ...valid, featuredImageUrl: "javascript:alert(1)" },
        { status: 400, text: "Endereço de imagem inválido." },
      ],
      [
        "image URL breaking out of the attribute",
        NEW,
        { ...valid, featuredImageUrl: 'https://x.example/a.png" onerror="alert(1)' },
        { status: 400, text: "Endereço de imagem inválido." },
      ],
      [
        "protocol-relative image",
        NEW,
        { ...valid, featuredImageUrl: "//evil.example/a.png" },
        { status: 400, text: "Endereço de imagem inválido." },
      ],
    ];
    for (const [label, path, form, expected] of cases) {
      await expectAnswer(
        await request.post(path, { headers: headers(), form, maxRedirects: 0 }),
        expected,
        label,
      );
    }
    const created = await handle.db
      .selectFrom("blog_posts")
      .select("id")
      .where("title", "=", valid.title)
      .execute();
    expect(created).toEqual([]);
    expect(
      await handle.db.selectFrom("blog_posts").select("id").where("id", "=", fixture.postId).execute(),
    ).toHaveLength(1);
  });

  test("posts: invalid UTF-8 in fields (form and multipart) is saved with U+FFFD", async ({ request }) => {
    const id = uid();
    const save = await request.post("/admin/posts/novo", {
      headers: { ...headers(), ...FORM },
      data: bytes(
        `title=Utf8+${id}+%FF%C0%AE&categoryId=${fixture.categoryId}&excerpt=Resumo`,
        [0xff],
        "&content=%3Cp%3EConte%C3%BAdo%ED%A0%80%3C%2Fp%3E&status=draft&readTime=%FF",
      ),
      maxRedirects: 0,
    });
    await expectAnswer(save, { status: 302, location: "/admin" }, "urlencoded");
    const post = await handle.db
      .selectFrom("blog_posts")
      .selectAll()
      .where("title", "like", `Utf8 ${id}%`)
      .executeTakeFirstOrThrow();
    expect(post.title).toBe(`Utf8 ${id} \uFFFD\uFFFD\uFFFD`);
    expect(post.excerpt).toBe("Resumo\uFFFD");
    expect(post.read_time).toBe(5);
    expect(post.slug).toBe(`utf8-${id}`);

    const boundary = `----utf${id}`;
    const part = (name: string, value: Buffer | string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
        Buffer.from(value),
        Buffer.from("\r\n"),
      ]);
    const multipart = Buffer.concat([
      part("title", bytes(`Multipart ${id} `, [0xfe, 0xc0, 0xaf])),
      part("categoryId", fixture.categoryId),
      part("excerpt", "Resumo."),
      part("content", "<p>Texto.</p>"),
      part("baseVersion", String(post.version)),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const edit = await request.post(`/admin/posts/${post.id}`, {
      headers: { ...headers(), "Content-Type": `multipart/form-data; boundary=${boundary}` },
      data: multipart,
      maxRedirects: 0,
    });
    await expectAnswer(edit, { status: 302, location: "/admin" }, "multipart");
    const edited = await handle.db
      .selectFrom("blog_posts")
      .select("title")
      .where("id", "=", post.id)
      .executeTakeFirstOrThrow();
    expect(edited.title).toBe(`Multipart ${id} \uFFFD\uFFFD\uFFFD`);
  });

  test("categories: unknown ids, invalid names and intents, each with its message", async ({ request }) => {
    const cases: Array<[string, Record<string, string>, Expected]> = [
      [
        "rename unknown",
        { intent: "rename", id: randomUUID(), name: "Nova" },
        { status: 404, text: "Categoria não encontrada." },
      ],
      [
        "delete unknown",
        { intent: "delete", id: randomUUID() },
        { status: 404, text: "Categoria não encontrada." },
      ],
      ["delete without id", { intent: "delete" }, { status: 404, text: "Categoria não encontrada." }],
      [
        "delete in use",
        { intent: "delete", id: fixture.categoryId },
        { status: 409, text: "Não é possível excluir a categoria" },
      ],
      [
        "empty name",
        { intent: "create", name: "   " },
        { status: 400, text: "Informe o nome da categoria." },
      ],
      ["no name", { intent: "create" }, { status: 400, text: "Informe o nome da categoria." }],
      [
        "long name",
        { intent: "create", name: "c".repeat(81) },
        { status: 400, text: "O nome pode ter no máximo 80 caracteres." },
      ],
      ["unknown intent", { intent: "explodir", name: "Algo" }, { status: 400, text: "Ação desconhecida." }],
    ];
    for (const [label, form, expected] of cases) {
      await expectAnswer(
        await request.post("/admin/categorias", { headers: headers(), form, maxRedirects: 0 }),
        expected,
        label,
      );
    }
  });

  test("a file where a text field belongs is treated as an empty field, with the field's message", async ({
    request,
  }) => {
    const file = { name: "campo.txt", mimeType: "text/plain", buffer: Buffer.from("texto") };
    const cases: Array<[string, string, Record<string, string | typeof file>, Expected]> = [
      [
        "/admin/categorias",
        "category name",
        { intent: "create", name: file },
        { status: 400, text: "Informe o nome da categoria." },
      ],
      [
        "/admin/categorias",
        "category id",
        { intent: "rename", id: file, name: "Nova" },
        { status: 404, text: "Categoria não encontrada." },
      ],
      [
        "/admin/solicitacoes",
        "lead status",
        { intent: "update", id: randomUUID(), status: file },
        { status: 400, text: "Etapa inválida." },
      ],
      [
        "/admin/solicitacoes",
        "lead note",
        { intent: "update", id: randomUUID(), status: "novo", note: file },
        { status: 404, text: "Solicitação não encontrada." },
      ],
      [
        "/admin/posts/novo",
        "post title",
        { title: file, categoryId: fixture.categoryId, excerpt: "e", content: "<p>c</p>" },
        { status: 400, text: "Informe o título." },
      ],
      ["/admin", "post id", { intent: "delete", id: file }, { status: 404, text: "Post não encontrado" }],
    ];
    for (const [path, label, multipart, expected] of cases) {
      const body = await expectAnswer(
        await request.post(path, { headers: headers(), multipart, maxRedirects: 0 }),
        expected,
        label,
      );
      expect(body, label).not.toContain("Invalid input");
    }
  });

  test("quote inbox: unknown ids, invalid stages and notes, each with its message", async ({ request }) => {
    const inbox = "/admin/solicitacoes";
    const cases: Array<[string, string, Record<string, string>, Expected]> = [
      [
        "update unknown",
        inbox,
        { id: randomUUID(), status: "novo", note: "" },
        { status: 404, text: "Solicitação não encontrada." },
      ],
      // Deleting is on the request's own page.
      [
        "delete unknown",
        `${inbox}/${randomUUID()}`,
        { intent: "delete" },
        { status: 404, text: "Solicitação não encontrada." },
      ],
      [
        "invalid status",
        inbox,
        { id: randomUUID(), status: "<b>x</b>", note: "" },
        { status: 400, text: "Etapa inválida." },
      ],
      ["missing status", inbox, { id: randomUUID() }, { status: 400, text: "Etapa inválida." }],
      [
        "note too long",
        inbox,
        { id: randomUUID(), status: "novo", note: "n".repeat(5001) },
        { status: 400, text: "A nota pode ter no máximo 5.000 caracteres." },
      ],
    ];
    for (const [label, path, form, expected] of cases) {
      await expectAnswer(
        await request.post(path, { headers: headers(), form, maxRedirects: 0 }),
        expected,
        label,
      );
    }
  });

  test("image upload: fake images, wrong and broken bodies, oversized files, each with its message", async ({
    request,
    playwright,
  }) => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const pngHeaderOnly = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    );
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    for (const [label, file] of [
      ["a PDF named .png", { name: "foto.png", mimeType: "image/png", buffer: pdf }],
      [
        "text named .jpg",
        { name: "foto.jpg", mimeType: "image/jpeg", buffer: Buffer.from("não sou imagem\n") },
      ],
      [
        "a PNG signature and nothing else",
        { name: "foto.png", mimeType: "image/png", buffer: pngHeaderOnly },
      ],
      ["SVG with script", { name: "foto.svg", mimeType: "image/svg+xml", buffer: svg }],
      ["HTML named .webp", { name: "foto.webp", mimeType: "image/webp", buffer: html }],
    ] as const) {
      const response = await request.post("/admin/api/upload", { headers: headers(), multipart: { file } });
      await expectAnswer(response, { status: 415 }, label);
      expect(await json(response), label).toEqual({ error: UPLOAD_MESSAGES.notAnImage });
    }

    const truncated = truncatedMultipart("file", pngHeaderOnly);
    const bodies: Array<[string, Record<string, string>, string | Buffer, number, string]> = [
      ["JSON", { "Content-Type": "application/json" }, '{"file":"x"}', 400, UPLOAD_MESSAGES.notMultipart],
      ["text/plain", { "Content-Type": "text/plain" }, "file=x", 400, UPLOAD_MESSAGES.notMultipart],
      ["urlencoded", FORM, "file=x", 400, UPLOAD_MESSAGES.notMultipart],
      [
        "multipart without boundary",
        { "Content-Type": "multipart/form-data" },
        "x",
        400,
        UPLOAD_MESSAGES.notMultipart,
      ],
      [
        "truncated multipart",
        { "Content-Type": truncated.contentType },
        truncated.data,
        400,
        UPLOAD_MESSAGES.malformed,
      ],
      [
        "malformed multipart",
        { "Content-Type": "multipart/form-data; boundary=zzz" },
        "lixo",
        400,
        UPLOAD_MESSAGES.malformed,
      ],
    ];
    for (const [label, contentType, data, status, message] of bodies) {
      const response = await request.post("/admin/api/upload", {
        headers: { ...headers(), ...contentType },
        data,
      });
      await expectAnswer(response, { status }, label);
      expect(await json(response), label).toEqual({ error: message });
    }

    const textField = await request.post("/admin/api/upload", {
      headers: headers(),
      multipart: { file: "texto" },
    });
    await expectAnswer(textField, { status: 400 }, "a text field");
    expect(await json(textField)).toEqual({ error: UPLOAD_MESSAGES.missingFile });

    await onOwnConnection(playwright, async (api) => {
      const tooBig = await api.post("/admin/api/upload", {
        headers: headers(),
        multipart: { file: { name: "grande.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(25 * MB) } },
      });
      await expectAnswer(tooBig, { status: 413 }, "25 MB");
      expect(await json(tooBig)).toEqual({ error: UPLOAD_MESSAGES.tooLarge });
    });

    const get = await request.get("/admin/api/upload", { headers: headers() });
    await expectAnswer(get, { status: 405, text: "Método não permitido: envie com POST." }, "GET");
  });

  test("'Sair' with a body that is not a form still signs out (it reads no body)", async ({ request }) => {
    for (const wrong of wrongBodies()) {
      const token = await insertSession(handle.db, adminId);
      const response = await request.post("/admin/sair", {
        headers: { Cookie: `${SESSION_COOKIE}=${token}`, Origin: baseURL, ...wrong.headers },
        data: wrong.data,
        maxRedirects: 0,
      });
      await expectAnswer(response, { status: 302, location: "/" }, wrong.label);
    }
  });
});

// ---- XSS in stored blog fields --------------------------------------------------------------

test.describe("stored blog fields", () => {
  test("XSS in post title, excerpt, content and category name is escaped on every page and feed", async ({
    request,
  }) => {
    const headers = { Cookie: adminCookie, Origin: baseURL };
    const marker = `xss-blog-${uid()}`;
    const payload = xssPayload(marker);

    const category = await request.post("/admin/categorias", {
      headers,
      form: { intent: "create", name: `Cat ${payload}`.slice(0, 80) },
      maxRedirects: 0,
    });
    await expectAnswer(category, { status: 302, location: "/admin/categorias" }, "category");
    const categoryRow = await handle.db
      .selectFrom("categories")
      .select(["id", "slug", "name"])
      .where("name", "like", `Cat <script>alert("${marker}%`)
      .executeTakeFirstOrThrow();
    expect(categoryRow.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);

    const save = await request.post("/admin/posts/novo", {
      headers,
      form: {
        title: `Título ${payload}`,
        categoryId: categoryRow.id,
        excerpt: `Resumo ${payload}`,
        content: `<p>Texto ${marker}</p>${payload}<a href="javascript:alert('${marker}')">link</a><iframe src="https://evil.example"></iframe><p onclick="alert('${marker}')">clique</p><svg><script>alert("${marker}")</script></svg>`,
        readTime: "4",
        status: "published",
        featured: "on",
      },
      maxRedirects: 0,
    });
    await expectAnswer(save, { status: 302, location: "/admin" }, "post");
    const post = await handle.db
      .selectFrom("blog_posts")
      .select(["id", "slug", "content"])
      .where("category_id", "=", categoryRow.id)
      .executeTakeFirstOrThrow();
    // The slug comes from the title: only letters, digits and hyphens survive.
    expect(post.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(post.content).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/i);

    // A slug with markup written straight into the database (an import, an old version).
    const hostileSlug = `${marker}-"><script>alert("${marker}")</script>`;
    await insertPost(handle.db, {
      title: `Outro ${marker}`,
      slug: hostileSlug,
      categorySlug: categoryRow.slug,
    });

    const pages: Array<[string, Record<string, string>]> = [
      ["/blog", {}],
      [`/blog?categoria=${categoryRow.slug}`, {}],
      [`/blog/${post.slug}`, {}],
      ["/admin", headers],
      [`/admin/posts/${post.id}`, headers],
      ["/admin/categorias", headers],
    ];
    for (const [path, pageHeaders] of pages) {
      const body = await expectAnswer(
        await request.get(path, { headers: pageHeaders }),
        { status: 200 },
        path,
      );
      expectNoLiveMarkup(body, marker, path);
      expect(body, path).not.toContain(`"><script>`);
      expect(body, path).not.toMatch(/href="javascript:/i);
      expect(body, path).not.toMatch(/<iframe|onclick=/i);
    }
    const list = await (await request.get(`/blog?categoria=${categoryRow.slug}`)).text();
    expect(list).toContain(escapedPayloadStart(marker));
    const article = await (await request.get(`/blog/${post.slug}`)).text();
    expect(article).toContain(`Título ${escapedPayloadStart(marker)}`);
    expect(article).toContain(`Texto ${marker}`);

    for (const path of ["/blog/rss.xml", "/sitemap.xml"]) {
      const body = await expectAnswer(await request.get(path), { status: 200 }, path);
      expectNoLiveMarkup(body, marker, path);
      expect(body, path).not.toContain(`"><script>`);
    }
    const rss = await (await request.get("/blog/rss.xml")).text();
    expect(rss).toContain(`<title>Título &lt;script&gt;alert(&quot;${marker}&quot;)`);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`/blog/${post.slug}</loc>`);

    // The hostile slug's own address is no post address: back to the list.
    await expectAnswer(
      await request.get(`/blog/${encodeURIComponent(hostileSlug)}`, { maxRedirects: 0 }),
      { status: 302, location: "/blog" },
      "hostile slug",
    );
  });

  test("in a browser, no payload runs on the article, the list, the admin or the inbox", async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    const slug = await insertPost(handle.db, {
      title: `Navegador ${xssPayload("xss-browser")}`,
      excerpt: xssPayload("xss-browser-excerpt"),
      content: `<p>Texto</p>${xssPayload("xss-browser-content")}`,
      categorySlug: fixture.categorySlug,
    });
    const [name = "", value = ""] = adminCookie.split("=");
    // A __Host- cookie must be Secure (the browser keeps it for 127.0.0.1, a secure context).
    const domain = new URL(baseURL).hostname;
    await page.context().addCookies([{ name, value, domain, path: "/", secure: true, httpOnly: true }]);
    for (const path of [
      `/blog/${slug}`,
      `/blog?categoria=${fixture.categorySlug}`,
      "/admin",
      "/admin/solicitacoes",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await page.waitForLoadState("load");
    }
    await expect(page.getByRole("heading", { name: "Solicitações de Orçamento" })).toBeVisible();
    expect(dialogs).toEqual([]);
  });
});

// ---- A server of its own: sign-in failures and the AI provider ------------------------------

test("sign-in and AI image generation refuse bad input with 4xx and a message (a server of its own)", async ({
  playwright,
}) => {
  // Sign-in failures count towards the address's lockout, and AI generation needs a provider:
  // neither belongs on the shared server.
  test.setTimeout(120_000);
  const fake = await startFakeRunware();
  const site = await startDedicatedServer({ RUNWARE_API_KEY: fake.apiKey, RUNWARE_API_URL: fake.apiUrl });
  const api = await playwright.request.newContext({ baseURL: site.url });
  try {
    await test.step("sign-in (POST /auth)", async () => {
      for (const wrong of wrongBodies()) {
        const response = await api.post("/auth", {
          headers: wrong.headers,
          data: wrong.data,
          maxRedirects: 0,
        });
        await expectAnswer(
          response,
          { status: 400, text: MESSAGES.unreadableSignIn },
          `/auth ${wrong.label}`,
        );
      }
      const cases: Array<
        [
          string,
          { form?: Record<string, string>; data?: Buffer | string; headers?: Record<string, string> },
          Expected,
        ]
      > = [
        [
          "NUL",
          { form: { email: `${E2E_ADMIN.email}\u0000`, password: "x" } },
          { status: 400, text: MESSAGES.unreadableSignIn },
        ],
        [
          "empty",
          { form: { email: " ", password: "" } },
          { status: 400, text: "Informe o e-mail e a senha." },
        ],
        [
          "invalid UTF-8",
          { headers: FORM, data: bytes("email=%FF%C0%AE%40exemplo.com.br&password=", [0xff, 0xfe]) },
          { status: 401, text: "E-mail ou senha incorretos." },
        ],
        [
          "XSS",
          { form: { email: `"><script>alert("xss-auth")</script>`, password: "x" } },
          { status: 401, text: "E-mail ou senha incorretos." },
        ],
      ];
      for (const [label, options, expected] of cases) {
        const body = await expectAnswer(
          await api.post("/auth", { ...options, maxRedirects: 0 }),
          expected,
          `/auth ${label}`,
        );
        expectNoLiveMarkup(body, "xss-auth", `/auth ${label}`);
      }
      await onOwnConnection(
        playwright,
        async (own) =>
          expectAnswer(
            await own.post("/auth", { headers: FORM, data: `email=a&password=${"x".repeat(300 * KB)}` }),
            { status: 413, text: MESSAGES.bodyTooLargePublic },
            "/auth 300 KB",
          ),
        site.url,
      );
    });

    await test.step("AI image generation (POST /admin/api/generate-image)", async () => {
      const cookie = `${SESSION_COOKIE}=${await signInOverHttp(api, { baseUrl: site.url })}`;
      const send = (headers: Record<string, string>, data: string | Buffer) =>
        api.post("/admin/api/generate-image", {
          headers: { Cookie: cookie, Origin: site.url, ...headers },
          data,
        });
      const truncated = truncatedMultipart("prompt", "fachada");
      const cases: Array<[string, Record<string, string>, string | Buffer, number, string]> = [
        [
          "broken JSON",
          { "Content-Type": "application/json" },
          '{"prompt":',
          400,
          GENERATE_MESSAGES.badRequest,
        ],
        [
          "JSON that is not an object",
          { "Content-Type": "application/json" },
          '"fachada"',
          400,
          GENERATE_MESSAGES.badRequest,
        ],
        ["text/plain", { "Content-Type": "text/plain" }, "prompt=fachada", 400, GENERATE_MESSAGES.badRequest],
        [
          "octet-stream",
          { "Content-Type": "application/octet-stream" },
          "prompt=fachada",
          400,
          GENERATE_MESSAGES.badRequest,
        ],
        [
          "truncated multipart",
          { "Content-Type": truncated.contentType },
          truncated.data,
          400,
          GENERATE_MESSAGES.badRequest,
        ],
        [
          "empty prompt",
          { "Content-Type": "application/json" },
          '{"prompt":"   "}',
          400,
          GENERATE_MESSAGES.emptyPrompt,
        ],
        [
          "prompt of another type",
          { "Content-Type": "application/json" },
          '{"prompt":{"$gt":""}}',
          400,
          GENERATE_MESSAGES.emptyPrompt,
        ],
        ["1001 characters", FORM, `prompt=${"a".repeat(1001)}`, 400, GENERATE_MESSAGES.promptTooLong],
        ["100 KB body", FORM, `prompt=${"a".repeat(100 * KB)}`, 400, GENERATE_MESSAGES.promptTooLong],
      ];
      for (const [label, headers, data, status, message] of cases) {
        const response = await send(headers, data);
        await expectAnswer(response, { status }, label);
        expect(await json(response), label).toEqual({ error: message });
      }
      await onOwnConnection(
        playwright,
        async (own) => {
          const response = await own.post("/admin/api/generate-image", {
            headers: { Cookie: cookie, Origin: site.url, ...FORM },
            data: `prompt=${"a".repeat(3 * MB)}`,
          });
          await expectAnswer(response, { status: 413 }, "3 MB body");
          expect(await json(response)).toEqual({ error: MESSAGES.bodyTooLargeAdmin });
        },
        site.url,
      );
      // None of it reached the provider.
      expect(fake.tasks).toEqual([]);
    });

    const health = await api.get("/healthz");
    expect(health.status()).toBe(200);
  } finally {
    await api.dispose();
    await site.stop();
    await fake.stop();
  }
});

// ---- After the barrage ----------------------------------------------------------------------

test("after all of it the shared server is healthy and still serves pages and sign-in", async ({
  request,
}) => {
  expect(await (await request.get("/readyz")).json()).toEqual({ status: "ok", database: "ok" });
  for (const path of ["/", "/blog", "/contato", "/sitemap.xml", "/blog/rss.xml"]) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
  const admin = await request.get("/admin", { headers: { Cookie: adminCookie }, maxRedirects: 0 });
  expect(admin.status()).toBe(200);
  const contact = await (await request.get("/contato")).text();
  for (const field of quoteFields) expect(contact).toContain(`name="${field}"`);
});
