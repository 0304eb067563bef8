import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { METRICS_REFUSED_MESSAGE, metricsAnswer } from "~/server/http/metrics-endpoint.server";
import { type RunningServer, startServer } from "../../harness/server";
import { validQuote } from "../support/quote-requests";
import { ownDatabase } from "../support/test-database";

// /metrics and the health checks of the production server: what a Prometheus server, a load
// balancer and a service manager see. Needs the production build (npm run build).

const TOKEN = "token-de-metricas-para-o-teste-0123456789";
const ORIGIN = "https://www.exemplo-condominio.com.br";

/** One sample's value in Prometheus text: `name{labels} value`; 0 when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return 0;
}

describe("who may read /metrics", () => {
  const request = (headers: Record<string, string> = {}) => new Request("http://site/metrics", { headers });

  it("answers a client on this machine that came straight in", async () => {
    for (const peer of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      expect((await metricsAnswer(request(), peer, undefined)).status, peer).toBe(200);
    }
  });

  it("refuses another machine, and anything through a proxy, without the token", async () => {
    for (const peer of ["192.0.2.10", "2001:db8::5", "10.0.0.1", undefined]) {
      const answer = await metricsAnswer(request(), peer, TOKEN);
      expect(answer.status, String(peer)).toBe(403);
      expect(await answer.text()).toBe(METRICS_REFUSED_MESSAGE);
    }
    // A proxy on this machine forwards a visitor from anywhere.
    const proxied = await metricsAnswer(request({ "X-Forwarded-For": "198.51.100.7" }), "127.0.0.1", TOKEN);
    expect(proxied.status).toBe(403);
  });

  it("answers anyone with the bearer token, and no one with a wrong one", async () => {
    const right = await metricsAnswer(request({ Authorization: `Bearer ${TOKEN}` }), "192.0.2.10", TOKEN);
    expect(right.status).toBe(200);
    expect(right.headers.get("content-type")).toContain("text/plain");
    const wrong = await metricsAnswer(request({ Authorization: `Bearer ${TOKEN}x` }), "192.0.2.10", TOKEN);
    expect(wrong.status).toBe(403);
    // No token configured: a bearer header opens nothing.
    const unset = await metricsAnswer(request({ Authorization: "Bearer " }), "192.0.2.10", undefined);
    expect(unset.status).toBe(403);
  });
});

describe("the production server's metrics and health checks", () => {
  let server: RunningServer;
  const database = ownDatabase("metrics");

  beforeAll(async () => {
    server = await startServer({
      ...database.env,
      PUBLIC_URL: ORIGIN,
      METRICS_TOKEN: TOKEN,
      QUOTE_MIN_FILL_SECONDS: "0",
      SMTP_URL: "",
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await database.drop();
  });

  const metrics = async (headers: Record<string, string> = {}) => {
    const answer = await fetch(`${server.url}/metrics`, { headers });
    return { status: answer.status, text: await answer.text() };
  };

  it("refuses the proxied client, answers this machine and the token", async () => {
    const proxied = await metrics({ "X-Forwarded-For": "198.51.100.7" });
    expect(proxied).toEqual({ status: 403, text: METRICS_REFUSED_MESSAGE });
    expect((await metrics()).status).toBe(200);
    expect(
      (await metrics({ "X-Forwarded-For": "198.51.100.7", Authorization: `Bearer ${TOKEN}` })).status,
    ).toBe(200);
  });

  it("counts answers by route and status, the render cache, sign-in failures and the outbox", async () => {
    const before = (await metrics()).text;
    const blog = { route: "routes/blog", method: "GET", status: "200" };
    const article = { route: "routes/blog-post", method: "GET", status: "404" };

    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/blog`)).status).toBe(200);
    // Unknown articles share one label, whatever their address.
    await fetch(`${server.url}/blog/nao-existe-1`, { redirect: "manual" });
    await fetch(`${server.url}/blog/nao-existe-2`, { redirect: "manual" });
    const signIn = await fetch(`${server.url}/auth`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "ninguem@exemplo.com.br", password: "senha-errada-123" }),
    });
    expect(signIn.status).toBe(401);
    const page = await (await fetch(`${server.url}/contato`)).text();
    const formToken = /name="form_token" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const quote = await fetch(`${server.url}/contato`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...validQuote, form_token: formToken }),
    });
    expect(quote.status).toBe(200);

    const after = (await metrics()).text;
    expect(sample(after, "http_requests_total", blog) - sample(before, "http_requests_total", blog)).toBe(3);
    expect(
      sample(after, "http_request_duration_seconds_count", { route: "routes/blog", method: "GET" }),
    ).toBe(sample(after, "http_requests_total", blog));
    const articleStatus = sample(after, "http_requests_total", { route: "routes/blog-post", method: "GET" });
    expect(articleStatus + sample(after, "http_requests_total", article)).toBeGreaterThanOrEqual(2);
    expect(after).not.toContain("nao-existe");
    const hits = (text: string) => sample(text, "render_cache_requests_total", { result: "hit" });
    expect(hits(after) - hits(before)).toBeGreaterThanOrEqual(2);
    const failures = (text: string) => sample(text, "sign_in_failures_total", { reason: "credentials" });
    expect(failures(after) - failures(before)).toBe(1);
    // SMTP is off: the quote's e-mail waits in the outbox.
    expect(sample(after, "outbox_pending_messages")).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^outbox_oldest_pending_age_seconds \d/m);
    expect(after).toMatch(/^process_resident_memory_bytes \d/m);
  });

  it("says the process lives (/healthz) and the instance is ready (/readyz)", async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok", database: "ok" });
  });
});
