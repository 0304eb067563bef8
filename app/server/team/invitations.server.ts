import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { z } from "zod";
import { siteDefaults } from "~/config/site-env.server";
import type { inviteFormSchema } from "~/lib/invite-form";
import { ROLE_LABELS, type Role, roleOf } from "~/lib/roles";
import { hashPassword } from "../accounts/password.server";
import { passwordProblem } from "../accounts/password-policy.server";
import {
  hashSingleUseToken,
  looksLikeSingleUseToken,
  newSingleUseToken,
} from "../accounts/single-use-token.server";
import { recordAudit } from "../audit/audit-log.server";
import { passwordSchema } from "../config/admin-credentials.server";
import { startDatabase } from "../db/database.server";
import { inTransaction } from "../db/in-transaction.server";
import type { Database } from "../db/schema";
import { enqueueAccountEmail } from "../email/account-email.server";
import { wakeOutboxWorker } from "../email/outbox-worker.server";

// An Administrador invites someone by e-mail with a role; the link (single use, 72 hours) lets
// that person choose a name and password, which creates the account and signs them in.

export const INVITATION_HOURS = 72;
const HOUR = 60 * 60 * 1000;

export const acceptFormSchema = z
  .object({
    name: z.string().trim().min(1, "Informe seu nome.").max(120, "O nome pode ter no máximo 120 caracteres."),
    password: passwordSchema,
    confirmation: z.string(),
  })
  .refine((form) => form.password === form.confirmation, {
    message: "As senhas não conferem.",
    path: ["confirmation"],
  });

export const ACCOUNT_EXISTS_MESSAGE = "Já existe uma conta com este e-mail.";
export const INVITATION_NOT_FOUND_MESSAGE = "Convite não encontrado.";

export function invitationPath(token: string): string {
  return `/convite/${token}`;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  expiresAt: string;
  expired: boolean;
}

/** Invitations not accepted nor revoked (expired ones too, so they can be sent again). */
export async function listPendingInvitations(now = new Date()): Promise<PendingInvitation[]> {
  const { db } = await startDatabase();
  const rows = await db
    .selectFrom("invitations")
    .select(["id", "email", "role", "expires_at"])
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .orderBy("created_at", "desc")
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: roleOf(row.role),
    expiresAt: String(row.expires_at),
    expired: Date.parse(String(row.expires_at)) <= now.getTime(),
  }));
}

type Failure = { ok: false; status: 404 | 409; message: string };

/**
 * Invite an e-mail with a role. An earlier pending invitation for it is revoked: only the
 * newest link works. The message is queued in the same transaction as the invitation.
 */
export async function createInvitation(
  invitedBy: string,
  input: z.infer<typeof inviteFormSchema>,
  siteName: string,
  within?: Transaction<Database>,
): Promise<{ ok: true } | Failure> {
  await startDatabase();
  const result = await inTransaction(within, async (trx): Promise<{ ok: true } | Failure> => {
    const existing = await trx
      .selectFrom("users")
      .select("id")
      .where("email", "=", input.email)
      .executeTakeFirst();
    if (existing) return { ok: false, status: 409, message: ACCOUNT_EXISTS_MESSAGE };
    const now = new Date();
    await trx
      .updateTable("invitations")
      .set({ revoked_at: now.toISOString() })
      .where("email", "=", input.email)
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .execute();
    const { token, hash } = newSingleUseToken();
    const expiresAt = new Date(now.getTime() + INVITATION_HOURS * HOUR).toISOString();
    await trx
      .insertInto("invitations")
      .values({
        id: randomUUID(),
        email: input.email,
        role: input.role,
        token_hash: hash,
        invited_by: invitedBy,
        created_at: now.toISOString(),
        expires_at: expiresAt,
      })
      .execute();
    await enqueueAccountEmail(trx, invitationEmail(input.email, input.role, token, siteName), expiresAt);
    return { ok: true };
  });
  // Within a caller's transaction, the caller wakes the worker once it has committed.
  if (result.ok && !within) wakeOutboxWorker();
  return result;
}

/** Send a pending invitation again: a new link, valid 72 hours from now; the old link stops working. */
export async function resendInvitation(
  id: string,
  siteName: string,
  within?: Transaction<Database>,
): Promise<{ ok: true; email: string } | Failure> {
  await startDatabase();
  const result = await inTransaction(within, async (trx): Promise<{ ok: true; email: string } | Failure> => {
    const invitation = await trx
      .selectFrom("invitations")
      .select(["id", "email", "role"])
      .where("id", "=", id)
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (!invitation) return { ok: false, status: 404, message: INVITATION_NOT_FOUND_MESSAGE };
    const { token, hash } = newSingleUseToken();
    const expiresAt = new Date(Date.now() + INVITATION_HOURS * HOUR).toISOString();
    await trx
      .updateTable("invitations")
      .set({ token_hash: hash, expires_at: expiresAt })
      .where("id", "=", id)
      .execute();
    await enqueueAccountEmail(
      trx,
      invitationEmail(invitation.email, roleOf(invitation.role), token, siteName),
      expiresAt,
    );
    return { ok: true, email: invitation.email };
  });
  if (result.ok && !within) wakeOutboxWorker();
  return result;
}

export async function revokeInvitation(
  id: string,
  within?: Transaction<Database>,
): Promise<{ ok: true; email: string } | Failure> {
  const db = within ?? (await startDatabase()).db;
  const invitation = await db
    .updateTable("invitations")
    .set({ revoked_at: new Date().toISOString() })
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .returning("email")
    .executeTakeFirst();
  if (!invitation) return { ok: false, status: 404, message: INVITATION_NOT_FOUND_MESSAGE };
  return { ok: true, email: invitation.email };
}

function invitationEmail(email: string, role: Role, token: string, siteName: string) {
  return {
    to: email,
    subject: `Convite para o painel do site ${siteName}`,
    paragraphs: [
      "Olá!",
      `Você foi convidado para o painel do site ${siteName} como ${ROLE_LABELS[role]}.`,
      `Para aceitar, abra o link abaixo, informe seu nome e escolha uma senha. O link vale por ${INVITATION_HOURS} horas e só pode ser usado uma vez.`,
      "Se você não esperava este convite, ignore este e-mail.",
    ],
    link: { label: "Aceitar o convite", url: `${siteDefaults().publicUrl}${invitationPath(token)}` },
  };
}

export type InvitationLookup =
  | { ok: true; id: string; email: string; role: Role }
  | { ok: false; status: 404 | 410; message: string };

const UNUSABLE_MESSAGE = "Este convite não é válido: o link está incorreto, já foi usado ou foi cancelado.";
const EXPIRED_MESSAGE = "Este convite expirou. Peça a um administrador que envie um novo.";

/** The invitation a link names, if it can still be accepted (404 unknown or used, 410 expired). */
export async function findInvitation(token: string, now = new Date()): Promise<InvitationLookup> {
  if (!looksLikeSingleUseToken(token)) return { ok: false, status: 404, message: UNUSABLE_MESSAGE };
  const { db } = await startDatabase();
  const row = await db
    .selectFrom("invitations")
    .select(["id", "email", "role", "expires_at", "accepted_at", "revoked_at"])
    .where("token_hash", "=", hashSingleUseToken(token))
    .executeTakeFirst();
  if (!row || row.accepted_at !== null || row.revoked_at !== null)
    return { ok: false, status: 404, message: UNUSABLE_MESSAGE };
  if (Date.parse(String(row.expires_at)) <= now.getTime())
    return { ok: false, status: 410, message: EXPIRED_MESSAGE };
  return { ok: true, id: row.id, email: row.email, role: roleOf(row.role) };
}

export type AcceptResult =
  | { ok: true; userId: string; email: string }
  | { ok: false; status: 400 | 404 | 409 | 410; message: string };

/**
 * Accept an invitation: create the account with the invited role, and its audit entry. The
 * invitation is claimed with one conditional update, so a link used twice at once creates one
 * account.
 */
export async function acceptInvitation(
  token: string,
  input: { name: string; password: string },
  siteName: string,
): Promise<AcceptResult> {
  const invitation = await findInvitation(token);
  if (!invitation.ok) return invitation;
  const weak = await passwordProblem(input.password, [invitation.email, input.name, siteName]);
  if (weak) return { ok: false, status: 400, message: weak };
  const passwordHash = await hashPassword(input.password);
  const { db } = await startDatabase();
  return db
    .transaction()
    .execute(async (trx): Promise<AcceptResult> => {
      const now = new Date().toISOString();
      const claimed = await trx
        .updateTable("invitations")
        .set({ accepted_at: now })
        .where("id", "=", invitation.id)
        .where("accepted_at", "is", null)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return { ok: false, status: 404, message: UNUSABLE_MESSAGE };
      const existing = await trx
        .selectFrom("users")
        .select("id")
        .where("email", "=", invitation.email)
        .executeTakeFirst();
      if (existing) throw new AccountExistsError();
      const userId = randomUUID();
      await trx
        .insertInto("users")
        .values({
          id: userId,
          email: invitation.email,
          name: input.name,
          password_hash: passwordHash,
          role: invitation.role,
          created_at: now,
          updated_at: now,
          last_sign_in_at: now,
        })
        .execute();
      // The new account is the actor: it accepted. Recorded with the account, or neither.
      await recordAudit(
        { user: { id: userId, email: invitation.email } },
        {
          action: "user.invitation_accept",
          target: { type: "user", id: userId, label: invitation.email },
        },
        trx,
      );
      return { ok: true, userId, email: invitation.email };
    })
    .catch((error: unknown) => {
      // The claim is rolled back with the refusal: the invitation stays as it was.
      if (error instanceof AccountExistsError)
        return { ok: false, status: 409, message: ACCOUNT_EXISTS_MESSAGE };
      throw error;
    });
}

class AccountExistsError extends Error {}
