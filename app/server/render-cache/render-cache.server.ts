import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { mayBeSignedIn, mayBeSignedInWith } from "../accounts/sessions.server";
import type { Configuration } from "../config/configuration.server";
import type { ContentChangeFeed, ContentChanges } from "../db/content-changes.server";
import { compressBody } from "../platform/compress-body.server";
import { logEvent } from "../platform/log.server";
import {
  renderedHtmlOf,
  renderedPageResponse,
  renderedTextOf,
  responseBytes,
} from "../platform/rendered-body.server";
import { replaceResponse } from "../platform/replace-response.server";
import {
  type CacheablePage,
  cacheablePage,
  PER_RESPONSE_CACHE_CONTROL,
  RENDER_SLOTS_HEADER,
  RENDER_TAGS_HEADER,
  SITE_TAG,
} from "./cache-policy.server";
import { type CachedPage, PageStore } from "./page-store.server";
import { fillSlots, parseSlotNames, type SlotName } from "./render-slots.server";
import { chooseStoredBody, storedBody, storedPageHeaders } from "./stored-page-parts.server";

export interface RenderCacheVariables {
  /** Set for a public page that is (or may become) shared by every visitor: render it without
   *  the request's nonce, and allow our constant inline scripts by hash. */
  sharedRender: boolean;
}

export interface RenderCache {
  middleware: MiddlewareHandler<{ Variables: RenderCacheVariables }>;
  /**
   * The stored page for a GET or HEAD without a session, by its cache key (`cacheablePage`),
   * when there is one and it needs no per-response value: the HTTP layer sends its bytes at
   * Node's level, without making a Request or running the app (http/stored-page-answer.server.ts).
   */
  storedPage: (
    method: string | undefined,
    key: string,
    cookieHeader: string | undefined,
  ) => CachedPage | undefined;
  /**
   * Wait until content changes committed so far have purged the cache and the memoised
   * settings (after admin writes).
   */
  settle: () => Promise<void>;
  stop: () => Promise<void>;
}

/** RENDER_CACHE=off renders every page (debugging, benchmarks); RENDER_CACHE_MB bounds memory. */
export type RenderCacheSettings = Configuration["renderCache"];

const MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Public pages rendered once and served to every visitor until the content they show changes
 * (docs/decisions/0010). Never used for a visitor with a session, for anything but GET/HEAD,
 * or while changes could go unnoticed.
 */
export function startRenderCache(changes: ContentChanges, settings: RenderCacheSettings): RenderCache {
  const store = new PageStore({ maxBytes: settings.maxBytes, maxAgeMs: MAX_AGE_MS });
  const inflight = new Map<string, Promise<CachedPage | undefined>>();
  const feed: ContentChangeFeed | undefined = settings.enabled ? changes : undefined;
  const unsubscribe = settings.enabled
    ? changes.subscribe((change) => {
        // The company facts are on every page (header, footer, JSON-LD).
        if (change === "everything" || change.tags.includes(SITE_TAG)) store.clear();
        else store.purge(change.tags);
      })
    : () => {};

  /** The cache entry this request may share, when it may share one at all. */
  const sharable = (request: Request): CacheablePage | undefined => {
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    const page = cacheablePage(new URL(request.url));
    if (!page || !feed || mayBeSignedIn(request) || !feed.isCurrent()) return undefined;
    return page;
  };

  const storedPage: RenderCache["storedPage"] = (method, key, cookieHeader) => {
    if (method !== "GET" && method !== "HEAD") return undefined;
    if (!feed?.isCurrent() || mayBeSignedInWith(cookieHeader)) return undefined;
    const hit = store.get(key);
    return hit && !hit.slots.length ? hit : undefined;
  };

  const middleware: RenderCache["middleware"] = async (c, next) => {
    const method = c.req.method;
    const page = sharable(c.req.raw);
    if (!page) {
      await next();
      await finishUncached(c);
      return;
    }

    c.set("sharedRender", true);
    const hit = store.get(page.key);
    if (hit) return sendCached(c, hit, "hit");
    if (method === "HEAD") {
      await next();
      await finishUncached(c);
      return;
    }

    // Many visitors asking for a page nobody has rendered yet (a cold start, a purge under
    // load) share one render instead of each rendering and compressing it.
    const pending = inflight.get(page.key);
    if (pending) {
      const shared = await pending;
      if (shared) return sendCached(c, shared, "hit");
      await next();
      await finishUncached(c);
      return;
    }
    let release: (page: CachedPage | undefined) => void = () => {};
    inflight.set(page.key, new Promise((resolve) => (release = resolve)));
    let rendered: CachedPage | undefined;
    try {
      const generation = store.generation;
      await next();
      rendered = await cacheableRender(c, page.tags);
      // Content changed while rendering: this page may show the old version, so it is neither
      // kept nor handed to visitors who arrived after the change.
      if (rendered && !store.set(page.key, rendered, generation) && generation !== store.generation) {
        release(undefined);
        return sendCached(c, rendered, "miss");
      }
    } finally {
      inflight.delete(page.key);
      release(rendered);
    }
    if (!rendered) {
      await finishUncached(c);
      return;
    }
    return sendCached(c, rendered, "miss");
  };

  return {
    middleware,
    storedPage,
    // Also without the cache: the memoised content (company settings, public reads) follows the same feed.
    settle: async () => {
      try {
        await changes.settle();
      } catch (error) {
        logEvent("error", "render cache settle failed", { error });
        store.clear();
      }
    },
    stop: async () => {
      unsubscribe();
      store.clear();
    },
  };
}

/** The rendered response as a page to share, or undefined when it must not be shared. */
async function cacheableRender(c: Context, baseTags: readonly string[]): Promise<CachedPage | undefined> {
  const response = c.res;
  const contentType = response.headers.get("content-type");
  if (response.status !== 200 || !contentType || response.headers.has("set-cookie")) return undefined;
  const identity = await responseBytes(response);
  const slots = parseSlotNames(response.headers.get(RENDER_SLOTS_HEADER));
  const routeTags = (response.headers.get(RENDER_TAGS_HEADER) ?? "").split(" ").filter(Boolean);
  const [gzipped, brotli] = slots.length ? [undefined, undefined] : await compressed(identity);
  return {
    status: 200,
    contentType,
    etag: slots.length ? undefined : `W/"${createHash("sha1").update(identity).digest("base64url")}"`,
    tags: [...baseTags, ...routeTags],
    slots,
    identity,
    gzip: gzipped,
    br: brotli,
    storedAt: Date.now(),
  };
}

/** Compressed once per render, at high settings. */
function compressed(identity: Buffer): Promise<[Buffer, Buffer]> {
  return Promise.all([compressBody(identity, "gzip", "best"), compressBody(identity, "br", "best")]);
}

/** Answer from a cached page, in the context of the app. */
async function sendCached(c: Context, page: CachedPage, state: "hit" | "miss"): Promise<Response> {
  if (!page.slots.length) return replaceResponse(c, cachedAnswer(page, state, c.req.raw));
  // The body changes in every response: no validator, and the outer compression handles it.
  const headers = new Headers({
    "Content-Type": page.contentType,
    Vary: "Accept-Encoding",
    "X-Render-Cache": state,
    "Cache-Control": PER_RESPONSE_CACHE_CONTROL,
  });
  if (c.req.method === "HEAD")
    return replaceResponse(c, new Response(null, { status: page.status, headers }));
  const body = await fillSlots(page.identity.toString("utf8"), page.slots, c.req.raw);
  return replaceResponse(c, renderedPageResponse(body, { status: page.status, headers }));
}

/**
 * A page without slots as sent: the encoding the client prefers, 304 when it has this version.
 * Its headers are a plain object, which the Node adapter writes as they are (a Headers object
 * would validate each name and value again and be copied back into an object).
 */
function cachedAnswer(page: CachedPage, state: "hit" | "miss", request: Request): Response {
  const choice = chooseStoredBody(
    page,
    request.headers.get("if-none-match") ?? undefined,
    request.headers.get("accept-encoding") ?? undefined,
  );
  const headers = storedPageHeaders(page, state, choice);
  if (choice.notModified) return new Response(null, { status: 304, headers });
  const body = storedBody(page, choice.encoding);
  // The stored buffer itself: no copy per response (the Node adapter writes it as is).
  const bytes = request.method === "HEAD" || !body ? null : (body as Uint8Array<ArrayBuffer>);
  return new Response(bytes, { status: page.status, headers });
}

/** A response that is not shared: fill its per-response slots; never leak internal headers. */
async function finishUncached(c: Context): Promise<void> {
  const response = c.res;
  const slots = parseSlotNames(response.headers.get(RENDER_SLOTS_HEADER));
  if (!response.headers.has(RENDER_TAGS_HEADER) && !slots.length) return;
  const headers = new Headers(response.headers);
  headers.delete(RENDER_TAGS_HEADER);
  headers.delete(RENDER_SLOTS_HEADER);
  headers.delete("Content-Length");
  const init = { status: response.status, headers };
  // Only slots need the page as text; without them it goes on as the renderer left it.
  const html = slots.length ? await filledPage(response, slots, c.req.raw) : renderedHtmlOf(response);
  replaceResponse(
    c,
    html === undefined ? new Response(response.body, init) : renderedPageResponse(html, init),
  );
}

/** The page with its per-response slots filled, or undefined when it has no body. */
async function filledPage(
  response: Response,
  slots: readonly SlotName[],
  request: Request,
): Promise<string | undefined> {
  const html = renderedTextOf(response) ?? (response.body ? await response.text() : undefined);
  return html === undefined ? undefined : fillSlots(html, slots, request);
}
