import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { keyedHash, type SecretSource, siteKey } from "../db/site-secret.server.ts";

// How the database keeps second factors: nothing a stolen copy (a backup) can sign in with.
// Migration 0022 wrote the same formats for the values it converted; keep reading them.
// - A TOTP secret is encrypted with AES-256-GCM under a key derived from the site secret
//   (site-secret.server.ts), bound to its user's id: `totp1:<iv>:<ciphertext>:<tag>`.
// - A recovery code is kept as `rc1:<salt>:<HMAC-SHA-256>`: a per-code random salt and the
//   site's key over the SHA-256 of the normalised code, so the hashes that migration 0022 found
//   (plain SHA-256) could be converted without the codes. See docs/decisions/0046.

const TOTP_PREFIX = "totp1";
const RECOVERY_PREFIX = "rc1";

/** The TOTP secret (base32) as the database keeps it. */
export function encryptTotpSecret(userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", siteKey("totp-secret"), iv);
  cipher.setAAD(Buffer.from(userId, "utf8"));
  const encrypted = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [TOTP_PREFIX, iv, encrypted, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(":");
}

/**
 * The TOTP secret back, or undefined when it cannot be read: not in our format, or encrypted
 * under another site secret (a backup restored without its `site-secret`).
 */
export function decryptTotpSecret(
  userId: string,
  stored: string,
  /** Another site's configuration (a test reading its server's database); this site's by default. */
  source?: SecretSource,
): string | undefined {
  const [prefix, iv, encrypted, tag, ...rest] = stored.split(":");
  if (prefix !== TOTP_PREFIX || !iv || !encrypted || !tag || rest.length) return undefined;
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      siteKey("totp-secret", source),
      Buffer.from(iv, "base64url"),
    );
    decipher.setAAD(Buffer.from(userId, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(encrypted, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return undefined;
  }
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

function recoveryDigest(salt: string, plainHash: string): string {
  return keyedHash("recovery-code", `${salt}:${plainHash}`);
}

/** A recovery code's stored form from the SHA-256 of its normalised text (migration 0022). */
export function saltedRecoveryHashOf(plainHash: string): string {
  const salt = randomBytes(16).toString("base64url");
  return `${RECOVERY_PREFIX}:${salt}:${recoveryDigest(salt, plainHash)}`;
}

/** A new recovery code's stored form; `normalized` is the code as normalizeRecoveryCode gives it. */
export function hashRecoveryCodeSalted(normalized: string): string {
  return saltedRecoveryHashOf(sha256(normalized));
}

/** Whether the stored form is that of the code (`normalized`); constant time in the digest. */
export function recoveryCodeMatches(stored: string, normalized: string): boolean {
  const [prefix, salt, digest, ...rest] = stored.split(":");
  if (prefix !== RECOVERY_PREFIX || !salt || !digest || rest.length) return false;
  const expected = Buffer.from(recoveryDigest(salt, sha256(normalized)), "hex");
  const given = Buffer.from(digest, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
