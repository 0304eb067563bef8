import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { isbot } from "isbot";
import { siteDefaults } from "~/config/site-env.server";
import { boundedMemo } from "~/lib/bounded-memo";
import { secretPagePattern } from "~/lib/page-label";
import { type DeviceClass, deviceClass, INTERNAL_REFERRER } from "~/lib/visit-dimensions";
import { isAdminPath, isSignInPath } from "../accounts/personal-paths.server";
import { mayBeSignedIn } from "../accounts/sessions.server";
import { sourcePart } from "./lead-source.server";

// Which requests are page views a person made, and what of them is kept
// (docs/decisions/0059-cookie-free-visit-counting.md). Everything here runs while the answer is
// sent, so it reads headers only and never the database.

/** Where a view or a tap came from; '' for "none" (the aggregate tables' keys are NOT NULL). */
export interface VisitSource {
  page: string;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

export interface PageView extends VisitSource {
  device: DeviceClass;
  /**
   * SHA-256 of the client's address and User-Agent, kept in memory only until the next flush,
   * which hashes it again with the day's salt and the site (what is stored).
   */
  visitorDigest: string;
  /** The view's dimensions as one string, and with the visitor: the counter's keys, made once. */
  viewKey: string;
  visitorKey: string;
}

/** Anything with an extension is a file (assets, media, feeds, the sitemap, `.data` requests). */
const FILE_PATH = /\.[a-z0-9]+$/i;
/** Answered before React Router, never a page. */
const PLUMBING = new Set(["/healthz", "/readyz", "/metrics", "/visita", "/toque"]);

/** The request headers counting reads, by lower-case name: a `Headers`, or `nodeHeaders`. */
export interface HeaderReader {
  get(name: string): string | null;
}

/**
 * Node's own parsed headers as a HeaderReader. Counting runs on every answer, the cached ones
 * included, and a `Headers` validates the name and the value on every `get`: read this way, a
 * counted view costs a few property reads. Names are asked in lower case, as Node keeps them.
 */
export function nodeHeaders(headers: IncomingHttpHeaders): HeaderReader {
  return {
    get: (name) => {
      const value = headers[name];
      return typeof value === "string" ? value : Array.isArray(value) ? value.join(", ") : null;
    },
  };
}

/** A speculative load (Chromium's speculation rules and `<link rel=prefetch>`, Firefox's). */
function isPrefetch(headers: HeaderReader): boolean {
  const purpose = headers.get("sec-purpose") ?? headers.get("purpose");
  return purpose !== null && /prefetch|prerender|preview/i.test(purpose);
}

/** A page of the public site, by its path alone (remembered: the same paths come again and again). */
export const isPublicPagePath = boundedMemo(
  (path) =>
    !FILE_PATH.test(path) &&
    !PLUMBING.has(path) &&
    !isAdminPath(path) &&
    !isSignInPath(path) &&
    // A page whose address holds a secret (invitations, resets, share links) is not an audience.
    secretPagePattern(path) === null &&
    !/^\/contato\/./.test(path),
  2_000,
);

/** isbot's verdict for the last User-Agents seen: most traffic repeats a few browsers. */
const botVerdict = boundedMemo(isbot, 500);

/** Whether a User-Agent is a crawler, a monitor, a script (or missing). */
export function isBotAgent(userAgent: string): boolean {
  return !userAgent || botVerdict(userAgent);
}

/**
 * Whether a request (of a person, for this site) is to be counted at all. `signedOut`: the
 * caller already knows there is no session (a render-cache hit), which saves checking again.
 * `headers`: the request's, or the same read from Node (`nodeHeaders`).
 */
export function countableRequest(
  request: Request,
  path: string,
  signedOut = false,
  headers: HeaderReader = request.headers,
): boolean {
  // The team browsing its own site while signed in is not an audience.
  return countableView(request.method, path, headers) && (signedOut || !mayBeSignedIn(request));
}

/**
 * `countableRequest` for a request known to have no session (a render-cache hit, answered from
 * Node's own request before any Request exists).
 */
export function countableView(method: string | undefined, path: string, headers: HeaderReader): boolean {
  if (method !== "GET" || !isPublicPagePath(path)) return false;
  return !isPrefetch(headers) && !isBotAgent(headers.get("user-agent") ?? "");
}

/** Hosts that are this site: a Referer from one of them is a click within the site. */
function isOwnHost(host: string, url: URL): boolean {
  return host === url.host || host === new URL(siteDefaults().publicUrl).host;
}

/** The page view a counted request makes: its page, its source and the visitor's digest. */
export function pageViewOf(
  request: Request,
  url: URL,
  clientAddress: string,
  headers: HeaderReader = request.headers,
): PageView {
  return viewOf(url, clientAddress, headers);
}

function viewOf(url: URL, clientAddress: string, headers: HeaderReader): PageView {
  const userAgent = headers.get("user-agent") ?? "";
  const params = url.search ? url.searchParams : undefined;
  const source: VisitSource = {
    page: sourcePart("page", url.pathname) ?? "",
    referrerHost: referrerHostOf(headers.get("referer"), url),
    utmSource: (params && sourcePart("utmSource", params.get("utm_source"))) ?? "",
    utmMedium: (params && sourcePart("utmMedium", params.get("utm_medium"))) ?? "",
    utmCampaign: (params && sourcePart("utmCampaign", params.get("utm_campaign"))) ?? "",
  };
  const device = deviceClass(userAgent);
  const visitorDigest = visitorDigestOf(clientAddress, userAgent);
  const sourceKey = visitSourceKey(source);
  return {
    ...source,
    device,
    visitorDigest,
    viewKey: `${sourceKey}\n${device}`,
    visitorKey: `${sourceKey}\n${visitorDigest}`,
  };
}

/** A view with other values of its source (the counter's cap on new values), keys made again. */
export function rekeyedView(view: PageView, source: VisitSource): PageView {
  const sourceKey = visitSourceKey(source);
  return {
    ...view,
    ...source,
    viewKey: `${sourceKey}\n${view.device}`,
    visitorKey: `${sourceKey}\n${view.visitorDigest}`,
  };
}

/** The visitor as the counter knows it: address and browser, hashed, kept in memory only. */
export function visitorDigestOf(clientAddress: string, userAgent: string): string {
  return createHash("sha256").update(clientAddress).update("\0").update(userAgent).digest("base64");
}

/** A source as one string (a map key). */
export function visitSourceKey(s: VisitSource): string {
  return `${s.page}\n${s.referrerHost}\n${s.utmSource}\n${s.utmMedium}\n${s.utmCampaign}`;
}

/** The last page views made, by what they were made of: a repeated request costs a lookup. */
const recentViews = new Map<string, PageView>();
const RECENT_VIEWS_KEPT = 2_000;

/**
 * `pageViewOf`, remembered for the same page, query, Referer, address and User-Agent: a visitor
 * reloading, or a burst of the same requests, allocates and hashes nothing again.
 */
export function rememberedPageView(url: URL, clientAddress: string, headers: HeaderReader): PageView {
  const key = `${url.pathname}${url.search}\n${headers.get("referer") ?? ""}\n${clientAddress}\n${headers.get("user-agent") ?? ""}`;
  let view = recentViews.get(key);
  if (!view) {
    view = viewOf(url, clientAddress, headers);
    if (recentViews.size >= RECENT_VIEWS_KEPT) recentViews.clear();
    recentViews.set(key, view);
  }
  return view;
}

/** The external site's host, INTERNAL_REFERRER for a page of this site, '' without a Referer. */
function referrerHostOf(referer: string | null, url: URL): string {
  if (!referer) return "";
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return "";
  }
  if (from.protocol !== "http:" && from.protocol !== "https:") return "";
  if (isOwnHost(from.host, url)) return INTERNAL_REFERRER;
  return sourcePart("referrerHost", from.hostname) ?? "";
}
