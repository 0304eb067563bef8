import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { settingSecret } from "../db/setting-secret.server.ts";

// A random token is base64url of 32 random bytes: 43 characters of A-Z, a-z, 0-9, "-" and "_"
// (single-use links, a pending sign-in). A session cookie is such a token followed by its
// signature, 22 more characters: a truncated HMAC-SHA256 of the token with a secret of the site
// (docs/decisions/0045). The signature lets the render cache tell a cookie this site issued
// from a made-up one without asking the database; the session itself is still the row whose
// id_hash is the SHA-256 of the whole cookie value.

const SESSION_TOKEN = /^[A-Za-z0-9_-]{65}$/;
const SIGNATURE_BYTES = 16;
const SETTING_KEY = "session_cookie_secret";

/** This database's key for session cookies' signatures (made on first use, shared by instances). */
export function sessionSigningKey(db: Kysely<Database>): Promise<Buffer> {
  return settingSecret(db, SETTING_KEY);
}

/** The site's key as loaded at start, for the render cache's check, which runs before anything is awaited. */
let cacheCheckKey: Buffer | undefined;

/** Load the key the render cache checks cookies with (startSite, before serving). */
export async function loadSessionKeyForCache(db: Kysely<Database>): Promise<void> {
  cacheCheckKey = await sessionSigningKey(db);
}

function signature(key: Buffer, token: string): Buffer {
  return createHmac("sha256", key).update(`session.${token}`).digest().subarray(0, SIGNATURE_BYTES);
}

/** A new session cookie value: a random token and its signature. */
export function newSessionToken(key: Buffer): string {
  const token = randomBytes(32).toString("base64url");
  return `${token}${signature(key, token).toString("base64url")}`;
}

/** Whether a cookie value is a session token signed with this key. */
export function isSignedSessionToken(key: Buffer, value: string | undefined): value is string {
  if (value === undefined || !SESSION_TOKEN.test(value)) return false;
  // Compared as text: a signature spelled another way (its last character's unused bits) is not ours.
  const given = Buffer.from(value.slice(43));
  const expected = Buffer.from(signature(key, value.slice(0, 43)).toString("base64url"));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether a cookie value is a session token this site issued, without a query: checked with
 * the key loaded at start (startSite loads it). Before any key is loaded, the shape decides.
 */
export function isIssuedSessionToken(value: string | undefined): boolean {
  return cacheCheckKey
    ? isSignedSessionToken(cacheCheckKey, value)
    : value !== undefined && SESSION_TOKEN.test(value);
}
