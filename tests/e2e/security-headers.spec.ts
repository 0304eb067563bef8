import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { database, startDatabase, stopDatabase } from "~/server/db/database.server";
import { storeImage } from "~/server/media/media-store.server";
import { startServer } from "../../harness/server";
import {
  E2E_ADMIN,
  PLAIN_HTTP_SESSION_COOKIE,
  SESSION_COOKIE,
  sessionSetCookie,
  signedUnknownSessionToken,
} from "../support/admin-auth";
import { e2eDatabaseEnv } from "../support/e2e-env";

let mediaUrl = "";

test.beforeAll(async () => {
  await startDatabase(e2eDatabaseEnv);
  const png = await sharp({ create: { width: 500, height: 300, channels: 3, background: "#1e3a8a" } })
    .png()
    .toBuffer();
  mediaUrl = (await storeImage(png, { source: "upload", uploadedBy: null, name: "cabecalhos.png" })).url;
});

test.afterAll(async () => {
  await stopDatabase();
});

function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(csp, what).not.toContain("unsafe-inline' 'nonce"); // no unsafe-inline for scripts
  expect(csp.match(/script-src[^;]*/)?.[0], what).not.toMatch(/unsafe-(inline|eval)/);
  for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"]) {
    expect(csp, what).toContain(directive);
  }
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], what).toContain("camera=()");
  expect(headers["cross-origin-opener-policy"], what).toBe("same-origin");
}

test("every kind of response carries the security headers", async ({ request }) => {
  const home = await request.get("/");
  const html = await home.text();
  const asset = html.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
  expect(asset).toBeTruthy();
  const cases: Array<[string, () => ReturnType<typeof request.get>, number]> = [
    ["page", () => request.get("/servicos"), 200],
    ["hashed asset", () => request.get(asset ?? ""), 200],
    ["public file", () => request.get("/illustrations/hero.svg"), 200],
    ["media", () => request.get(mediaUrl), 200],
    ["feed", () => request.get("/blog/rss.xml"), 200],
    ["sitemap", () => request.get("/sitemap.xml"), 200],
    ["404", () => request.get("/nao-existe"), 404],
    ["redirect", () => request.get("/admin", { maxRedirects: 0 }), 302],
    ["error (refused mutation)", () => request.post("/admin", { maxRedirects: 0 }), 401],
    [
      "error (foreign origin)",
      () => request.post("/contato", { headers: { Origin: "https://evil.example" } }),
      403,
    ],
    ["health check", () => request.get("/healthz"), 200],
  ];
  for (const [what, send, status] of cases) {
    const response = await send();
    expect(response.status(), what).toBe(status);
    expectSecurityHeaders(response.headers(), what);
  }
});

/** The inline scripts of a page (not JSON-LD data): their attributes and code. */
function inlineScripts(html: string): Array<{ attributes: string; code: string }> {
  return [
    ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>([\s\S]*?)<\/script>/g),
  ].map(([, attributes = "", code = ""]) => ({ attributes, code }));
}

test("the script nonce is new on every request and authorises the inline scripts of a personal page", async ({
  request,
}) => {
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const response = await request.get("/auth");
    expect(response.headers()["x-render-cache"]).toBeUndefined();
    const nonce = response.headers()["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1] ?? "";
    expect(nonce).not.toBe("");
    nonces.add(nonce);
    const scripts = inlineScripts(await response.text());
    expect(scripts.length).toBeGreaterThan(0);
    for (const { attributes } of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  }
  expect(nonces.size).toBe(3);
});

test("a page shared through the render cache allows exactly its own constant inline scripts, by hash", async ({
  request,
}) => {
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const response = await request.get("/obras");
    const csp = response.headers()["content-security-policy"] ?? "";
    nonces.add(csp.match(/'nonce-([^']+)'/)?.[1] ?? "");
    const scripts = inlineScripts(await response.text());
    expect(scripts.length).toBeGreaterThan(0);
    for (const { attributes, code } of scripts) {
      // One visitor's nonce must not reach the next one through the cache.
      expect(attributes).not.toContain("nonce=");
      expect(csp).toContain(`'sha256-${createHash("sha256").update(code).digest("base64")}'`);
    }
  }
  expect(nonces.size).toBe(3);
});

test("pages work under the policy: no violation reported by the browser", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ["/", "/obras", "/blog", "/contato", "/blog/plano-de-manutencao-nbr-5674"]) {
    await page.goto(path);
  }
  await page.goto("/obras");
  const summary = page.locator("details[data-disclosure] summary").first();
  await summary.click();
  await expect(summary).toHaveAttribute("aria-expanded", "true");
  expect(violations).toEqual([]);
});

test("with an https PUBLIC_URL the session cookie is __Host-sid, Secure, and HSTS is sent, even on a plain-HTTP request", async ({
  request,
}) => {
  // The e2e server: PUBLIC_URL https://…, reached over plain HTTP as behind a TLS proxy that
  // nobody declared with TRUST_PROXY.
  const page = await request.get("/");
  expect(page.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  const response = await request.post("/auth", {
    form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const cookie = sessionSetCookie(response) ?? "";
  expect(cookie).toMatch(/^__Host-sid=[A-Za-z0-9_-]{40,}; /);
  const attributes = cookie.split("; ").slice(1);
  expect(attributes).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax", "Secure"]));
  expect(attributes.some((attribute) => /^Domain=/i.test(attribute))).toBe(false);
  expect(sessionSetCookie(response, PLAIN_HTTP_SESSION_COOKIE)).toBeUndefined();
  expect(response.headers()["strict-transport-security"]).toContain("max-age=");
});

test("with a plain-http PUBLIC_URL: cookie sid without Secure and no HSTS; behind a trusted HTTPS proxy both are back", async ({
  request,
}) => {
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-proxy-"));
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PUBLIC_URL: "http://localhost:3000",
    TRUST_PROXY: "1",
    ADMIN_EMAIL: "proxy@exemplo.com.br",
    ADMIN_PASSWORD: "senha-do-proxy-123",
  });
  const form = { email: "proxy@exemplo.com.br", password: "senha-do-proxy-123" };
  try {
    const plain = await request.post(`${server.url}/auth`, { form, maxRedirects: 0 });
    expect(plain.status()).toBe(302);
    const cookie = sessionSetCookie(plain, PLAIN_HTTP_SESSION_COOKIE) ?? "";
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{40,}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    expect(sessionSetCookie(plain, SESSION_COOKIE)).toBeUndefined();
    expect(plain.headers()["strict-transport-security"]).toBeUndefined();

    const host = new URL(server.url).host;
    const response = await request.post(`${server.url}/auth`, {
      headers: { "X-Forwarded-Proto": "https", Origin: `https://${host}` },
      form,
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/admin");
    expect(sessionSetCookie(response, PLAIN_HTTP_SESSION_COOKIE)).toMatch(/; Secure$/);
    expect(response.headers()["strict-transport-security"]).toContain("max-age=");
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("personal pages are never stored by caches", async ({ request }) => {
  for (const path of ["/auth", "/admin", "/AUTH", "/Admin"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }
  // A session cookie the site signed (a made-up one gets the public page, as anyone does:
  // docs/decisions/0045).
  const signedIn = await request.get("/blog", {
    headers: { Cookie: `${SESSION_COOKIE}=${await signedUnknownSessionToken(await database())}` },
  });
  expect(signedIn.headers()["cache-control"]).toBe("private, no-store");
});
