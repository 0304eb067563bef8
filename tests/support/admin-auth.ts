import { createHash } from "node:crypto";
import { type APIRequestContext, type APIResponse, expect } from "@playwright/test";
import type { Kysely } from "kysely";
import { newSessionToken, sessionSigningKey } from "~/server/accounts/session-token.server";
import type { Database } from "~/server/db/schema";
import { type RunningServer, startServer } from "../../harness/server";
import { baseURL } from "../../playwright.config";
import { E2E_ADMIN } from "./e2e-admin";
import { ownDatabase } from "./test-database";

// The blog admin in end-to-end tests: the account the webServer creates on its first start
// (./e2e-admin.ts), sign-in over HTTP, sessions written straight into the database, and
// servers of their own for tests that need other settings or their own rate-limit counters.

export { E2E_ADMIN };

export const E2E_PUBLIC_URL = "https://www.exemplo-condominio.com.br";

/** The session cookie of a server whose PUBLIC_URL is https (every e2e server unless told). */
export const SESSION_COOKIE = "__Host-sid";
/** …and of one whose PUBLIC_URL is plain http (a local demo). */
export const PLAIN_HTTP_SESSION_COOKIE = "sid";

/** The e2e webServer's own address, as its pages' Origin. */
export const E2E_ORIGIN = baseURL;

/**
 * The headers a signed-in admin's own page sends with a request: the session cookie and, as a
 * browser does on every POST, the page's Origin (the server refuses a request that carries a
 * session cookie but does not say where it comes from).
 */
export function adminHeaders(token: string, origin: string = E2E_ORIGIN): Record<string, string> {
  return { Cookie: `${SESSION_COOKIE}=${token}`, Origin: origin };
}

/** The admin's sign-in and session messages, as the admin shows them. */
export const LOGIN_LOCKED_MESSAGE = "Muitas tentativas de login. Aguarde 15 minutos e tente novamente.";

export const UNAUTHORIZED_MESSAGE = "Sua sessão expirou ou você não entrou. Entre novamente.";

/**
 * Where a React Router data request (`….data`, "single fetch") is sent: its answer is a
 * turbo-stream array holding "redirect","<path>" (loaders add a "SingleFetchRedirect" marker,
 * actions do not).
 */
export function singleFetchRedirect(body: string): string | undefined {
  if (!body.startsWith("[")) return undefined;
  return /"redirect","([^"]*)"/.exec(body)?.[1];
}

/**
 * A request that needs a session got none of the admin's data: a redirect to /auth (HTTP 302,
 * or React Router's data redirect for `.data` requests) or 401 with the sign-in message.
 */
export async function expectSignInRequired(response: APIResponse): Promise<void> {
  const status = response.status();
  const body = await response.text();
  if (status === 302) {
    expect(new URL(response.headers().location ?? "", "http://site.test").pathname).toBe("/auth");
  } else if (status === 401) {
    expect(body).toContain(UNAUTHORIZED_MESSAGE);
  } else {
    expect(status, `unexpected answer: ${body.slice(0, 300)}`).toBe(202);
    expect(singleFetchRedirect(body)).toBe("/auth");
  }
}

export const sha256Hex = (token: string) => createHash("sha256").update(token).digest("hex");

/** The session cookie's Set-Cookie header (the whole line), or undefined. */
export function sessionSetCookie(response: APIResponse, name: string = SESSION_COOKIE): string | undefined {
  return response
    .headersArray()
    .find((header) => header.name.toLowerCase() === "set-cookie" && header.value.startsWith(`${name}=`))
    ?.value;
}

/** The session token a response sets (the session cookie's value), or undefined. */
export function sidFromSetCookie(response: APIResponse, name: string = SESSION_COOKIE): string | undefined {
  const header = sessionSetCookie(response, name);
  return header === undefined
    ? undefined
    : decodeURIComponent(header.slice(name.length + 1).split(";")[0] ?? "");
}

/**
 * Sign in through the real form endpoint (no browser), sending the Origin a browser sends. With
 * `page.request` the cookie lands in the page's context; either way the token is returned.
 */
export async function signInOverHttp(
  request: APIRequestContext,
  {
    baseUrl = "",
    email = E2E_ADMIN.email as string,
    password = E2E_ADMIN.password as string,
    // A server whose PUBLIC_URL is plain http names the cookie without the __Host- prefix.
    cookieName = SESSION_COOKIE,
  } = {},
): Promise<string> {
  const response = await request.post(`${baseUrl}/auth`, {
    headers: { Origin: baseUrl ? new URL(baseUrl).origin : E2E_ORIGIN },
    form: { email, password },
    maxRedirects: 0,
  });
  const token = sidFromSetCookie(response, cookieName);
  if (response.status() !== 302 || !token) {
    throw new Error(`sign-in failed: HTTP ${response.status()} ${await response.text()}`);
  }
  return token;
}

export async function adminUserId(db: Kysely<Database>, email: string = E2E_ADMIN.email): Promise<string> {
  const row = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return row.id;
}

export interface CraftedSession {
  /** Offset from now of each timestamp, in milliseconds (negative = in the past). */
  createdAgoMs?: number;
  lastSeenAgoMs?: number;
  expiresInMs?: number;
  absoluteExpiresInMs?: number;
}

const DAY = 24 * 60 * 60 * 1000;

/** A session row written directly (as createSession would, with any timestamps); returns the token. */
export async function insertSession(
  db: Kysely<Database>,
  userId: string,
  {
    createdAgoMs = 0,
    lastSeenAgoMs = 0,
    expiresInMs = 3 * DAY,
    absoluteExpiresInMs = 30 * DAY,
  }: CraftedSession = {},
): Promise<string> {
  // Signed with the site's key, as the server issues it: a made-up token names no session.
  const token = newSessionToken(await sessionSigningKey(db));
  const now = Date.now();
  await db
    .insertInto("sessions")
    .values({
      id_hash: sha256Hex(token),
      user_id: userId,
      created_at: new Date(now - createdAgoMs).toISOString(),
      last_seen_at: new Date(now - lastSeenAgoMs).toISOString(),
      expires_at: new Date(now + expiresInMs).toISOString(),
      absolute_expires_at: new Date(now + absoluteExpiresInMs).toISOString(),
      flash: null,
    })
    .execute();
  return token;
}

/**
 * A cookie value the site could have issued (signed with its key) that names no session: what a
 * browser holds after its session ended. It skips the render cache; a made-up one does not.
 */
export async function signedUnknownSessionToken(db: Kysely<Database>): Promise<string> {
  return newSessionToken(await sessionSigningKey(db));
}

export async function sessionRowExists(db: Kysely<Database>, token: string): Promise<boolean> {
  const row = await db
    .selectFrom("sessions")
    .select("id_hash")
    .where("id_hash", "=", sha256Hex(token))
    .executeTakeFirst();
  return Boolean(row);
}

export interface DedicatedServer {
  server: RunningServer;
  url: string;
  /** DATA_DIR (and DATABASE_URL/DATABASE_SCHEMA on PostgreSQL) of its database. */
  databaseEnv: Record<string, string>;
  stop: () => Promise<void>;
}

/**
 * A production server of its own, on a fresh database (its own rate-limit counters and
 * sessions), with the e2e admin and any extra environment (e.g. RUNWARE_API_KEY).
 */
export async function startDedicatedServer(extraEnv: Record<string, string> = {}): Promise<DedicatedServer> {
  const { env: databaseEnv, drop } = ownDatabase("e2e-admin");
  const server = await startServer({
    ...databaseEnv,
    PUBLIC_URL: E2E_PUBLIC_URL,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ...extraEnv,
  });
  return {
    server,
    url: server.url,
    databaseEnv,
    stop: async () => {
      await server.stop();
      await drop();
    },
  };
}
