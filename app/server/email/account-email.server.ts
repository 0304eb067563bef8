import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import { startDatabase } from "../db/database.server";
import type { Database } from "../db/schema";
import type { MailAddress } from "../platform/mailbox.server";
import { escapeHtml, type OutgoingMail } from "./lead-email.server";
import { enqueueMessage } from "./outbox.server";

/** Outbox kind of the messages sent to one team member (an invitation, a password reset link). */
export const ACCOUNT_EMAIL = "account-email";

/**
 * What the outbox keeps of such a message until it is sent. It may hold a single-use link, so
 * the worker deletes the row once delivered (`forgetAccountEmail`), and a row whose link has
 * died (`expiresAt`) is never sent and goes with the housekeeping: the database keeps only the
 * link's hash.
 */
const accountEmailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  paragraphs: z.array(z.string()),
  link: z.object({ label: z.string(), url: z.string() }),
});

export type AccountEmail = z.infer<typeof accountEmailSchema>;

export async function enqueueAccountEmail(
  trx: Kysely<Database> | Transaction<Database>,
  email: AccountEmail,
  /** When the message's single-use link stops working; omit for a message without one. */
  expiresAt?: string,
): Promise<string> {
  return enqueueMessage(trx, { kind: ACCOUNT_EMAIL, leadId: null, payload: email, expiresAt });
}

/** The message to send for an outbox row of this kind, or null when its payload is unusable. */
export function accountMail(payload: unknown, from: MailAddress, outboxId: string): OutgoingMail | null {
  const parsed = accountEmailSchema.safeParse(payload);
  if (!parsed.success) return null;
  const { to, subject, paragraphs, link } = parsed.data;
  const text = [...paragraphs, "", `${link.label}: ${link.url}`, ""].join("\n");
  const html = `<!doctype html>
<html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#0f172a">
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>
<p style="color:#475569;font-size:13px">${escapeHtml(link.url)}</p>
</body></html>
`;
  const host = from.address.split("@")[1] ?? "localhost";
  return { messageId: `<${outboxId}@${host}>`, from, to: [to], replyTo: from, subject, text, html };
}

/** Delete a sent account message: its link must not outlive the delivery in the database. */
export async function forgetAccountEmail(outboxId: string): Promise<void> {
  const { db } = await startDatabase();
  await db.deleteFrom("outbox").where("id", "=", outboxId).execute();
}
