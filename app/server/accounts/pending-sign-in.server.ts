import { randomBytes } from "node:crypto";
import { database } from "../db/database.server";
import { cookiesMustBeSecure, readCookie, serializeCookie, siteIsHttps } from "./cookies.server";
import { hashSingleUseToken, looksLikeSingleUseToken } from "./single-use-token.server";

// Between a right password and the second factor the browser holds only this: a random token
// (its SHA-256 in `pending_sign_ins`) that names the user for the verification page and opens
// nothing in the admin. It lasts a few minutes and is spent when the sign-in finishes.

export const PENDING_SIGN_IN_MS = 10 * 60 * 1000;

function cookieName(): string {
  return siteIsHttps() ? "__Host-sid2" : "sid2";
}

/** Start a pending sign-in for the user; returns the Set-Cookie value. */
export async function createPendingSignIn(request: Request, userId: string): Promise<string> {
  const db = await database();
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  await db
    .insertInto("pending_sign_ins")
    .values({
      token_hash: hashSingleUseToken(token),
      user_id: userId,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + PENDING_SIGN_IN_MS).toISOString(),
    })
    .execute();
  return serializeCookie(cookieName(), token, {
    maxAgeSeconds: PENDING_SIGN_IN_MS / 1000,
    secure: cookiesMustBeSecure(request),
  });
}

export interface PendingSignIn {
  userId: string;
  tokenHash: string;
}

/** The unexpired pending sign-in this browser presents, if any. */
export async function readPendingSignIn(request: Request): Promise<PendingSignIn | undefined> {
  const token = readCookie(request, cookieName());
  if (!looksLikeSingleUseToken(token)) return undefined;
  const db = await database();
  const tokenHash = hashSingleUseToken(token);
  const row = await db
    .selectFrom("pending_sign_ins as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .select("p.user_id")
    .where("p.token_hash", "=", tokenHash)
    .where("p.expires_at", ">", new Date().toISOString())
    .where("u.deactivated_at", "is", null)
    .executeTakeFirst();
  return row ? { userId: row.user_id, tokenHash } : undefined;
}

/** Spend the pending sign-in: true once, so two finishing requests make one session. */
export async function finishPendingSignIn(pending: PendingSignIn): Promise<boolean> {
  const db = await database();
  const result = await db
    .deleteFrom("pending_sign_ins")
    .where("token_hash", "=", pending.tokenHash)
    .where("expires_at", ">", new Date().toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export function clearPendingSignInCookie(request: Request): string {
  return serializeCookie(cookieName(), "", { maxAgeSeconds: 0, secure: cookiesMustBeSecure(request) });
}

/** Remove pending sign-ins past their time (called from time to time, not on the request path). */
export async function deleteExpiredPendingSignIns(): Promise<void> {
  const db = await database();
  await db.deleteFrom("pending_sign_ins").where("expires_at", "<=", new Date().toISOString()).execute();
}
