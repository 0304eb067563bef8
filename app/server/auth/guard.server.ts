import { redirect } from "react-router";
import { type CurrentSession, getSession } from "./sessions.server";

// Every admin loader and action calls one of these. The HTTP layer also refuses /admin
// requests without a session before React Router runs (http-app.server.ts); this is the
// second, per-route line, and the only one when a route is called without the HTTP layer.

/** For admin pages (loaders): the session, or a redirect to the sign-in page. */
export async function requireAdminPage(request: Request): Promise<CurrentSession> {
  const session = await getSession(request);
  if (!session) throw redirect("/auth");
  return session;
}

export const UNAUTHORIZED_MESSAGE = "Sua sessão expirou ou você não entrou. Entre novamente.";
export const FOREIGN_ORIGIN_MESSAGE = "Requisição recusada: origem não permitida.";

/** For admin mutations and data endpoints: the session, or 401; and never a foreign Origin. */
export async function requireAdminAction(request: Request): Promise<CurrentSession> {
  assertSameOrigin(request);
  const session = await getSession(request);
  // A real Response (not data()), so resource routes answer with this JSON as it is.
  if (!session) throw Response.json({ error: UNAUTHORIZED_MESSAGE }, { status: 401 });
  return session;
}

/**
 * Refuse cross-site mutations (CSRF): a state-changing request must come from our own pages.
 * Browsers always send Origin on POST; a request without one (curl, old clients) is allowed
 * only when its Referer is ours or absent too.
 */
export function assertSameOrigin(request: Request): void {
  if (!isSameOrigin(request)) throw Response.json({ error: FOREIGN_ORIGIN_MESSAGE }, { status: 403 });
}

export function isSameOrigin(request: Request): boolean {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return true;
  const own = new URL(request.url);
  const hosts = new Set([own.host, request.headers.get("host") ?? own.host]);
  const source = request.headers.get("origin") ?? request.headers.get("referer");
  if (!source) return true;
  if (source === "null") return false;
  try {
    return hosts.has(new URL(source).host);
  } catch {
    return false;
  }
}
