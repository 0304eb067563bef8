import { createHash, randomBytes } from "node:crypto";

// Invitation and password-reset links, and a pending sign-in's cookie, carry 32 random bytes
// (base64url, 43 characters); the database keeps only their SHA-256, so reading it hands out
// no link.

const RANDOM_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function newSingleUseToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashSingleUseToken(token) };
}

export function hashSingleUseToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Whether a token has the right shape (anything else names no invitation, reset or sign-in). */
export function looksLikeSingleUseToken(value: string | undefined): value is string {
  return value !== undefined && RANDOM_TOKEN.test(value);
}
