import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlibConstants } from "node:zlib";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * How hard to compress: `fast` for an answer compressed on every request (Brotli 1: a 30 KB page
 * in about a third of gzip 4's time, for about 1 KB more; gzip 4 for the clients without Brotli),
 * `best` for a page compressed once and served many times from the render cache.
 */
export type CompressionEffort = "fast" | "best";

const BROTLI_QUALITY: Record<CompressionEffort, number> = { fast: 1, best: 9 };
const GZIP_LEVEL: Record<CompressionEffort, number> = { fast: 4, best: 9 };

/** The Brotli window that fits the body: same output for a page, a fraction of 4 MB of memory. */
function brotliParams(length: number, effort: CompressionEffort) {
  return {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
      [zlibConstants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(16, Math.ceil(Math.log2(length + 1)))),
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: length,
    },
  };
}

/**
 * A whole body compressed in one call on libuv's thread pool, so the event loop goes on
 * meanwhile: for the render cache's `best` compression, and bodies too big for `compressTextNow`.
 */
export function compressBody(
  body: Buffer,
  encoding: "br" | "gzip",
  effort: CompressionEffort,
): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(body, { level: GZIP_LEVEL[effort] });
  return brotliAsync(body, brotliParams(body.length, effort));
}

/**
 * Up to this many bytes, `compressNow` compresses on the event loop (a 60 KB page takes about
 * half a millisecond at `fast`); bigger bodies go to the thread pool (`compressBody`).
 */
export const COMPRESS_NOW_MAX_BYTES = 256 * 1024;

/** Where a page's UTF-8 bytes are written for the compressor, reused by every call. */
let scratch: Buffer | undefined;

/**
 * A body compressed at `fast` settings right now, on the event loop, or undefined when it is
 * bigger than COMPRESS_NOW_MAX_BYTES. Measured under load (decision 0012): on the thread pool,
 * each waiting answer keeps its page alive past the young generation's collections and each pool
 * thread keeps compressor memory in a malloc arena of its own, together about 150 MB more RSS
 * than compressing now, for no more pages per second on two cores. A rendered page's string is
 * written into one reused buffer rather than a new one per answer.
 */
export function compressNow(body: string | Buffer, encoding: "br" | "gzip"): Buffer | undefined {
  let bytes: Buffer;
  if (typeof body === "string") {
    // UTF-8 takes at most 3 bytes per UTF-16 unit: a cheap bound before measuring exactly.
    if (body.length * 3 > COMPRESS_NOW_MAX_BYTES && Buffer.byteLength(body) > COMPRESS_NOW_MAX_BYTES) {
      return undefined;
    }
    scratch ??= Buffer.allocUnsafeSlow(COMPRESS_NOW_MAX_BYTES);
    bytes = scratch.subarray(0, scratch.write(body));
  } else {
    if (body.length > COMPRESS_NOW_MAX_BYTES) return undefined;
    bytes = body;
  }
  return encoding === "gzip"
    ? gzipSync(bytes, { level: GZIP_LEVEL.fast })
    : brotliCompressSync(bytes, brotliParams(bytes.length, "fast"));
}
