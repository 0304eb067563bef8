import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * How hard to compress: `fast` for an answer compressed on every request (Brotli 3, gzip 4:
 * about half the time of the defaults for a few percent in size), `best` for a page compressed
 * once and served many times from the render cache.
 */
export type CompressionEffort = "fast" | "best";

const BROTLI_QUALITY: Record<CompressionEffort, number> = { fast: 3, best: 9 };
const GZIP_LEVEL: Record<CompressionEffort, number> = { fast: 4, best: 9 };

/**
 * A whole body compressed in one call on libuv's thread pool, so the event loop goes on
 * rendering meanwhile. The Brotli window fits the body (same output for a page of a few dozen
 * KB, a fraction of the default 4 MB window's memory).
 */
export function compressBody(
  body: Buffer,
  encoding: "br" | "gzip",
  effort: CompressionEffort,
): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(body, { level: GZIP_LEVEL[effort] });
  return brotliAsync(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
      [zlibConstants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(16, Math.ceil(Math.log2(body.length + 1)))),
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
