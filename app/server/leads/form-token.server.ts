import { createHmac, timingSafeEqual } from "node:crypto";
import { database } from "../db/database.server";
import { settingSecret } from "../db/setting-secret.server";

// The quote form carries a signed token that says when the page was rendered. A request must
// arrive at least a few seconds after that: bots that fetch the page and post at once fail,
// people (who need longer to type their name) never notice. There is no maximum age, so a page
// served from a cache (an older token) can only pass more easily.
// See docs/decisions/0005-quote-spam-defences.md.

const SETTING_KEY = "quote_form_secret";
const VERSION = "v1";
/** Tolerated clock difference between instances for a token "from the future". */
const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

async function formSecret(): Promise<Buffer> {
  // One secret per database, shared by every instance that uses it (the settings table).
  return settingSecret(await database(), SETTING_KEY);
}

function sign(secret: Buffer, issuedAt: string): string {
  return createHmac("sha256", secret).update(`quote-form.${VERSION}.${issuedAt}`).digest("base64url");
}

/** A token stamped with the current time. */
export async function createFormToken(now = Date.now()): Promise<string> {
  const issuedAt = now.toString(36);
  return `${VERSION}.${issuedAt}.${sign(await formSecret(), issuedAt)}`;
}

export type FormTokenCheck =
  | { ok: true; ageMs: number }
  | { ok: false; reason: "missing" | "invalid" | "too-fast" };

/** Whether a submitted token is ours and at least `minAgeMs` old. */
export async function checkFormToken(
  token: string,
  minAgeMs: number,
  now = Date.now(),
): Promise<FormTokenCheck> {
  if (!token) return { ok: false, reason: "missing" };
  const [version, issuedAt, signature, ...rest] = token.split(".");
  if (version !== VERSION || !issuedAt || !signature || rest.length || !/^[0-9a-z]{1,12}$/.test(issuedAt)) {
    return { ok: false, reason: "invalid" };
  }
  const expected = Buffer.from(sign(await formSecret(), issuedAt));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: "invalid" };
  }
  const ageMs = now - Number.parseInt(issuedAt, 36);
  if (ageMs < -MAX_CLOCK_SKEW_MS) return { ok: false, reason: "invalid" };
  if (ageMs < minAgeMs) return { ok: false, reason: "too-fast" };
  return { ok: true, ageMs };
}
