import { createHash, randomBytes } from "node:crypto";
import { looksLikeSessionToken } from "./session-token.server";

// Invitation and password-reset links carry 32 random bytes (base64url, 43 characters, the
// session token's shape); the database keeps only their SHA-256, so reading it hands out no link.

export function newSingleUseToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashSingleUseToken(token) };
}

export function hashSingleUseToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Whether a link's token has the right shape (anything else names no invitation or reset). */
export const looksLikeSingleUseToken = looksLikeSessionToken;
