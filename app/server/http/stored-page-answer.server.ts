import type { IncomingMessage, ServerResponse } from "node:http";
import { boundedMemo } from "~/lib/bounded-memo";
import { siteIsHttps } from "../accounts/cookies.server";
import type { TrustedProxies } from "../platform/client-address.server";
import { type CacheablePage, cacheablePage } from "../render-cache/cache-policy.server";
import { trustedInlineScriptHashes } from "../render-cache/inline-script-hashes.server";
import type { CachedPage } from "../render-cache/page-store.server";
import type { RenderCache } from "../render-cache/render-cache.server";
import {
  chooseStoredBody,
  STORED_CHOICES,
  type StoredPageChoice,
  storedBody,
  storedPageHeaders,
} from "../render-cache/stored-page-parts.server";
import type { VisitCounter } from "../visits/visit-counter.server";
import { logAnswer, type RouteLabel } from "./finish-answer.server";
import { storedPageViewCounting } from "./page-view-counting.server";
import { requestIdFrom } from "./request-id.server";
import { createNonce, securityHeaders } from "./security-headers.server";

/** Answers a request at Node's level, or returns false to hand it to the app. */
export type NodeAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

/** What a request's address means to the render cache, remembered per Host and address. */
interface RequestTarget {
  url: URL;
  page: CacheablePage;
}

/**
 * Addresses repeat (the pages people read), and each would otherwise be parsed and matched
 * again: the same URL as the app would make of it, and the cache key it has. By Host first
 * (nearly always this site's), so that finding one costs no string made per request.
 */
const targetsByHost = new Map<string, (address: string) => RequestTarget | undefined>();
const MAX_HOSTS = 20;

function requestTarget(host: string, address: string): RequestTarget | undefined {
  let targets = targetsByHost.get(host);
  if (!targets) {
    if (targetsByHost.size >= MAX_HOSTS) targetsByHost.clear();
    targets = boundedMemo((path) => targetOf(host, path), 2_000);
    targetsByHost.set(host, targets);
  }
  return targets(address);
}

/** A plain Host (what browsers send), as Hono's Node adapter takes it without more checks. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::\d{1,5})?$/;

function targetOf(host: string, address: string): RequestTarget | undefined {
  // Anything else (an absolute or "//" address, a backslash, an odd Host) is the app's to judge.
  if (!PLAIN_HOST.test(host) || address[0] !== "/" || address[1] === "/" || address.includes("\\")) {
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(`http://${host}${address}`);
  } catch {
    return undefined;
  }
  const page = cacheablePage(url);
  return page && { url, page };
}

/**
 * A page in the render cache sent straight from Node's request to Node's response: no Request,
 * no Response, no step of the app, and headers built once per page and variant. Everything a hit
 * needs per response is done here as the app would do it: its own nonce and request id, the
 * access-log line and metrics, the view counted. A request this cannot answer exactly as the app
 * would (a session, a page with slots, nothing stored, an address the URL parser refuses) goes on
 * to the app, which answers it in full (docs/benchmarks.md, "Back at the ceiling").
 */
export function storedPageAnswer({
  renderCache,
  visits,
  proxies,
  routeLabel,
}: {
  renderCache: RenderCache;
  visits: VisitCounter | undefined;
  proxies: TrustedProxies;
  routeLabel: RouteLabel;
}): NodeAnswer {
  const countView = visits ? storedPageViewCounting(visits, proxies) : undefined;
  return (request, response) => {
    const started = performance.now();
    const { method, headers } = request;
    if (method !== "GET" && method !== "HEAD") return false;
    const target = requestTarget(headers.host ?? "", request.url ?? "");
    if (!target) return false;
    const page = renderCache.storedPage(method, target.page.key, headers.cookie);
    if (!page) return false;

    const peer = request.socket.remoteAddress;
    const choice = chooseStoredBody(page, headers["if-none-match"], headers["accept-encoding"]);
    const requestId = requestIdFrom(headers["x-request-id"] as string | undefined);
    const wire = wireHeaders(page, choice, arrivedOverHttps(request, peer, proxies));
    wire.fill(createNonce(), requestId);
    const status = choice.notModified ? 304 : page.status;
    response.writeHead(status, wire.headers);
    response.end(method === "HEAD" || choice.notModified ? undefined : storedBody(page, choice.encoding));

    const path = target.url.pathname;
    logAnswer(method, status, { requestId, started, path, cacheResult: "hit" }, routeLabel);
    if (!choice.notModified) countView?.(request, target.url);
    return true;
  };
}

/** As `requestIsHttps` judges it once the untrusted forwarding headers are gone. */
function arrivedOverHttps(
  request: IncomingMessage,
  peer: string | undefined,
  proxies: TrustedProxies,
): boolean {
  if ((request.socket as { encrypted?: boolean }).encrypted) return true;
  if (!proxies.enabled || !proxies.trustsPeer(peer)) return false;
  const proto = request.headers["x-forwarded-proto"];
  return typeof proto === "string" && proto.split(",")[0]?.trim() === "https";
}

/**
 * One variant's headers as Node's flat list ([name, value, name, value, ...]), made once: the
 * page's own (stored-page-parts), then what every answer carries (security headers, request id).
 * Two values change per response, the policy's nonce and the request id, and are written into
 * the list just before it is sent (Node copies it into the head at once).
 */
interface WireHeaders {
  headers: string[];
  fill: (nonce: string, requestId: string) => void;
}

const NONCE_MARK = "\u0000";
/** Per page, its variants by choice (STORED_CHOICES' order) and transport: index choice × 2 + https. */
const wireVariants = new WeakMap<CachedPage, Array<WireHeaders | undefined>>();

function wireHeaders(page: CachedPage, choice: StoredPageChoice, https: boolean): WireHeaders {
  let variants = wireVariants.get(page);
  if (!variants) {
    variants = [];
    wireVariants.set(page, variants);
  }
  const index = STORED_CHOICES.indexOf(choice) * 2 + (https ? 1 : 0);
  let wire = variants[index];
  if (!wire) {
    wire = buildWireHeaders(page, choice, https);
    variants[index] = wire;
  }
  return wire;
}

function buildWireHeaders(page: CachedPage, choice: StoredPageChoice, https: boolean): WireHeaders {
  const transport = { httpsRequest: https, httpsSite: siteIsHttps() };
  const all = {
    ...storedPageHeaders(page, "hit", choice),
    ...securityHeaders(NONCE_MARK, transport, trustedInlineScriptHashes),
    "X-Request-Id": "",
  };
  const headers = Object.entries(all).flat();
  const policyAt = headers.indexOf("Content-Security-Policy") + 1;
  const [beforeNonce = "", afterNonce = ""] = (headers[policyAt] ?? "").split(NONCE_MARK);
  const requestIdAt = headers.length - 1;
  return {
    headers,
    fill: (nonce, requestId) => {
      headers[policyAt] = `${beforeNonce}${nonce}${afterNonce}`;
      headers[requestIdAt] = requestId;
    },
  };
}
