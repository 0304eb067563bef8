import { z } from "zod";
import { passwordSchema } from "../config/admin-credentials.server";
import { database } from "../db/database.server";
import { wakeOutboxWorker } from "../email/outbox-worker.server";
import { recordAccountKeyChange } from "./account-key-change.server";
import { hashPassword } from "./password.server";
import { passwordProblem } from "./password-policy.server";
import { admitEvent } from "./rate-limit.server";
import { markAuthenticated } from "./recent-authentication.server";
import type { CurrentSession } from "./sessions.server";
import { passwordMatches } from "./users.server";
import { voidPasswordResets } from "./void-password-resets.server";

// A signed-in person changes their own password: the current one is asked (a session left open
// on a shared computer is not enough), and every other session of the account ends; this one
// stays. The new hash, the ended sessions, the audit entry and the owner's e-mail commit together.

const WINDOW_MS = 15 * 60 * 1000;
/** Wrong current passwords allowed per account within the window. */
export const CHANGE_ATTEMPTS = 10;

export const changePasswordSchema = z
  .object({
    current: z.string().min(1, "Informe a senha atual.").max(1024, "Senha atual incorreta."),
    password: passwordSchema,
    confirmation: z.string(),
  })
  .refine((form) => form.password === form.confirmation, {
    message: "As senhas não conferem.",
    path: ["confirmation"],
  });

export type ChangePasswordResult = { ok: true } | { ok: false; status: 400 | 429; message: string };

export async function changePassword(
  session: CurrentSession,
  input: z.infer<typeof changePasswordSchema>,
  siteName: string,
): Promise<ChangePasswordResult> {
  const admission = await admitEvent("password-change", [
    { bucket: `password-change:${session.user.id}`, max: CHANGE_ATTEMPTS, windowMs: WINDOW_MS },
  ]);
  if (!admission.ok)
    return { ok: false, status: 429, message: "Muitas tentativas. Aguarde 15 minutos e tente novamente." };
  if (!(await passwordMatches(session.user.id, input.current)))
    return { ok: false, status: 400, message: "Senha atual incorreta." };
  const weak = await passwordProblem(input.password, [session.user.email, session.user.name ?? "", siteName]);
  if (weak) return { ok: false, status: 400, message: weak };
  const passwordHash = await hashPassword(input.password);
  const db = await database();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
      .where("id", "=", session.user.id)
      .execute();
    await trx
      .deleteFrom("sessions")
      .where("user_id", "=", session.user.id)
      .where("id_hash", "<>", session.idHash)
      .execute();
    await voidPasswordResets(trx, session.user.id);
    await recordAccountKeyChange(
      trx,
      session,
      { action: "user.password_change", notice: "A senha foi trocada" },
      siteName,
    );
  });
  wakeOutboxWorker();
  // The current password was just typed: this session may go on changing the account's keys.
  await markAuthenticated(session);
  return { ok: true };
}
