import { siteDefaults } from "~/config/site-env.server";
import { requestIsHttps } from "./cookies.server";
import { readSessionToken } from "./sessions.server";

// Which requests may change something (CSRF): shared by the HTTP layer, the admin guard
// (app/route-support/admin-guard.server.ts) and the public quote form.

export const UNAUTHORIZED_MESSAGE = "Sua sessão expirou ou você não entrou. Entre novamente.";
export const FOREIGN_ORIGIN_MESSAGE = "Requisição recusada: origem não permitida.";
export const MISSING_ORIGIN_MESSAGE = "Requisição recusada: origem não informada.";

/** Refuse cross-site mutations (CSRF) with 403 and the reason in pt-BR; see `crossSiteRefusal`. */
export function assertSameOrigin(request: Request): void {
  const refusal = crossSiteRefusal(request);
  if (refusal) throw Response.json({ error: refusal }, { status: 403 });
}

export function isSameOrigin(request: Request): boolean {
  return crossSiteRefusal(request) === undefined;
}

/**
 * Why a state-changing request must be refused as possibly cross-site (CSRF), or undefined.
 *
 * The origin that sent it (Origin, else Referer) must be one of ours, compared as a whole
 * origin (scheme, host and port), so neither `http://` on an https site nor another port of the
 * same host passes. A request that carries a session cookie must say where it comes from:
 * `Origin`, which every current browser sends on a POST, or `Sec-Fetch-Site: same-origin`. One
 * without a session cookie (the public quote form from a browser that sends neither) is only
 * refused when it names a foreign origin: it can act as nobody.
 */
export function crossSiteRefusal(request: Request): string | undefined {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return undefined;
  const origin = request.headers.get("origin");
  if (origin !== null) return isOwnOrigin(request, origin) ? undefined : FOREIGN_ORIGIN_MESSAGE;
  if (readSessionToken(request) !== undefined) {
    return request.headers.get("sec-fetch-site") === "same-origin" ? undefined : MISSING_ORIGIN_MESSAGE;
  }
  const referer = request.headers.get("referer");
  if (referer === null) return undefined;
  return isOwnOrigin(request, referer) ? undefined : FOREIGN_ORIGIN_MESSAGE;
}

/**
 * Our origins: the public one (PUBLIC_URL), the one this request was addressed to, and that
 * same host over https when a trusted proxy says the browser used TLS.
 */
function isOwnOrigin(request: Request, source: string): boolean {
  if (source === "null") return false;
  let origin: string;
  let own: URL;
  try {
    origin = new URL(source).origin;
    own = new URL(request.url);
  } catch {
    return false;
  }
  if (origin === own.origin || origin === publicOrigin()) return true;
  return (
    own.protocol === "http:" && requestIsHttps(request) && origin === new URL(`https://${own.host}`).origin
  );
}

let ownPublicOrigin: string | undefined;
function publicOrigin(): string {
  ownPublicOrigin ??= new URL(siteDefaults().publicUrl).origin;
  return ownPublicOrigin;
}
