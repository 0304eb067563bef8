import { z } from "zod";
import { database } from "../db/database.server";
import { admitEvent, forgetEvents } from "./rate-limit.server";
import type { CurrentSession } from "./sessions.server";
import { checkSecondFactorCode } from "./totp.server";
import { passwordMatches } from "./users.server";

// The keys of an account (passkeys, TOTP, recovery codes, password) change only when the person
// proved who they are a few minutes ago: a session cookie alone, stolen or left open on a shared
// computer, cannot add a passkey of its own. Each session keeps when its user last typed the
// password or a second factor (sign-in sets it); the account page's 'Confirme que é você' sets
// it again.

/** How long a confirmation of the password (or of a second factor) opens the account's keys. */
export const RECENT_AUTHENTICATION_MS = 10 * 60 * 1000;
const WINDOW_MS = 15 * 60 * 1000;
/** Wrong confirmations allowed per account within the window. */
export const REAUTHENTICATION_ATTEMPTS = 10;

export const REAUTHENTICATION_REQUIRED_MESSAGE =
  "Por segurança, confirme a sua senha em 'Confirme que é você', no topo de 'Minha conta', e tente de novo. Nada foi alterado.";

export const reauthenticationSchema = z
  .object({
    password: z.string().max(1024, "Senha incorreta."),
    code: z.string().trim().max(32, "Código incorreto."),
  })
  .refine((form) => form.password !== "" || form.code !== "", {
    message: "Informe a sua senha ou um código do aplicativo autenticador.",
  });

/** Until when this session may change the account's keys, or null when it must confirm first. */
export function recentAuthenticationUntil(session: CurrentSession, now = Date.now()): string | null {
  if (!session.authenticatedAt) return null;
  const until = Date.parse(session.authenticatedAt) + RECENT_AUTHENTICATION_MS;
  return until > now ? new Date(until).toISOString() : null;
}

export function hasRecentAuthentication(session: CurrentSession): boolean {
  return recentAuthenticationUntil(session) !== null;
}

/** The session's user just typed their password (or a second factor): the keys open again. */
export async function markAuthenticated(session: CurrentSession): Promise<void> {
  const db = await database();
  const now = new Date().toISOString();
  await db
    .updateTable("sessions")
    .set({ authenticated_at: now })
    .where("id_hash", "=", session.idHash)
    .execute();
  session.authenticatedAt = now;
}

export type ReauthenticationResult = { ok: true } | { ok: false; status: 400 | 429; message: string };

/** Check the password or a second-factor code typed on the account page; a right one marks the session. */
export async function reauthenticate(
  session: CurrentSession,
  input: z.infer<typeof reauthenticationSchema>,
): Promise<ReauthenticationResult> {
  const admission = await admitEvent("reauthentication", [
    { bucket: `reauthentication:${session.user.id}`, max: REAUTHENTICATION_ATTEMPTS, windowMs: WINDOW_MS },
  ]);
  if (!admission.ok)
    return { ok: false, status: 429, message: "Muitas tentativas. Aguarde 15 minutos e tente novamente." };
  const right = input.password
    ? await passwordMatches(session.user.id, input.password)
    : (await checkSecondFactorCode(session.user.id, input.code)) !== null;
  if (!right)
    return {
      ok: false,
      status: 400,
      message: input.password ? "Senha incorreta." : "Código incorreto ou já usado.",
    };
  await forgetEvents(admission.events);
  await markAuthenticated(session);
  return { ok: true };
}
