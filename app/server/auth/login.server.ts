import { setTimeout as sleep } from "node:timers/promises";
import { decoyHash, verifyPassword } from "./password.server";
import { clearEvents, countRecent, forgetEvent, recordEvent } from "./rate-limit.server";
import { createSession } from "./sessions.server";
import { findUserByEmail } from "./users.server";

const WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed per e-mail and per address within the window before refusing. */
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export const LOGIN_FAILED_MESSAGE = "E-mail ou senha incorretos.";
export const LOGIN_LOCKED_MESSAGE = "Muitas tentativas de login. Aguarde 15 minutos e tente novamente.";

export type LoginResult = { ok: true; setCookie: string } | { ok: false; status: 401 | 429; message: string };

/**
 * Check e-mail and password. Failures are counted per e-mail and per client address: each one
 * slows the next answer a little, and past the limit the attempt is refused (429) without
 * checking the password. The message never tells whether the e-mail exists.
 */
export async function attemptLogin(
  request: Request,
  email: string,
  password: string,
  clientIp: string,
): Promise<LoginResult> {
  const normalized = email.trim().toLowerCase();
  const emailBucket = `login-fail:email:${normalized}`;
  const ipBucket = `login-fail:ip:${clientIp}`;
  // Count this attempt as a failure before checking anything, so simultaneous attempts cannot
  // all slip under the limit; a successful sign-in takes it back.
  const [, ipEvent] = await Promise.all([recordEvent(emailBucket), recordEvent(ipBucket)]);
  const [emailAttempts, ipAttempts] = await Promise.all([
    countRecent(emailBucket, WINDOW_MS),
    countRecent(ipBucket, WINDOW_MS),
  ]);
  if (emailAttempts > MAX_FAILURES_PER_EMAIL || ipAttempts > MAX_FAILURES_PER_ADDRESS) {
    return { ok: false, status: 429, message: LOGIN_LOCKED_MESSAGE };
  }
  await sleep(Math.min(Math.max(emailAttempts, ipAttempts) - 1, 8) * 250);

  const user = normalized ? await findUserByEmail(normalized) : undefined;
  // Unknown e-mails cost the same hashing time as known ones.
  const valid = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
  if (!user || !valid) return { ok: false, status: 401, message: LOGIN_FAILED_MESSAGE };

  await Promise.all([clearEvents(emailBucket), forgetEvent(ipEvent)]);
  const setCookie = await createSession(request, user.id, {
    title: "Login realizado!",
    description: "Bem-vindo de volta.",
    variant: "success",
  });
  return { ok: true, setCookie };
}
