import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import { deviceLabel } from "~/lib/device-label";
import { type Role, roleOf } from "~/lib/roles";
import type { Toast } from "~/lib/toast";
import { recordAudit } from "../audit/audit-log.server";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import { currentRequestAddress } from "../platform/request-address.server";
import {
  cookieFromHeader,
  cookiesMustBeSecure,
  readCookie,
  serializeCookie,
  siteIsHttps,
} from "./cookies.server";
import {
  isIssuedSessionToken,
  isSignedSessionToken,
  newSessionToken,
  sessionSigningKey,
} from "./session-token.server";

/**
 * The session cookie's name. On an https site it carries the `__Host-` prefix: the browser then
 * keeps it only if it is Secure, for Path=/ and without Domain, so neither a sibling subdomain
 * nor a plain-HTTP answer can plant or overwrite it. A plain-http site (local demo) cannot have
 * a Secure cookie, so it uses the bare name.
 */
export function sessionCookieName(): string {
  return siteIsHttps() ? "__Host-sid" : "sid";
}

/** The session token the browser presented, if any (valid or not). */
export function readSessionToken(request: Request): string | undefined {
  return readCookie(request, sessionCookieName());
}

/**
 * Whether the request may belong to a signed-in visitor, who gets pages rendered for them alone.
 * Only a session cookie this site issued counts (its signature is checked without a query): a
 * made-up one, however well shaped, must not let anyone skip the cache and make every request
 * cost a render (docs/decisions/0045). A signed cookie whose session has ended still skips it;
 * its page is rendered for that request, without anything personal, and is not kept.
 */
export function mayBeSignedIn(request: Request): boolean {
  return mayBeSignedInWith(request.headers.get("cookie") ?? undefined);
}

/** `mayBeSignedIn`, from the Cookie header as Node parsed it (the render cache's hits). */
export function mayBeSignedInWith(cookieHeader: string | undefined): boolean {
  return (
    cookieHeader !== undefined && isIssuedSessionToken(cookieFromHeader(cookieHeader, sessionCookieName()))
  );
}

/** Idle time after which a session ends; every use pushes it forward. */
export const SESSION_IDLE_MS = 3 * 24 * 60 * 60 * 1000;
/**
 * An Administrador's session ends sooner when idle: it opens every personal datum and the
 * team's accounts (docs/decisions/0045). Other roles keep SESSION_IDLE_MS.
 */
export const ADMIN_SESSION_IDLE_MS = 12 * 60 * 60 * 1000;

/** The idle limit of a role's sessions: where it is configured, in one place. */
export function sessionIdleMs(role: Role): number {
  return role === "admin" ? ADMIN_SESSION_IDLE_MS : SESSION_IDLE_MS;
}
/** Hard limit from sign-in, whatever the activity. */
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;
/** What a session keeps of the browser's User-Agent (enough to name it; some send kilobytes). */
const MAX_USER_AGENT_CHARS = 300;
/** Don't rewrite the row on every request: slide at most this often. */
const SLIDE_EVERY_MS = 5 * 60 * 1000;

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
  role: Role;
}

export interface CurrentSession {
  user: SessionUser;
  idHash: string;
  /** When the user last typed their password or a second factor in this session, if ever. */
  authenticatedAt: string | null;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Start a session for a user: a new random id every sign-in. The session this browser presented,
 * if any, ends here (whoever's it was): a sign-in never leaves an older token of the same browser
 * alive. Returns the Set-Cookie value.
 */
export async function createSession(
  request: Request,
  userId: string,
  flash?: Toast,
  /** What must commit with the new session (the sign-in's audit entry). */
  alongside?: (trx: Transaction<Database>) => Promise<void>,
): Promise<string> {
  const db = await database();
  // Read (or made, once per site) before the transaction: SQLite has one connection.
  const key = await sessionSigningKey(db);
  const previous = readSessionToken(request);
  const token = newSessionToken(key);
  await db.transaction().execute(async (trx) => {
    if (isSignedSessionToken(key, previous)) {
      await trx.deleteFrom("sessions").where("id_hash", "=", hashToken(previous)).execute();
    }
    const user = await trx.selectFrom("users").select("role").where("id", "=", userId).executeTakeFirst();
    const idleMs = sessionIdleMs(roleOf(user?.role ?? ""));
    const now = Date.now();
    await trx
      .insertInto("sessions")
      .values({
        id_hash: hashToken(token),
        user_id: userId,
        created_at: new Date(now).toISOString(),
        last_seen_at: new Date(now).toISOString(),
        expires_at: new Date(now + idleMs).toISOString(),
        absolute_expires_at: new Date(now + SESSION_MAX_MS).toISOString(),
        flash: flash ? JSON.stringify(flash) : null,
        // A session starts right after the password (and any second factor) was checked.
        authenticated_at: new Date(now).toISOString(),
        user_agent: request.headers.get("user-agent")?.slice(0, MAX_USER_AGENT_CHARS) || null,
        // Shown in 'Dispositivos conectados': the request's address, as the proxy list allows.
        ip_address: currentRequestAddress(),
      })
      .execute();
    await alongside?.(trx);
  });
  return serializeCookie(sessionCookieName(), token, {
    maxAgeSeconds: SESSION_MAX_MS / 1000,
    secure: cookiesMustBeSecure(request),
  });
}

/** The signed-in user of this request, or null. Slides the idle expiry forward. */
export async function getSession(request: Request): Promise<CurrentSession | null> {
  const token = readSessionToken(request);
  if (token === undefined) return null;
  const db = await database();
  // Only a cookie this site signed names a session (the render cache checks the same).
  if (!isSignedSessionToken(await sessionSigningKey(db), token)) return null;
  const idHash = hashToken(token);
  const row = await db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select([
      "s.id_hash",
      "s.last_seen_at",
      "s.expires_at",
      "s.absolute_expires_at",
      "s.authenticated_at",
      "u.id",
      "u.email",
      "u.name",
      "u.role",
    ])
    .where("s.id_hash", "=", idHash)
    // A deactivated account's sessions are deleted when it is deactivated; this is the backstop.
    .where("u.deactivated_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  const role = roleOf(row.role);
  const idleMs = sessionIdleMs(role);
  const absolute = Date.parse(String(row.absolute_expires_at));
  const lastSeen = Date.parse(String(row.last_seen_at));
  // The stored expiry, and the role's idle limit as of now (a session opened before the limit
  // was shortened, or before a promotion to Administrador, ends on the shorter one).
  if (Date.parse(String(row.expires_at)) <= now || absolute <= now || now - lastSeen >= idleMs) {
    await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
    return null;
  }
  if (now - lastSeen > SLIDE_EVERY_MS) {
    await db
      .updateTable("sessions")
      .set({
        last_seen_at: new Date(now).toISOString(),
        expires_at: new Date(Math.min(now + idleMs, absolute)).toISOString(),
      })
      .where("id_hash", "=", idHash)
      .execute();
  }
  return {
    idHash,
    user: { id: row.id, email: row.email, name: row.name, role },
    authenticatedAt: row.authenticated_at === null ? null : new Date(row.authenticated_at).toISOString(),
  };
}

/** End the session on the server and tell the browser to forget the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const token = readSessionToken(request);
  if (token !== undefined) {
    const db = await database();
    if (isSignedSessionToken(await sessionSigningKey(db), token)) {
      await db.deleteFrom("sessions").where("id_hash", "=", hashToken(token)).execute();
    }
  }
  return serializeCookie(sessionCookieName(), "", { maxAgeSeconds: 0, secure: cookiesMustBeSecure(request) });
}

/** Queue a one-time toast for the session's next page. */
export async function setFlash(session: CurrentSession, toast: Toast): Promise<void> {
  const db = await database();
  await db
    .updateTable("sessions")
    .set({ flash: JSON.stringify(toast) })
    .where("id_hash", "=", session.idHash)
    .execute();
}

/** Take the session's pending toast, if any (it is shown once). */
export async function takeFlash(session: CurrentSession): Promise<Toast | null> {
  const db = await database();
  // RETURNING gives the row after the update, so read first, then clear exactly that value.
  const row = await db
    .selectFrom("sessions")
    .select("flash")
    .where("id_hash", "=", session.idHash)
    .executeTakeFirst();
  if (!row?.flash) return null;
  const cleared = await db
    .updateTable("sessions")
    .set({ flash: null })
    .where("id_hash", "=", session.idHash)
    .where("flash", "=", row.flash)
    .executeTakeFirst();
  if (Number(cleared.numUpdatedRows) === 0) return null;
  try {
    return JSON.parse(row.flash) as Toast;
  } catch {
    return null;
  }
}

/** Remove expired sessions (called from time to time, not on the request path). */
export async function deleteExpiredSessions(): Promise<number> {
  const db = await database();
  const now = new Date().toISOString();
  const result = await db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", now), eb("absolute_expires_at", "<=", now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A session of the signed-in user, as 'Dispositivos conectados' lists it. */
export interface UserSession {
  idHash: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  ipAddress: string | null;
}

/** At most this many sessions are listed (the most recently used); a user has a handful. */
const MAX_LISTED_SESSIONS = 100;

/** The user's sessions that have not expired, most recently used first. */
export async function listUserSessions(userId: string): Promise<UserSession[]> {
  const db = await database();
  const now = new Date().toISOString();
  const rows = await db
    .selectFrom("sessions")
    .select(["id_hash", "created_at", "last_seen_at", "user_agent", "ip_address"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", now)
    .where("absolute_expires_at", ">", now)
    .orderBy("last_seen_at", "desc")
    .limit(MAX_LISTED_SESSIONS)
    .execute();
  return rows.map((row) => ({
    idHash: row.id_hash,
    createdAt: String(row.created_at),
    lastSeenAt: String(row.last_seen_at),
    userAgent: row.user_agent,
    ipAddress: row.ip_address,
  }));
}

/** End one of the signed-in user's sessions (audited); false when they have none with this id. */
export async function endUserSession(session: CurrentSession, idHash: string): Promise<boolean> {
  const db = await database();
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .deleteFrom("sessions")
      .where("user_id", "=", session.user.id)
      .where("id_hash", "=", idHash)
      .returning("user_agent")
      .executeTakeFirst();
    if (!ended) return false;
    await recordAudit(
      session,
      {
        action: "signin.session_end",
        target: { type: "user", id: session.user.id, label: session.user.email },
        details: { device: deviceLabel(ended.user_agent), current: idHash === session.idHash },
      },
      trx,
    );
    return true;
  });
}

/** End every session of the user but this one (audited); returns how many ended. */
export async function endOtherSessions(session: CurrentSession): Promise<number> {
  const db = await database();
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom("sessions")
      .where("user_id", "=", session.user.id)
      .where("id_hash", "!=", session.idHash)
      .executeTakeFirst();
    const ended = Number(result.numDeletedRows);
    await recordAudit(
      session,
      {
        action: "signin.sessions_end_others",
        target: { type: "user", id: session.user.id, label: session.user.email },
        details: { ended },
      },
      trx,
    );
    return ended;
  });
}
