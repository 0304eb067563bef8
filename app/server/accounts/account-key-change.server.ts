import { siteDefaults } from "~/config/site-env.server";
import type { AuditAction } from "~/lib/audit-actions";
import { formatSaoPauloDateTime } from "~/lib/site-time";
import { recordAudit } from "../audit/audit-log.server";
import { database } from "../db/database.server";
import { enqueueAccountEmail } from "../email/account-email.server";
import { wakeOutboxWorker } from "../email/outbox-worker.server";
import type { CurrentSession } from "./sessions.server";

// A change to the keys of an account (a passkey added or removed, TOTP on or off, the password)
// is recorded in the audit log and told to the account's owner by e-mail, both in one
// transaction: if someone else holds the session, the owner hears of it at once.

export interface AccountKeyChange {
  action: AuditAction;
  details?: Record<string, unknown>;
  /** What happened, as the e-mail says it: "Uma passkey foi adicionada". */
  notice: string;
}

export async function recordAccountKeyChange(
  session: CurrentSession,
  change: AccountKeyChange,
  siteName: string,
): Promise<void> {
  const { user } = session;
  const db = await database();
  const publicUrl = siteDefaults().publicUrl;
  await db.transaction().execute(async (trx) => {
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
        `${change.notice} na sua conta do painel do site ${siteName} (${user.email}) em ${formatSaoPauloDateTime(new Date().toISOString())}.`,
        "Se foi você, não precisa fazer nada. Se não foi, troque a sua senha agora, confira as passkeys e os dispositivos conectados em 'Minha conta' e avise a equipe.",
      ],
      link: { label: "Abrir 'Minha conta'", url: `${publicUrl}/admin/conta` },
    });
  });
  wakeOutboxWorker();
}
