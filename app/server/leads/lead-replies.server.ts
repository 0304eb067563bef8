import type { Transaction } from "kysely";
import { z } from "zod";
import { internationalPhoneDigits } from "~/lib/phone-digits";
import { whatsappUrl } from "~/lib/whatsapp";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";
import { LEAD_REPLY } from "../email/lead-reply-email.server";
import { enqueueMessage } from "../email/outbox.server";
import { wakeOutboxWorker } from "../email/outbox-worker.server";
import { markAnswered, type PipelineActor, recordLeadEvent } from "./lead-pipeline.server";

// Answering a quote request from the admin. An e-mail reply is an outbox row written with its
// timeline entry, in one transaction (the worker sends it, retrying); a WhatsApp reply is the
// wa.me link with the visitor's number, recorded as a contact before the browser leaves. Either
// is the request's first answer if it had none, and moves a "Novo" request to "Em contato".

export const emailReplySchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, "Escreva o assunto.")
    .max(150, "O assunto pode ter no máximo 150 caracteres."),
  text: z
    .string()
    .trim()
    .min(1, "Escreva a mensagem.")
    .max(10_000, "A mensagem pode ter no máximo 10.000 caracteres."),
  template: z.string().max(80).optional(),
});
export type EmailReply = z.output<typeof emailReplySchema>;

/** Queue the reply and record it; false when there is no such request. */
export async function sendEmailReply(
  leadId: string,
  reply: EmailReply,
  actor: PipelineActor,
  now = new Date(),
): Promise<boolean> {
  const db = await database();
  const sent = await db.transaction().execute((trx) => sendEmailReplyIn(trx, leadId, reply, actor, now));
  if (sent) wakeOutboxWorker();
  return sent;
}

/**
 * Inside the caller's transaction: queue the reply and record it; false when there is no such
 * request. Wake the outbox worker (`wakeOutboxWorker`) once the transaction has committed.
 */
export async function sendEmailReplyIn(
  trx: Transaction<Database>,
  leadId: string,
  reply: EmailReply,
  actor: PipelineActor,
  now: Date,
): Promise<boolean> {
  const lead = await trx.selectFrom("leads").select("id").where("id", "=", leadId).executeTakeFirst();
  if (!lead) return false;
  const outboxId = await enqueueMessage(
    trx,
    { kind: LEAD_REPLY, leadId, payload: { subject: reply.subject, text: reply.text } },
    now,
  );
  await recordLeadEvent(
    trx,
    {
      leadId,
      kind: "email_reply",
      actor,
      body: `${reply.subject}\n\n${reply.text}`,
      details: reply.template ? { template: reply.template } : null,
      outboxId,
    },
    now,
  );
  await markAnswered(trx, leadId, actor, now);
  return true;
}

export type WhatsappReply = { ok: true; url: string } | { ok: false; reason: "not-found" | "no-number" };

/**
 * Record a WhatsApp contact and return the wa.me address to open: the visitor's number as
 * 55DDDNNNNNNNN (a Brazilian number typed any way) and the message. A phone that is not a number
 * records nothing.
 */
export async function startWhatsappReply(
  leadId: string,
  message: string,
  actor: PipelineActor,
  now = new Date(),
): Promise<WhatsappReply> {
  const db = await database();
  return db.transaction().execute((trx) => startWhatsappReplyIn(trx, leadId, message, actor, now));
}

/** Inside the caller's transaction: record a WhatsApp contact (`startWhatsappReply`). */
export async function startWhatsappReplyIn(
  trx: Transaction<Database>,
  leadId: string,
  message: string,
  actor: PipelineActor,
  now: Date,
): Promise<WhatsappReply> {
  const lead = await trx
    .selectFrom("leads")
    .select(["id", "phone"])
    .where("id", "=", leadId)
    .executeTakeFirst();
  if (!lead) return { ok: false, reason: "not-found" };
  const digits = internationalPhoneDigits(lead.phone);
  if (!digits) return { ok: false, reason: "no-number" };
  await recordLeadEvent(trx, { leadId, kind: "whatsapp", actor, body: message }, now);
  await markAnswered(trx, leadId, actor, now);
  return { ok: true, url: whatsappUrl(digits, message) };
}
