import { boundedMemo } from "~/lib/bounded-memo";
import { PUBLIC_CACHE_CONTROL } from "./cache-policy.server";
import { type ContentCoding, preferredEncoding } from "./content-encoding.server";
import type { CachedPage } from "./page-store.server";

// A stored page without slots as it goes out, whoever sends it: the app's render-cache step
// (a miss, or a hit when no Node server is in front) and the Node-level answer of a hit
// (http/stored-page-answer.server.ts). One definition, so both send the same bytes.

/** Which of a stored page's bodies a request gets, and whether it already has this version. */
export interface StoredPageChoice {
  encoding: ContentCoding;
  notModified: boolean;
}

/** The body sent for an encoding (undefined: the page has none in it, never for a page without slots). */
export function storedBody(page: CachedPage, encoding: ContentCoding): Buffer | undefined {
  return encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
}

/** Accept-Encoding values repeat (a few browsers): their verdict is remembered. */
const encodingOf = boundedMemo((key) => {
  const available = { br: key[0] === "1", gzip: key[1] === "1" };
  return preferredEncoding(key.length > 2 ? key.slice(2) : undefined, available);
}, 500);

/** Every choice there is, made once (a hit allocates none). */
export const STORED_CHOICES: readonly StoredPageChoice[] = [
  { encoding: "br", notModified: false },
  { encoding: "gzip", notModified: false },
  { encoding: "identity", notModified: false },
  { encoding: "identity", notModified: true },
];
const [BROTLI, GZIP, IDENTITY, NOT_MODIFIED] = STORED_CHOICES as [
  StoredPageChoice,
  StoredPageChoice,
  StoredPageChoice,
  StoredPageChoice,
];

/** The choice for a request's If-None-Match and Accept-Encoding headers. */
export function chooseStoredBody(
  page: CachedPage,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): StoredPageChoice {
  if (page.etag && ifNoneMatch && matchesEtag(ifNoneMatch, page.etag)) return NOT_MODIFIED;
  const available = page.br ? (page.gzip ? "11" : "10") : page.gzip ? "01" : "00";
  const encoding = encodingOf(acceptEncoding ? available + acceptEncoding : available);
  return encoding === "br" ? BROTLI : encoding === "gzip" ? GZIP : IDENTITY;
}

/** The page's own headers for that choice, in the order they are sent. */
export function storedPageHeaders(
  page: CachedPage,
  state: "hit" | "miss",
  { encoding, notModified }: StoredPageChoice,
): Record<string, string> {
  const cacheHeaders: Record<string, string> = {
    Vary: "Accept-Encoding",
    "X-Render-Cache": state,
    "Cache-Control": PUBLIC_CACHE_CONTROL,
  };
  if (page.etag) cacheHeaders.ETag = page.etag;
  if (notModified) return cacheHeaders;
  const headers: Record<string, string> = { "Content-Type": page.contentType, ...cacheHeaders };
  if (encoding !== "identity") headers["Content-Encoding"] = encoding;
  headers["Content-Length"] = String(storedBody(page, encoding)?.length ?? 0);
  return headers;
}

/** If-None-Match compares weakly: a list of tags or "*". */
function matchesEtag(header: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}
