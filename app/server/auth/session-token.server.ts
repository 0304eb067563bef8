// A session token is base64url of 32 random bytes (createSession in sessions.server.ts): 43
// characters of A-Z, a-z, 0-9, "-" and "_". Anything else in the session cookie cannot be a
// session, and is treated as no cookie at all.

const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Whether a cookie value has the shape of a session token (not whether the session exists). */
export function looksLikeSessionToken(value: string | undefined): value is string {
  return value !== undefined && SESSION_TOKEN.test(value);
}
