import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, spawnServer, startServer } from "../../harness/server";
import { serverStartCommand } from "../../harness/start-command";

// A render-cache hit is sent from Node's own request (app/server/http/stored-page-answer.server.ts),
// a miss by the app. A visitor must not be able to tell them apart, and counting visits must not
// change a byte: the same body and headers for the same request, whichever answered it, on a
// server counting views and on one that does not. Needs the production build.

const ORIGIN = "https://www.exemplo-condominio.com.br";
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** GET or HEAD with node:http, which leaves the body as sent (fetch would decode it). */
function rawRequest(url: string, method: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const { origin, pathname, search } = new URL(url);
    // The path exactly as given ("//x/y" stays so; a URL would read it as a host).
    const given = url.slice(origin.length) || `${pathname}${search}`;
    const request = http.request(origin, { method, headers, path: given }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: Object.fromEntries(
            Object.entries(response.headers).map(([name, value]) => [name, String(value)]),
          ),
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

/** What differs by design between two answers: the date, the request id, the policy's nonce. */
function comparable(answer: RawAnswer): RawAnswer {
  const { date: _date, "x-request-id": requestId, ...headers } = answer.headers;
  expect(requestId).toMatch(/^[\w.:-]{8,128}$/);
  const policy = headers["content-security-policy"] ?? "";
  expect(policy).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
  headers["content-security-policy"] = policy.replace(/'nonce-[^']+'/, "'nonce-'");
  return { ...answer, headers };
}

/** A SQLite site of its own (the bytes of a hit do not depend on the engine). */
function sqliteSite(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), `site-${prefix}-`));
  return {
    env: { DATA_DIR: dir, DATABASE_URL: "", DATABASE_SCHEMA: "" },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

const variants: Array<{ name: string; method: string; headers: Record<string, string> }> = [
  { name: "Brotli", method: "GET", headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } },
  { name: "gzip", method: "GET", headers: { "Accept-Encoding": "gzip" } },
  { name: "no compression", method: "GET", headers: {} },
  { name: "HEAD", method: "HEAD", headers: { "Accept-Encoding": "br" } },
  { name: "through our proxy, over HTTPS", method: "GET", headers: { "X-Forwarded-Proto": "https" } },
];

describe("a cached page, sent by the app or from Node's request", () => {
  const counting = sqliteSite("stored-counted");
  const notCounting = sqliteSite("stored-uncounted");
  let counted: RunningServer;
  let uncounted: RunningServer;

  beforeAll(async () => {
    const env = { PUBLIC_URL: ORIGIN, SMTP_URL: "", TRUST_PROXY: "127.0.0.1,::1" };
    const start = serverStartCommand();
    [counted, uncounted] = await Promise.all([
      startServer({ ...counting.env, ...env }),
      spawnServer(["scripts/bench-uncounted-server.js"], {
        NODE_ENV: "production",
        ...start.env,
        ...notCounting.env,
        ...env,
      }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([counted?.stop(), uncounted?.stop()]);
    await Promise.all([counting.drop(), notCounting.drop()]);
  });

  for (const page of ["/", "/blog/rss.xml", "/obras"]) {
    it(`${page}: the first answer (rendered) and the next (stored) carry the same bytes, counted or not`, async () => {
      for (const { name, method, headers } of variants) {
        const asked = { "User-Agent": CHROME, ...headers };
        const answers: RawAnswer[] = [];
        for (const server of [counted, uncounted]) {
          // Each variant on a page the server has not stored yet: after a change, the first
          // request renders it. A query the cache ignores gives a fresh entry only once, so
          // the variants run against the page as stored by the first GET of each server.
          for (let i = 0; i < 2; i++) answers.push(await rawRequest(`${server.url}${page}`, method, asked));
        }
        const [first, ...rest] = answers.map(comparable);
        const states = answers.map((answer) => answer.headers["x-render-cache"]);
        expect(states.filter((state) => state === "hit").length, name).toBeGreaterThanOrEqual(2);
        for (const other of rest) {
          expect({ ...other.headers, "x-render-cache": "" }, `${page} ${name}`).toEqual({
            ...first?.headers,
            "x-render-cache": "",
          });
          expect(other.status, name).toBe(first?.status);
          expect(other.body.equals(first?.body ?? Buffer.alloc(0)), `${page} ${name}: body`).toBe(true);
        }
        if (method === "HEAD") expect(first?.body.length, name).toBe(0);
      }
    });
  }

  it("a miss and a hit both send the security headers, HSTS and the upgrade for a request our proxy says came over HTTPS", async () => {
    const answer = await rawRequest(`${counted.url}/politica-de-privacidade`, "GET", {
      "User-Agent": CHROME,
      "X-Forwarded-Proto": "https",
    });
    const again = await rawRequest(`${counted.url}/politica-de-privacidade`, "GET", {
      "User-Agent": CHROME,
      "X-Forwarded-Proto": "https",
    });
    expect([answer, again].map((sent) => sent.headers["x-render-cache"])).toEqual(["miss", "hit"]);
    for (const sent of [answer, again]) {
      expect(sent.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(sent.headers["x-frame-options"]).toBe("DENY");
      expect(sent.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
    }
  });

  it("a visitor who has the page gets 304 from the stored page, with its validator", async () => {
    const first = await rawRequest(`${counted.url}/servicos`, "GET", { "User-Agent": CHROME });
    const etag = first.headers.etag ?? "";
    expect(etag).toMatch(/^W\/"/);
    const again = await rawRequest(`${counted.url}/servicos`, "GET", {
      "User-Agent": CHROME,
      "If-None-Match": etag,
    });
    expect(again.status).toBe(304);
    expect(again.headers["x-render-cache"]).toBe("hit");
    expect(again.headers.etag).toBe(etag);
    expect(again.body.length).toBe(0);
  });

  it("an unsigned session cookie still gets the stored page, and a stored page with slots goes to the app", async () => {
    await rawRequest(`${counted.url}/servicos`, "GET", { "User-Agent": CHROME });
    const forged = await rawRequest(`${counted.url}/servicos`, "GET", {
      "User-Agent": CHROME,
      Cookie: "__Host-sid=nao-assinado",
    });
    // A made-up cookie cannot make the site render for everyone (docs/decisions/0045).
    expect(forged.headers["x-render-cache"]).toBe("hit");
    // The quote form's token is new in every answer: the app fills it in, never the store.
    const tokens = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const contact = await rawRequest(`${counted.url}/contato`, "GET", { "User-Agent": CHROME });
      expect(contact.headers["cache-control"]).toBe("no-cache");
      tokens.add(contact.body.toString("utf8").match(/name="form_token" value="([^"]+)"/)?.[1] ?? "");
    }
    expect(tokens.size).toBe(2);
  });

  it('an address the app must judge ("//", a backslash) never gets a stored page by another name', async () => {
    await rawRequest(`${counted.url}/servicos`, "GET", { "User-Agent": CHROME });
    for (const odd of ["//outro.exemplo/servicos", "/servicos\\", "//servicos"]) {
      const answer = await rawRequest(`${counted.url}${odd}`, "GET", { "User-Agent": CHROME });
      expect(answer.headers["x-render-cache"], odd).not.toBe("hit");
    }
  });
});
