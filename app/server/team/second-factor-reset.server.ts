import { siteDefaults } from "~/config/site-env.server";
import type { CurrentSession } from "../accounts/sessions.server";
import type { AuditActor } from "../audit/audit-log.server";
import { type AuditedResult, auditedChange } from "../commands/audited-change.server";
import { startDatabase } from "../db/database.server";
import { enqueueAccountEmail } from "../email/account-email.server";
import { wakeOutboxWorker } from "../email/outbox-worker.server";
import { USER_NOT_FOUND_MESSAGE } from "./team-members.server";

// A colleague who lost the phone and the recovery codes (and has no passkey) cannot get past
// the second step; an Administrador clears it so the password alone signs in again. Everything
// that could still answer for the account goes (TOTP secret, recovery codes, passkeys, their
// pending challenges, half-finished sign-ins, sessions), in one transaction with the audit entry
// and the e-mail, so a reset that is recorded is a reset that happened.

export const RESET_SELF_MESSAGE =
  "Para a sua própria conta, use 'Minha conta': lá você desativa a verificação em duas etapas e remove passkeys.";
export const RESET_CONFIRMATION_MESSAGE =
  "Marque a confirmação para redefinir a verificação em duas etapas; nada foi alterado.";
export const NOTHING_TO_RESET_MESSAGE =
  "Esta conta não tem verificação em duas etapas nem passkey; nada foi alterado.";

export type SecondFactorResetResult =
  | { ok: true; email: string }
  | { ok: false; status: 403 | 404 | 409; message: string };

/** An Administrador clears a colleague's second step from the team screen. */
export async function resetSecondFactors(
  actor: CurrentSession,
  userId: string,
  siteName: string,
): Promise<SecondFactorResetResult> {
  if (userId === actor.user.id) return { ok: false, status: 403, message: RESET_SELF_MESSAGE };
  return clearSecondFactors({ id: userId }, siteName, {
    actor,
    whoDidIt: `${actor.user.email}, Administrador do painel do site ${siteName},`,
    auditDetails: {},
  });
}

/**
 * The server's maintainer clears an account's second step from the command line: the way back in
 * for the last Administrador, whom no colleague can reset. Audited with no acting account.
 */
export async function resetSecondFactorsByEmail(
  email: string,
  siteName: string,
): Promise<SecondFactorResetResult> {
  return clearSecondFactors({ email: email.trim().toLowerCase() }, siteName, {
    actor: null,
    whoDidIt: `Quem administra o servidor do site ${siteName}`,
    auditDetails: { pela_linha_de_comando: true },
  });
}

interface ResetAuthor {
  actor: AuditActor | null;
  /** The e-mail's subject of "redefiniu…": who did it, as the account owner should read it. */
  whoDidIt: string;
  auditDetails: Record<string, unknown>;
}

/** Nothing was deleted: no entry. */
const refusal = (value: SecondFactorResetResult): AuditedResult<SecondFactorResetResult> => ({
  value,
  audit: null,
});

async function clearSecondFactors(
  account: { id: string } | { email: string },
  siteName: string,
  author: ResetAuthor,
): Promise<SecondFactorResetResult> {
  await startDatabase();
  const result = await auditedChange(
    author.actor ?? { user: null },
    async (trx): Promise<AuditedResult<SecondFactorResetResult>> => {
      const found = trx.selectFrom("users").select(["id", "email"]);
      const user = await ("id" in account
        ? found.where("id", "=", account.id)
        : found.where("email", "=", account.email)
      ).executeTakeFirst();
      if (!user) return refusal({ ok: false, status: 404, message: USER_NOT_FOUND_MESSAGE });
      const userId = user.id;
      const totp = await trx
        .deleteFrom("totp_secrets")
        .where("user_id", "=", userId)
        .returning("confirmed_at")
        .execute();
      const passkeys = await trx.deleteFrom("passkeys").where("user_id", "=", userId).executeTakeFirst();
      const removedPasskeys = Number(passkeys.numDeletedRows);
      if (totp.length === 0 && removedPasskeys === 0) {
        // Nothing was deleted above; recovery codes never outlive their secret.
        return refusal({ ok: false, status: 409, message: NOTHING_TO_RESET_MESSAGE });
      }
      await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
      await trx.deleteFrom("webauthn_challenges").where("user_id", "=", userId).execute();
      // A pending sign-in would still ask for a code that no longer exists; a session is what the
      // colleague (or whoever has the lost phone and the password) may still hold.
      await trx.deleteFrom("pending_sign_ins").where("user_id", "=", userId).execute();
      await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
      await enqueueAccountEmail(trx, {
        to: user.email,
        subject: `Verificação em duas etapas redefinida no painel do site ${siteName}`,
        paragraphs: [
          "Olá!",
          `${author.whoDidIt} redefiniu a verificação em duas etapas da sua conta: o aplicativo autenticador, os códigos de recuperação e as passkeys não valem mais, e todas as sessões abertas foram encerradas.`,
          "Para entrar, use o seu e-mail e a sua senha. Depois, em 'Minha conta', ative de novo a verificação em duas etapas ou adicione uma passkey.",
          "Se você não pediu isso, fale com a equipe e troque a sua senha.",
        ],
        link: { label: "Entrar no painel", url: `${siteDefaults().publicUrl}/auth` },
      });
      return {
        value: { ok: true, email: user.email },
        audit: {
          action: "user.two_factor_reset",
          target: { type: "user", id: user.id, label: user.email },
          details: {
            aplicativo_autenticador: totp.some((row) => row.confirmed_at !== null),
            passkeys_removidas: removedPasskeys,
            ...author.auditDetails,
          },
        },
      };
    },
  );
  if (result.ok) wakeOutboxWorker();
  return result;
}
