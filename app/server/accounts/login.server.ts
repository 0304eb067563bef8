import { setTimeout as sleep } from "node:timers/promises";
import { recordAudit } from "../audit/audit-log.server";
import { rateLimitKey } from "../platform/ip-address.server";
import { recordSignInFailure } from "../platform/metrics.server";
import { decoyHash, verifyPassword } from "./password.server";
import { createPendingSignIn } from "./pending-sign-in.server";
import { countRecent, forgetEvent, recordEvent } from "./rate-limit.server";
import { hasSecondFactor } from "./second-factor-policy.server";
import { createSession } from "./sessions.server";
import type { SecondFactorKind } from "./totp.server";
import { findUserByEmail, findUserById } from "./users.server";

const WINDOW_MS = 15 * 60 * 1000;
/** Attempts allowed per client address within the window; past it the address gets 429. */
export const MAX_ATTEMPTS_PER_ADDRESS = 20;
/** Each recent failure for an e-mail delays the next attempt for it this much more… */
export const DELAY_PER_FAILURE_MS = 250;
/** …up to this: the owner's right password is never more than this late. */
export const MAX_DELAY_MS = 3000;

export const LOGIN_FAILED_MESSAGE = "E-mail ou senha incorretos.";
export const LOGIN_LOCKED_MESSAGE = "Muitas tentativas de login. Aguarde 15 minutos e tente novamente.";

/** Where the browser goes next: the admin, or the second-factor step when the account has one. */
export const SECOND_FACTOR_PATH = "/auth/verificacao";

export type LoginResult =
  | { ok: true; setCookie: string; location: string }
  | { ok: false; status: 401 | 429; message: string };

/**
 * Check e-mail and password, with two brakes on guessing, both counted in the database:
 *
 * - per e-mail, a delay: each recent failure for that e-mail slows the next attempt for it, up
 *   to MAX_DELAY_MS. Never a refusal: anyone can type the owner's e-mail, and a refusal would
 *   let them keep the owner out.
 * - per client address (an IPv6 /64 counts as one), a hard limit: past
 *   MAX_ATTEMPTS_PER_ADDRESS in 15 minutes the attempt is refused (429) without checking the
 *   password.
 *
 * The message never tells whether the e-mail exists.
 */
export async function attemptLogin(
  request: Request,
  email: string,
  password: string,
  clientIp: string,
): Promise<LoginResult> {
  const normalized = email.trim().toLowerCase();
  const emailBucket = `login-fail:email:${normalized}`;
  const addressBucket = `login-fail:ip:${rateLimitKey(clientIp)}`;
  // Count this attempt as a failure before checking anything, so simultaneous attempts cannot
  // all slip under the limit; a successful sign-in takes it back.
  const [emailEvent, addressEvent] = await Promise.all([
    recordEvent(emailBucket),
    recordEvent(addressBucket),
  ]);
  const [emailAttempts, addressAttempts] = await Promise.all([
    countRecent(emailBucket, WINDOW_MS),
    countRecent(addressBucket, WINDOW_MS),
  ]);
  if (addressAttempts > MAX_ATTEMPTS_PER_ADDRESS) {
    // No password was checked: not a guess at this e-mail, so it does not slow its owner.
    await forgetEvent(emailEvent);
    recordSignInFailure("rate-limited");
    await recordAudit(null, { action: "signin.rate_limited", ...attempted(normalized) });
    return { ok: false, status: 429, message: LOGIN_LOCKED_MESSAGE };
  }
  await sleep(loginDelayMs(emailAttempts - 1));

  const user = normalized ? await findUserByEmail(normalized) : undefined;
  // Unknown e-mails cost the same hashing time as known ones.
  const valid = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
  if (!user || !valid) {
    recordSignInFailure("credentials");
    await recordAudit(null, { action: "signin.failure", ...attempted(normalized) });
    return { ok: false, status: 401, message: LOGIN_FAILED_MESSAGE };
  }

  // The e-mail's earlier failures stay: a stranger guessing it is still guessing.
  await Promise.all([forgetEvent(emailEvent), forgetEvent(addressEvent)]);
  if (await hasSecondFactor(user.id)) {
    // Any second factor (TOTP or a passkey) means the password alone opens nothing, whatever
    // the team's policy says: the browser gets a pending sign-in, not a session.
    return { ok: true, setCookie: await createPendingSignIn(request, user.id), location: SECOND_FACTOR_PATH };
  }
  return { ok: true, setCookie: await signInUser(request, user.id, "senha"), location: "/admin" };
}

/**
 * Start the user's session after every factor was checked, and record the sign-in (with how it
 * was made, and which second factor); returns the Set-Cookie value.
 */
export async function signInUser(
  request: Request,
  userId: string,
  method: "senha" | "senha e segundo fator" | "passkey",
  factor?: SecondFactorKind | "passkey",
): Promise<string> {
  const user = await findUserById(userId);
  // The session, the account's last sign-in and the entry commit together.
  return createSession(
    request,
    userId,
    { title: "Login realizado!", description: "Bem-vindo de volta.", variant: "success" },
    async (trx) => {
      await trx
        .updateTable("users")
        .set({ last_sign_in_at: new Date().toISOString() })
        .where("id", "=", userId)
        .execute();
      await recordAudit(
        { user: user ?? null },
        { action: "signin.success", details: factor ? { method, fator: factor } : { method } },
        trx,
      );
    },
  );
}

/** A refused attempt names the e-mail typed (cut: anything may be typed there). */
function attempted(email: string) {
  const typed = email.slice(0, 320);
  return { target: { type: "email", label: typed }, subject: typed };
}

/** How long an attempt waits after this many recent failures (or attempts under way) for its e-mail. */
export function loginDelayMs(failures: number): number {
  return Math.min(Math.max(failures, 0) * DELAY_PER_FAILURE_MS, MAX_DELAY_MS);
}
