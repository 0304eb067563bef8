import { createHmac, hkdfSync, randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  fchmodSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { type Configuration, configuration } from "../config/configuration.server.ts";
import { ensurePrivateDirectory, PRIVATE_FILE_MODE } from "./private-files.server.ts";

// The site's own secret: the key behind everything the database must not hold in a form a
// stolen copy (a backup) can use: the erasure log's hashes, TOTP secrets, recovery codes.
// It never lives in the database. It comes from SITE_SECRET, or from the file `site-secret` in
// DATA_DIR, created (mode 0600, 32 random bytes) the first time a key is needed. Each use gets
// its own key, derived with HKDF-SHA-256. See docs/decisions/0046.

/** Where the secret comes from: SITE_SECRET, or the file in DATA_DIR. */
export type SecretSource = Pick<Configuration, "siteSecret" | "dataDir">;

/** The file in DATA_DIR that holds the secret when SITE_SECRET is not set. */
export const SITE_SECRET_FILE = "site-secret";
const MIN_LENGTH = 32;

let configured: SecretSource | undefined;

/** The configuration the database was opened with (startDatabase): the secret follows it. */
export function takeSiteSecretFrom(source: SecretSource): void {
  configured = source;
}

const secrets = new Map<string, Buffer>();

function secretFile(source: SecretSource): string {
  return path.join(source.dataDir, SITE_SECRET_FILE);
}

/**
 * Read the file's secret, creating it first (0600, never overwritten) when there is none. It is
 * written under a temporary name and linked into place, so another process starting at the same
 * time never reads a half-written file: whichever link lands first is the secret of both.
 */
function fileSecret(file: string): Buffer {
  ensurePrivateDirectory(path.dirname(file));
  if (!existsSync(file)) {
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
    const fd = openSync(temporary, "wx", PRIVATE_FILE_MODE);
    try {
      fchmodSync(fd, PRIVATE_FILE_MODE);
      writeSync(fd, `${randomBytes(32).toString("base64url")}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      rmSync(temporary, { force: true });
    }
  }
  const text = readFileSync(file, "utf8").trim();
  if (text.length < MIN_LENGTH) throw new Error(`O arquivo ${file} não contém um segredo válido.`);
  return Buffer.from(text, "utf8");
}

/** A key for the memo: SITE_SECRET's value, or the file's path. */
function sourceOf(source: SecretSource): string {
  return source.siteSecret ? `env:${source.siteSecret}` : `file:${secretFile(source)}`;
}

/** The site secret (SITE_SECRET, or the file in DATA_DIR). */
export function siteSecret(source: SecretSource = configured ?? configuration()): Buffer {
  const where = sourceOf(source);
  let secret = secrets.get(where);
  if (!secret) {
    secret = source.siteSecret ? Buffer.from(source.siteSecret, "utf8") : fileSecret(secretFile(source));
    secrets.set(where, secret);
  }
  return secret;
}

/** What a derived key is for: one key per use, so none can stand in for another. */
export type SiteKeyPurpose = "erasure-hash" | "totp-secret" | "recovery-code";

const keys = new Map<string, Buffer>();

/** A 32-byte key for `purpose`, derived from the site secret (HKDF-SHA-256), once per source. */
export function siteKey(
  purpose: SiteKeyPurpose,
  source: SecretSource = configured ?? configuration(),
): Buffer {
  const id = `${purpose}|${sourceOf(source)}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", siteSecret(source), Buffer.alloc(0), `site:${purpose}`, 32));
    keys.set(id, key);
  }
  return key;
}

/** HMAC-SHA-256 (hex) of `text` with the key for `purpose`. */
export function keyedHash(purpose: SiteKeyPurpose, text: string, source?: SecretSource): string {
  return createHmac("sha256", siteKey(purpose, source)).update(text, "utf8").digest("hex");
}
