import { data, redirect } from "react-router";
import { type Capability, FORBIDDEN_MESSAGE, roleCan } from "~/lib/roles";
import {
  assertSameOrigin,
  type CurrentSession,
  getSession,
  lacksRequiredSecondFactor,
  opensWithoutSecondFactor,
  SECOND_FACTOR_REQUIRED_MESSAGE,
  SECOND_FACTOR_SETUP_PATH,
  setFlash,
  UNAUTHORIZED_MESSAGE,
} from "~/server/accounts/index.server";

// Every admin loader and action calls one of these. The HTTP layer also refuses /admin
// requests without a session before React Router runs (app/server/http); this is the
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
