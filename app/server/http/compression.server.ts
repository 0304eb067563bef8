import type { MiddlewareHandler } from "hono";
import { compressBody, compressNow } from "../platform/compress-body.server";
import { renderedHtmlOf, responseBytes, responseHasBody } from "../platform/rendered-body.server";
import { replaceResponse } from "../platform/replace-response.server";
import { preferredEncoding } from "../render-cache/content-encoding.server";

const COMPRESSIBLE =
  /^(text\/|image\/svg\+xml|application\/(json|javascript|xml|rss\+xml|atom\+xml|manifest\+json|ld\+json))/i;
/** Below this, compression saves less than it costs. */
const MIN_BYTES = 1024;

/**
 * Brotli or gzip for text answers that are not already compressed (the render cache sends its
 * own, compressed once at its best settings). Our answers are whole documents of a few dozen KB,
 * so each is compressed in one call at fast settings, on the event loop (`compressNow`), cheaper
 * in time and memory than a compression stream per response or a trip to the thread pool.
 * Brotli comes first, at quality 1: for these answers the compressor was the largest single
 * cost, and Brotli 1 takes about a third of gzip 4's time
 * (docs/decisions/0066-per-answer-compression-brotli-1.md).
 */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    if (c.req.method === "HEAD" || !responseHasBody(response) || response.headers.has("content-encoding"))
      return;
    if (!COMPRESSIBLE.test(response.headers.get("content-type") ?? "")) return;
    if (/\bno-transform\b/i.test(response.headers.get("cache-control") ?? "")) return;
    const encoding = preferredEncoding(c.req.header("accept-encoding"), { br: true, gzip: true });
    const headers = new Headers(response.headers);
    if (!/accept-encoding/i.test(headers.get("vary") ?? "")) headers.append("Vary", "Accept-Encoding");
    const sent = await encodedBody(response, encoding);
    if (sent.encoded) headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(sent.bytes.length));
    replaceResponse(
      c,
      // No statusText: reading it would turn a rendered page's string into a stream.
      new Response(sent.bytes as Uint8Array<ArrayBuffer>, { status: response.status, headers }),
    );
  };
}

/** The answer's body in `encoding`, or as it is when small or when the client takes no other. */
async function encodedBody(
  response: Response,
  encoding: "br" | "gzip" | "identity",
): Promise<{ bytes: Buffer; encoded: boolean }> {
  if (encoding !== "identity") {
    // A rendered page is compressed from its string or bytes, without a Buffer of its own.
    const html = renderedHtmlOf(response);
    const now = html !== undefined && html.length >= MIN_BYTES ? compressNow(html, encoding) : undefined;
    if (now) return { bytes: now, encoded: true };
  }
  const body = await responseBytes(response);
  if (encoding === "identity" || body.length < MIN_BYTES) return { bytes: body, encoded: false };
  return {
    bytes: compressNow(body, encoding) ?? (await compressBody(body, encoding, "fast")),
    encoded: true,
  };
}
