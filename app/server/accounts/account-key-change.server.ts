import type { Transaction } from "kysely";
import { siteDefaults } from "~/config/site-env.server";
import type { AuditAction } from "~/lib/audit-actions";
import { formatListDateTime } from "~/lib/site-time";
import { recordAudit } from "../audit/audit-log.server";
import type { Database } from "../db/schema";
import { enqueueAccountEmail } from "../email/account-email.server";
import type { CurrentSession } from "./sessions.server";

// A change to the keys of an account (a passkey added or removed, TOTP on or off, the password)
// is recorded in the audit log and told to the account's owner by e-mail, in the transaction
// that makes the change: if someone else holds the session, the owner hears of it at once, and
// no change lands untold. The caller wakes the outbox once it has committed.

export interface AccountKeyChange {
  action: AuditAction;
  details?: Record<string, unknown>;
  /** What happened, as the e-mail says it: "Uma passkey foi adicionada". */
  notice: string;
}

export async function recordAccountKeyChange(
  trx: Transaction<Database>,
  session: CurrentSession,
  change: AccountKeyChange,
  siteName: string,
): Promise<void> {
  const { user } = session;
  const publicUrl = siteDefaults().publicUrl;
  await recordAudit(
    session,
    {
      action: change.action,
      target: { type: "user", id: user.id, label: user.email },
      details: change.details,
    },
    trx,
  );
  await enqueueAccountEmail(trx, {
    to: user.email,
    subject: `Alteração de segurança na sua conta do painel do site ${siteName}`,
    paragraphs: [
      "Olá!",
      `${change.notice} na sua conta do painel do site ${siteName} (${user.email}) em ${formatListDateTime(new Date().toISOString())}.`,
      "Se foi você, não precisa fazer nada. Se não foi, troque a sua senha agora, confira as passkeys e os dispositivos conectados em 'Minha conta' e avise a equipe.",
    ],
    link: { label: "Abrir 'Minha conta'", url: `${publicUrl}/admin/conta` },
  });
}
