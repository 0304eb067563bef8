import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { COMPRESS_NOW_MAX_BYTES, compressNow } from "./compress-body.server";

const page = (words: number) =>
  `<!DOCTYPE html><html lang="pt-BR"><body>${"<p>Manutenção de fachada, impermeabilização ✓</p>".repeat(words)}</body></html>`;

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe("compressNow", () => {
  for (const encoding of ["br", "gzip"] as const) {
    it(`gives back the page's exact UTF-8 in ${encoding}`, () => {
      const html = page(300);
      const compressed = compressNow(html, encoding);
      expect(compressed).toBeDefined();
      expect(compressed?.length).toBeLessThan(Buffer.byteLength(html) / 4);
      expect(decode[encoding](compressed as Buffer).toString("utf8")).toBe(html);
    });
  }

  it("keeps each answer whole when the next page reuses the buffer", () => {
    const first = page(400);
    const second = "<p>outra</p>".repeat(50);
    const firstCompressed = compressNow(first, "br") as Buffer;
    const secondCompressed = compressNow(second, "br") as Buffer;
    expect(brotliDecompressSync(firstCompressed).toString("utf8")).toBe(first);
    expect(brotliDecompressSync(secondCompressed).toString("utf8")).toBe(second);
  });

  it("compresses multi-byte text up to the limit in bytes, not cut short", () => {
    // 2 bytes per "ç": more characters × 3 than the limit, fewer bytes than it.
    const text = "ç".repeat(Math.floor(COMPRESS_NOW_MAX_BYTES / 2) - 1);
    expect(text.length * 3).toBeGreaterThan(COMPRESS_NOW_MAX_BYTES);
    const compressed = compressNow(text, "gzip") as Buffer;
    expect(gunzipSync(compressed).toString("utf8")).toBe(text);
  });

  it("leaves bodies over the limit to the thread pool", () => {
    expect(compressNow("ç".repeat(COMPRESS_NOW_MAX_BYTES / 2 + 1), "br")).toBeUndefined();
    expect(compressNow(Buffer.alloc(COMPRESS_NOW_MAX_BYTES + 1, 97), "gzip")).toBeUndefined();
  });

  it("compresses a body given as bytes", () => {
    const bytes = Buffer.from(page(100));
    expect(brotliDecompressSync(compressNow(bytes, "br") as Buffer).equals(bytes)).toBe(true);
  });
});
