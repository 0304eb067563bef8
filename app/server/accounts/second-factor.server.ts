import { recordAudit } from "../audit/audit-log.server";
import { rateLimitKey } from "../platform/ip-address.server";
import { recordSignInFailure } from "../platform/metrics.server";
import { signInUser } from "./login.server";
import { verifyPasskeySignIn } from "./passkeys.server";
import { finishPendingSignIn, type PendingSignIn } from "./pending-sign-in.server";
import { admitEvent, forgetEvents } from "./rate-limit.server";
import { checkSecondFactorCode, type SecondFactorKind } from "./totp.server";
import { findUserById } from "./users.server";

const WINDOW_MS = 15 * 60 * 1000;
/** Codes tried per account within the window; past it, 429 (a 6-digit code cannot be guessed in 5). */
export const MAX_CODES_PER_ACCOUNT = 5;
/** …and per client address, over every account it tries. */
export const MAX_CODES_PER_ADDRESS = 20;

export const WRONG_CODE_MESSAGE = "Código incorreto ou já usado. Confira o aplicativo e tente novamente.";
export const CODES_LOCKED_MESSAGE = "Muitas tentativas de código. Aguarde 15 minutos e entre novamente.";
export const PENDING_EXPIRED_MESSAGE = "O tempo para informar o código acabou. Entre novamente.";

export type SecondFactorResult =
  | { ok: true; setCookie: string }
  | { ok: false; status: 401 | 410 | 429; message: string };

function admitAttempt(pending: PendingSignIn, clientIp: string) {
  return admitEvent(`second-factor:${pending.userId}`, [
    { bucket: `second-factor:user:${pending.userId}`, max: MAX_CODES_PER_ACCOUNT, windowMs: WINDOW_MS },
    { bucket: `second-factor:ip:${rateLimitKey(clientIp)}`, max: MAX_CODES_PER_ADDRESS, windowMs: WINDOW_MS },
  ]);
}

async function refuse(pending: PendingSignIn, factor: string, message: string): Promise<SecondFactorResult> {
  recordSignInFailure("second-factor");
  const user = await findUserById(pending.userId);
  await recordAudit(
    { user: user ?? null },
    { action: "signin.failure", details: { etapa: "segundo fator", fator: factor } },
  );
  return { ok: false, status: 401, message };
}

async function finish(
  request: Request,
  pending: PendingSignIn,
  factor: SecondFactorKind | "passkey",
): Promise<SecondFactorResult> {
  if (!(await finishPendingSignIn(pending)))
    return { ok: false, status: 410, message: PENDING_EXPIRED_MESSAGE };
  return { ok: true, setCookie: await signInUser(request, pending.userId, "senha e segundo fator", factor) };
}

type StepCheck =
  | { ok: true; factor: SecondFactorKind | "passkey" }
  | { ok: false; factor: string; message: string };

/**
 * One attempt at the second step: counted against the account and the address before it is
 * checked; a right answer takes its own attempt back and turns the pending sign-in into a
 * session.
 */
async function attemptSecondStep(
  request: Request,
  pending: PendingSignIn,
  clientIp: string,
  check: () => Promise<StepCheck>,
): Promise<SecondFactorResult> {
  const admission = await admitAttempt(pending, clientIp);
  if (!admission.ok) {
    recordSignInFailure("rate-limited");
    return { ok: false, status: 429, message: CODES_LOCKED_MESSAGE };
  }
  const checked = await check();
  if (!checked.ok) return refuse(pending, checked.factor, checked.message);
  await forgetEvents(admission.events);
  return finish(request, pending, checked.factor);
}

/** The second step with a current TOTP code (once) or an unused recovery code. */
export function completeSecondFactor(
  request: Request,
  pending: PendingSignIn,
  code: string,
  clientIp: string,
): Promise<SecondFactorResult> {
  return attemptSecondStep(request, pending, clientIp, async () => {
    const factor = await checkSecondFactorCode(pending.userId, code);
    return factor ? { ok: true, factor } : { ok: false, factor: "código", message: WRONG_CODE_MESSAGE };
  });
}

/**
 * The second step with one of the account's passkeys: counted like a code; presence is enough,
 * since the password was the first factor.
 */
export function completePasskeySecondStep(
  request: Request,
  pending: PendingSignIn,
  responseJson: string,
  clientIp: string,
): Promise<SecondFactorResult> {
  return attemptSecondStep(request, pending, clientIp, async () => {
    const result = await verifyPasskeySignIn(request, responseJson, pending.userId);
    return result.ok
      ? { ok: true, factor: "passkey" }
      : { ok: false, factor: "passkey", message: result.message };
  });
}
