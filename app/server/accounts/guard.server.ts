import { data, redirect } from "react-router";
import { siteDefaults } from "~/config/site-env.server";
import { type Capability, FORBIDDEN_MESSAGE, roleCan } from "~/lib/roles";
import { requestIsHttps } from "./cookies.server";
import {
  lacksRequiredSecondFactor,
  opensWithoutSecondFactor,
  SECOND_FACTOR_REQUIRED_MESSAGE,
  SECOND_FACTOR_SETUP_PATH,
} from "./second-factor-policy.server";
import { type CurrentSession, getSession, readSessionToken, setFlash } from "./sessions.server";

// Every admin loader and action calls one of these. The HTTP layer also refuses /admin
// requests without a session before React Router runs (http-app.server.ts); this is the
// second, per-route line, and the only one when a route is called without the HTTP layer.

/** What a page or action needs beyond a session (see ~/lib/roles); any team member writes content. */
export interface AccessOptions {
  can?: Capability;
}

/**
 * For admin pages (loaders): the session, or a redirect to the sign-in page; a signed-in user
 * whose role lacks the capability gets 403 (the error screen explains it in pt-BR).
 *
 * The admin layout's loader and the page's loader both call this for the same request: the
 * session and the second-factor check are read once per request (see `signedInMember`).
 */
export async function requireAdminPage(
  request: Request,
  { can = "content.write" }: AccessOptions = {},
): Promise<CurrentSession> {
  const session = await oncePerRequest(sessionsByRequest, request, signedInSession);
  if (!roleCan(session.user.role, can)) throw data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  await oncePerRequest(secondFactorChecksByRequest, request, () =>
    requireSecondFactorSetUp(request, session),
  );
  return session;
}

// React Router hands every loader of one request the same Request object, so a WeakMap keyed
// by it shares one lookup between the layout and the page, and forgets it with the request.
const sessionsByRequest = new WeakMap<Request, Promise<CurrentSession>>();
const secondFactorChecksByRequest = new WeakMap<Request, Promise<void>>();

function oncePerRequest<T>(
  memo: WeakMap<Request, Promise<T>>,
  request: Request,
  read: (request: Request) => Promise<T>,
): Promise<T> {
  let value = memo.get(request);
  if (!value) {
    value = read(request);
    memo.set(request, value);
  }
  return value;
}

async function signedInSession(request: Request): Promise<CurrentSession> {
  const session = await getSession(request);
  if (!session) throw redirect("/auth");
  return session;
}

async function requireSecondFactorSetUp(request: Request, session: CurrentSession): Promise<void> {
  if (opensWithoutSecondFactor(request) || !(await lacksRequiredSecondFactor(session.user.id))) return;
  await setFlash(session, {
    title: "Configure a segunda etapa",
    description: SECOND_FACTOR_REQUIRED_MESSAGE,
    variant: "error",
  });
  throw redirect(SECOND_FACTOR_SETUP_PATH);
}

export const UNAUTHORIZED_MESSAGE = "Sua sessão expirou ou você não entrou. Entre novamente.";
export const FOREIGN_ORIGIN_MESSAGE = "Requisição recusada: origem não permitida.";
export const MISSING_ORIGIN_MESSAGE = "Requisição recusada: origem não informada.";

/**
 * For admin mutations and data endpoints: the session, or 401; 403 when the role lacks the
 * capability; and never a foreign Origin.
 */
export async function requireAdminAction(
  request: Request,
  { can = "content.write" }: AccessOptions = {},
): Promise<CurrentSession> {
  assertSameOrigin(request);
  const session = await getSession(request);
  // A real Response (not data()), so resource routes answer with this JSON as it is.
  if (!session) throw Response.json({ error: UNAUTHORIZED_MESSAGE }, { status: 401 });
  if (!roleCan(session.user.role, can)) throw Response.json({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  if (!opensWithoutSecondFactor(request) && (await lacksRequiredSecondFactor(session.user.id)))
    throw Response.json({ error: SECOND_FACTOR_REQUIRED_MESSAGE }, { status: 403 });
  return session;
}

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
