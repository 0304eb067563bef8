import type { Transaction } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema";
import { admitEvent } from "./rate-limit.server";
import type { CurrentSession } from "./sessions.server";
import { checkSecondFactorCode, confirmTotp, disableTotp } from "./totp.server";
import { passwordMatches } from "./users.server";

// A signed-in person turns their own TOTP on (confirming with a code from the new secret) or
// off (password and a code, so a session left open on a shared computer is not enough). Wrong
// attempts of either kind share one per-account limit.

const WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_CODE_ATTEMPTS = 10;
const LIMITED = {
  ok: false,
  status: 429,
  message: "Muitas tentativas. Aguarde 15 minutos e tente novamente.",
} as const;

export const confirmTotpSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Informe o código de 6 dígitos que o aplicativo mostra agora."),
});

export const disableTotpSchema = z.object({
  password: z.string().min(1, "Informe a sua senha.").max(1024, "Senha incorreta."),
  code: z
    .string()
    .trim()
    .min(1, "Informe o código do aplicativo ou um código de recuperação.")
    .max(32, "Código incorreto."),
});

export type AccountTwoFactorResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: 400 | 429; message: string };

function admit(userId: string) {
  return admitEvent("two-factor-settings", [
    { bucket: `two-factor-settings:${userId}`, max: ACCOUNT_CODE_ATTEMPTS, windowMs: WINDOW_MS },
  ]);
}

/** Finish turning TOTP on; the value is the ten recovery codes, to be shown once. */
export async function confirmTotpSetup(
  session: CurrentSession,
  input: z.infer<typeof confirmTotpSchema>,
  alongside?: (trx: Transaction<Database>) => Promise<void>,
): Promise<AccountTwoFactorResult<string[]>> {
  if (!(await admit(session.user.id)).ok) return LIMITED;
  const codes = await confirmTotp(session.user.id, input.code, Date.now(), alongside);
  if (!codes)
    return { ok: false, status: 400, message: "Código incorreto. Confira o aplicativo e tente de novo." };
  return { ok: true, value: codes };
}

export async function turnOffTotp(
  session: CurrentSession,
  input: z.infer<typeof disableTotpSchema>,
  alongside?: (trx: Transaction<Database>) => Promise<void>,
): Promise<AccountTwoFactorResult<null>> {
  if (!(await admit(session.user.id)).ok) return LIMITED;
  if (!(await passwordMatches(session.user.id, input.password)))
    return { ok: false, status: 400, message: "Senha incorreta." };
  const right = await checkSecondFactorCode(session.user.id, input.code);
  if (!right) return { ok: false, status: 400, message: "Código incorreto ou já usado." };
  await disableTotp(session.user.id, alongside);
  return { ok: true, value: null };
}
