import { randomUUID } from "node:crypto";
import { z } from "zod";
import { siteDefaults } from "~/config/site-env.server";
import { recordAudit } from "../audit/audit-log.server";
import { emailSchema, passwordSchema } from "../config/admin-credentials.server";
import { startDatabase } from "../db/database.server";
import { enqueueAccountEmail } from "../email/account-email.server";
import { wakeOutboxWorker } from "../email/outbox-worker.server";
import { rateLimitKey } from "../platform/ip-address.server";
import { hashPassword } from "./password.server";
import { passwordProblem } from "./password-policy.server";
import { admitEvent, type Limit } from "./rate-limit.server";
import { hashSingleUseToken, looksLikeSingleUseToken, newSingleUseToken } from "./single-use-token.server";
import { findUserByEmail } from "./users.server";
import { voidPasswordResets } from "./void-password-resets.server";

// 'Esqueci minha senha': whoever types an e-mail gets the same answer, whether an account has
// it or not; an account gets a single-use link (30 minutes; only its hash is stored; a newer
// request leaves an earlier link alone, a new password voids them all). Asking is
// limited per e-mail and per client address, so nobody floods an inbox or probes many
// addresses. Using the link sets a new password and ends every session of that account.

export const RESET_MINUTES = 30;
const MINUTE = 60 * 1000;
const LIMIT_WINDOW_MS = 60 * MINUTE;
/** Requests per e-mail and per client address within an hour. */
export const RESETS_PER_EMAIL = 3;
export const RESETS_PER_ADDRESS = 10;

export const RESET_REQUESTED_MESSAGE =
  "Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha. Ele vale por 30 minutos. Confira também a caixa de spam.";
export const RESET_LIMITED_MESSAGE =
  "Muitos pedidos de nova senha em pouco tempo. Aguarde uma hora e tente novamente.";

export const forgotFormSchema = z.object({ email: emailSchema });

export const newPasswordSchema = z
  .object({ password: passwordSchema, confirmation: z.string() })
  .refine((form) => form.password === form.confirmation, {
    message: "As senhas não conferem.",
    path: ["confirmation"],
  });

export function resetPath(token: string): string {
  return `/redefinir-senha/${token}`;
}

/**
 * Ask for a reset link. `limited` when this e-mail or address asked too often; otherwise the
 * caller shows RESET_REQUESTED_MESSAGE, whatever happened.
 */
export async function requestPasswordReset(
  email: string,
  clientIp: string,
  siteName: string,
): Promise<"requested" | "limited"> {
  const perEmail: Limit = {
    bucket: `reset:email:${email}`,
    max: RESETS_PER_EMAIL,
    windowMs: LIMIT_WINDOW_MS,
  };
  const perAddress: Limit = {
    bucket: `reset:ip:${rateLimitKey(clientIp)}`,
    max: RESETS_PER_ADDRESS,
    windowMs: LIMIT_WINDOW_MS,
  };
  const admission = await admitEvent("password-reset", [perAddress, perEmail]);
  if (!admission.ok) return "limited";
  const user = await findUserByEmail(email);
  if (!user) return "requested";
  const { db } = await startDatabase();
  const { token, hash } = newSingleUseToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + RESET_MINUTES * MINUTE).toISOString();
  await db.transaction().execute(async (trx) => {
    // An earlier link keeps working until it expires, is used, or the password changes: if a
    // new request voided it, anyone who knows the e-mail could keep its owner from resetting.
    await trx
      .insertInto("password_resets")
      .values({
        id: randomUUID(),
        user_id: user.id,
        token_hash: hash,
        created_at: now.toISOString(),
        expires_at: expiresAt,
      })
      .execute();
    await enqueueAccountEmail(
      trx,
      {
        to: user.email,
        subject: `Nova senha para o painel do site ${siteName}`,
        paragraphs: [
          "Olá!",
          `Recebemos um pedido para criar uma nova senha para a sua conta no painel do site ${siteName}.`,
          `Abra o link abaixo para escolher a nova senha. Ele vale por ${RESET_MINUTES} minutos e só pode ser usado uma vez; ao usá-lo, todas as sessões abertas da conta são encerradas.`,
          "Se não foi você, ignore este e-mail: a senha atual continua valendo.",
        ],
        link: { label: "Criar nova senha", url: `${siteDefaults().publicUrl}${resetPath(token)}` },
      },
      expiresAt,
    );
    // Anyone may ask for someone's link: the entry names the account, not who asked.
    await recordAudit(
      null,
      { action: "user.password_reset_request", target: { type: "user", id: user.id, label: user.email } },
      trx,
    );
  });
  wakeOutboxWorker();
  return "requested";
}

const UNUSABLE_MESSAGE =
  "Este link para criar uma nova senha não é válido: ele está incorreto ou já foi usado. Peça um novo.";
const EXPIRED_MESSAGE = `Este link expirou (ele vale por ${RESET_MINUTES} minutos). Peça um novo.`;

export type ResetLookup =
  | { ok: true; id: string; userId: string; email: string; name: string | null }
  | { ok: false; status: 404 | 410; message: string };

/** The reset a link names, if it can still be used (404 unknown or used, 410 expired). */
export async function findPasswordReset(token: string, now = new Date()): Promise<ResetLookup> {
  if (!looksLikeSingleUseToken(token)) return { ok: false, status: 404, message: UNUSABLE_MESSAGE };
  const { db } = await startDatabase();
  const row = await db
    .selectFrom("password_resets as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select(["r.id", "r.user_id", "r.expires_at", "r.used_at", "u.email", "u.name", "u.deactivated_at"])
    .where("r.token_hash", "=", hashSingleUseToken(token))
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.deactivated_at !== null)
    return { ok: false, status: 404, message: UNUSABLE_MESSAGE };
  if (Date.parse(String(row.expires_at)) <= now.getTime())
    return { ok: false, status: 410, message: EXPIRED_MESSAGE };
  return { ok: true, id: row.id, userId: row.user_id, email: row.email, name: row.name };
}

export type ResetResult = { ok: true } | { ok: false; status: 400 | 404 | 410; message: string };

/**
 * Set the new password and end every session of the account. The link is claimed with one
 * conditional update, so it works once even when used twice at the same moment.
 */
export async function resetPassword(token: string, password: string, siteName: string): Promise<ResetResult> {
  const reset = await findPasswordReset(token);
  if (!reset.ok) return reset;
  const weak = await passwordProblem(password, [reset.email, reset.name ?? "", siteName]);
  if (weak) return { ok: false, status: 400, message: weak };
  const passwordHash = await hashPassword(password);
  const { db } = await startDatabase();
  const result = await db.transaction().execute(async (trx): Promise<ResetResult> => {
    const now = new Date().toISOString();
    const claimed = await trx
      .updateTable("password_resets")
      .set({ used_at: now })
      .where("id", "=", reset.id)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return { ok: false, status: 404, message: UNUSABLE_MESSAGE };
    // The account's other links end with the password they were asked to replace.
    await voidPasswordResets(trx, reset.userId, now);
    await trx
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: now })
      .where("id", "=", reset.userId)
      .execute();
    await trx.deleteFrom("sessions").where("user_id", "=", reset.userId).execute();
    return { ok: true };
  });
  if (result.ok)
    await recordAudit(
      { user: { id: reset.userId, email: reset.email } },
      { action: "user.password_reset", target: { type: "user", id: reset.userId, label: reset.email } },
    );
  return result;
}
