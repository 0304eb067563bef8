import { randomBytes, randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import { logEvent } from "../platform/log.server";
import {
  decryptTotpSecret,
  encryptTotpSecret,
  hashRecoveryCodeSalted,
  recoveryCodeMatches,
} from "./second-factor-secrets.server";

// TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, what every authenticator app reads) and the
// ten recovery codes that go with it. The secret never leaves the server once confirmed; a
// code is accepted once (the step it was accepted for is remembered); a recovery code is
// accepted once (a conditional UPDATE claims it). The database holds the secret encrypted and
// each recovery code salted and keyed (second-factor-secrets.server.ts): a copy of it signs no one in.

const PERIOD = 30;
/** Codes one step early or late still count: phones' clocks drift. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function totpFor(secret: string, label: string, issuer: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** A recovery code as the database keeps it: salted, keyed with the site secret. */
export function hashRecoveryCode(code: string): string {
  return hashRecoveryCodeSalted(normalizeRecoveryCode(code));
}

/** Lower case, without spaces or dashes: how a code is typed does not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

/** Ten characters of a 31-letter alphabet (~50 bits), shown as two groups of five. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let code = "";
  for (const byte of bytes) code += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export function looksLikeTotpCode(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/**
 * The user's secret, decrypted: the confirmed one, or the one still being set up; `stored` is
 * the column as it is (for a conditional update).
 */
async function secretOf(
  userId: string,
  state: "confirmed" | "pending",
): Promise<{ secret: string; stored: string } | undefined> {
  const db = await database();
  const row = await db
    .selectFrom("totp_secrets")
    .select("secret")
    .where("user_id", "=", userId)
    .where("confirmed_at", state === "pending" ? "is" : "is not", null)
    .executeTakeFirst();
  if (!row) return undefined;
  const secret = decryptTotpSecret(userId, row.secret);
  if (secret === undefined) {
    logEvent(
      "error",
      "segredo TOTP ilegível: o site-secret não é o que o cifrou (backup restaurado sem ele?)",
      {
        userId,
      },
    );
    return undefined;
  }
  return { secret, stored: row.secret };
}

export async function totpStatus(userId: string): Promise<"off" | "pending" | "on"> {
  const db = await database();
  const row = await db
    .selectFrom("totp_secrets")
    .select("confirmed_at")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return "off";
  return row.confirmed_at ? "on" : "pending";
}

export interface TotpSetup {
  secret: string;
  /** The QR code of the otpauth:// URI, as an SVG document. */
  qrSvg: string;
}

/**
 * A new unconfirmed secret for the user (replacing an earlier unconfirmed one), or undefined
 * when two-factor is already on.
 */
export async function startTotpSetup(userId: string): Promise<string | undefined> {
  const db = await database();
  const secret = new Secret({ size: 20 }).base32;
  await db
    .deleteFrom("totp_secrets")
    .where("user_id", "=", userId)
    .where("confirmed_at", "is", null)
    .execute();
  const existing = await db
    .selectFrom("totp_secrets")
    .select("user_id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (existing) return undefined;
  await db
    .insertInto("totp_secrets")
    .values({
      user_id: userId,
      secret: encryptTotpSecret(userId, secret),
      created_at: new Date().toISOString(),
    })
    .execute();
  return secret;
}

/** The setup under way (secret and QR code), shown only until it is confirmed. */
export async function pendingTotpSetup(
  userId: string,
  label: string,
  issuer: string,
): Promise<TotpSetup | undefined> {
  const pending = await secretOf(userId, "pending");
  if (pending === undefined) return undefined;
  const uri = totpFor(pending.secret, label, issuer).toString();
  return { secret: pending.secret, qrSvg: renderSVG(uri, { border: 2 }) };
}

/** Which step a code belongs to (within the window), or undefined when it is wrong. */
function matchingStep(secret: string, code: string, now: number): number | undefined {
  if (!looksLikeTotpCode(code)) return undefined;
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    period: PERIOD,
    window: WINDOW,
    timestamp: now,
  });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / PERIOD) + delta;
}

/**
 * Confirm the setup with a current code: two-factor is on and ten new recovery codes replace
 * any earlier ones. Returns the codes (to be shown once), or undefined for a wrong code.
 */
export async function confirmTotp(
  userId: string,
  code: string,
  now = Date.now(),
  /** What must commit with it (its audit entry); it runs only when the code was right. */
  alongside?: (trx: Transaction<Database>) => Promise<void>,
): Promise<string[] | undefined> {
  const db = await database();
  const pending = await secretOf(userId, "pending");
  if (pending === undefined) return undefined;
  const step = matchingStep(pending.secret, code, now);
  if (step === undefined) return undefined;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const confirmed = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("totp_secrets")
      .set({ confirmed_at: new Date(now).toISOString(), last_used_step: step })
      .where("user_id", "=", userId)
      .where("confirmed_at", "is", null)
      .where("secret", "=", pending.stored)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    const createdAt = new Date(now).toISOString();
    await trx
      .insertInto("recovery_codes")
      .values(
        codes.map((c) => ({
          id: randomUUID(),
          user_id: userId,
          code_hash: hashRecoveryCode(c),
          created_at: createdAt,
        })),
      )
      .execute();
    await alongside?.(trx);
    return true;
  });
  return confirmed ? codes : undefined;
}

/**
 * Whether the code is right for the user's confirmed secret and was not used before: the step
 * it belongs to must be later than the last one accepted, claimed with one conditional UPDATE
 * so the same code sent twice at once works once.
 */
export async function verifyTotp(userId: string, code: string, now = Date.now()): Promise<boolean> {
  const db = await database();
  const confirmed = await secretOf(userId, "confirmed");
  if (confirmed === undefined) return false;
  const step = matchingStep(confirmed.secret, code, now);
  if (step === undefined) return false;
  const claimed = await db
    .updateTable("totp_secrets")
    .set({ last_used_step: step })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Use one of the user's recovery codes: true once per code, never again. */
export async function spendRecoveryCode(userId: string, code: string, now = Date.now()): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (!/^[a-z0-9]{10}$/.test(normalized)) return false;
  const db = await database();
  // Each code has its own salt: compare with the user's unused ones (ten at most).
  const unused = await db
    .selectFrom("recovery_codes")
    .select(["id", "code_hash"])
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
  const match = unused.find((row) => recoveryCodeMatches(row.code_hash, normalized));
  if (!match) return false;
  const claimed = await db
    .updateTable("recovery_codes")
    .set({ used_at: new Date(now).toISOString() })
    .where("id", "=", match.id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function unusedRecoveryCodes(userId: string): Promise<number> {
  const db = await database();
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Turn two-factor off: the secret and every recovery code go (with `alongside`, its entry). */
export async function disableTotp(
  userId: string,
  alongside?: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  const db = await database();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    await trx.deleteFrom("totp_secrets").where("user_id", "=", userId).execute();
    await alongside?.(trx);
  });
}

/** Which second factor a right code was: the authenticator app's, or one of the recovery codes. */
export type SecondFactorKind = "aplicativo" | "código de recuperação";

/**
 * A code typed at a second-factor prompt: six digits are a TOTP code, anything else a recovery
 * code. Which one it was, when right (a recovery code used says the phone may be lost); null when wrong.
 */
export async function checkSecondFactorCode(userId: string, code: string): Promise<SecondFactorKind | null> {
  const compact = code.replace(/\s/g, "");
  if (looksLikeTotpCode(compact)) return (await verifyTotp(userId, compact)) ? "aplicativo" : null;
  return (await spendRecoveryCode(userId, compact)) ? "código de recuperação" : null;
}
