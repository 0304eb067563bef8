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
import { ensurePrivateDirectory, PRIVATE_FILE_MODE } from "../db/private-files.server.ts";

// The site's own secret: the key behind everything the database must not hold in a form a
// stolen copy (a backup) can use: the erasure log's hashes, TOTP secrets, recovery codes.
// It never lives in the database. It comes from SITE_SECRET, or from the file `site-secret` in
// DATA_DIR, created (mode 0600, 32 random bytes) the first time a key is needed. Each use gets
// its own key, derived with HKDF-SHA-256. See docs/decisions/0046.

type Env = Record<string, string | undefined>;

/** The file in DATA_DIR that holds the secret when SITE_SECRET is not set. */
export const SITE_SECRET_FILE = "site-secret";
const MIN_LENGTH = 32;

/** SITE_SECRET's check, for the start's list of problems (environment.server.ts). */
export function siteSecretProblems(env: Env): string[] {
  const value = env.SITE_SECRET?.trim();
  if (!value || value.length >= MIN_LENGTH) return [];
  return [
    `SITE_SECRET: use um segredo aleatório de ${MIN_LENGTH} caracteres ou mais (ex.: openssl rand -hex 32), ou deixe vazio para o site criar um em DATA_DIR.`,
  ];
}

let configured: Env | undefined;

/** The environment the database was opened with (startDatabase): the secret follows it. */
export function takeSiteSecretFrom(env: Env): void {
  configured = env;
}

const secrets = new Map<string, Buffer>();

function secretFile(env: Env): string {
  // Path resolution like databaseConfigFromEnv: DATA_DIR, or ./data.
  return path.resolve(env.DATA_DIR?.trim() || "data", SITE_SECRET_FILE);
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

/** Where `env` takes its secret from: SITE_SECRET, or the file in DATA_DIR. */
function sourceOf(env: Env): string {
  const given = env.SITE_SECRET?.trim();
  return given ? `env:${given}` : `file:${secretFile(env)}`;
}

/** The site secret for `env` (SITE_SECRET, or the file in DATA_DIR). */
export function siteSecret(env: Env = configured ?? process.env): Buffer {
  const where = sourceOf(env);
  let secret = secrets.get(where);
  if (!secret) {
    const given = env.SITE_SECRET?.trim();
    secret = given ? Buffer.from(given, "utf8") : fileSecret(secretFile(env));
    secrets.set(where, secret);
  }
  return secret;
}

/** What a derived key is for: one key per use, so none can stand in for another. */
export type SiteKeyPurpose = "erasure-hash" | "totp-secret" | "recovery-code";

const keys = new Map<string, Buffer>();

/** A 32-byte key for `purpose`, derived from the site secret (HKDF-SHA-256), once per source. */
export function siteKey(purpose: SiteKeyPurpose, env: Env = configured ?? process.env): Buffer {
  const id = `${purpose}|${sourceOf(env)}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", siteSecret(env), Buffer.alloc(0), `site:${purpose}`, 32));
    keys.set(id, key);
  }
  return key;
}

/** HMAC-SHA-256 (hex) of `text` with the key for `purpose`. */
export function keyedHash(purpose: SiteKeyPurpose, text: string, env?: Env): string {
  return createHmac("sha256", siteKey(purpose, env)).update(text, "utf8").digest("hex");
}
