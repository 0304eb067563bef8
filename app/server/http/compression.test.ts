import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { COMPRESS_NOW_MAX_BYTES } from "../platform/compress-body.server";
import { renderedPageResponse } from "../platform/rendered-body.server";
import { compressResponses } from "./compression.server";

const page = `<!DOCTYPE html><html lang="pt-BR"><body>${"<p>Restauração de fachadas em Curitiba.</p>".repeat(200)}</body></html>`;

const longPage = page.repeat(Math.ceil(COMPRESS_NOW_MAX_BYTES / page.length) + 1);

function site() {
  const app = new Hono();
  app.use(compressResponses());
  app.get("/", (c) => c.html(page));
  app.get("/pequena", (c) => c.html("<p>oi</p>"));
  // Pages as React leaves them: a string (renderToString) or the streaming renderer's bytes, one
  // of them past what is compressed on the event loop.
  app.get("/texto", () => renderedPageResponse(page, { headers: { "Content-Type": "text/html" } }));
  app.get("/bytes", () =>
    renderedPageResponse(Buffer.from(page), { headers: { "Content-Type": "text/html" } }),
  );
  app.get("/bytes-longos", () =>
    renderedPageResponse(Buffer.from(longPage), { headers: { "Content-Type": "text/html" } }),
  );
  app.get("/foto", (c) => c.body(new Uint8Array(4096).fill(7), 200, { "Content-Type": "image/jpeg" }));
  return app;
}

async function get(path: string, acceptEncoding?: string) {
  const headers: Record<string, string> = acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {};
  const response = await site().request(path, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("compressResponses", () => {
  it("sends a browser's page in Brotli, the same page once decoded, and says it varies", async () => {
    const { response, bytes } = await get("/", "gzip, deflate, br, zstd");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(Buffer.byteLength(page) / 4);
    expect(brotliDecompressSync(bytes).toString("utf8")).toBe(page);
  });

  it("sends gzip to a client without Brotli and the plain page to one without either", async () => {
    const gzip = await get("/", "gzip, deflate");
    expect(gzip.response.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(gzip.bytes).toString("utf8")).toBe(page);

    const plain = await get("/");
    expect(plain.response.headers.get("content-encoding")).toBeNull();
    expect(plain.bytes.toString("utf8")).toBe(page);
  });

  it("leaves small answers and images as they are", async () => {
    const small = await get("/pequena", "br");
    expect(small.response.headers.get("content-encoding")).toBeNull();
    expect(small.bytes.toString("utf8")).toBe("<p>oi</p>");

    const photo = await get("/foto", "br");
    expect(photo.response.headers.get("content-encoding")).toBeNull();
    expect(photo.bytes.length).toBe(4096);
  });

  it("sends a rendered page whole, from its string or its bytes, compressed or not", async () => {
    for (const [path, html] of [
      ["/texto", page],
      ["/bytes", page],
      ["/bytes-longos", longPage],
    ] as const) {
      const br = await get(path, "br");
      expect(br.response.headers.get("content-encoding")).toBe("br");
      expect(brotliDecompressSync(br.bytes).toString("utf8")).toBe(html);
      const gzip = await get(path, "gzip");
      expect(gunzipSync(gzip.bytes).toString("utf8")).toBe(html);
      const plain = await get(path);
      expect(plain.response.headers.get("content-encoding")).toBeNull();
      expect(Number(plain.response.headers.get("content-length"))).toBe(Buffer.byteLength(html));
      expect(plain.bytes.toString("utf8")).toBe(html);
    }
  });
});
