import { fillTemplate, templateFor } from "~/lib/reply-template";
import { roleCan } from "~/lib/roles";
import type { CurrentSession } from "../accounts/sessions.server";
import { auditedChange } from "../commands/audited-change.server";
import { wakeOutboxWorker } from "../email/outbox-worker.server";
import { validateForm } from "../forms/validate-form.server";
import {
  answered,
  type CommandOutcome,
  done,
  forbidden,
  notFound,
  refused,
} from "../platform/command-outcome.server";
import { leadBeforeChange, leadMention } from "./lead-audit.server";
import { emailReplySchema, sendEmailReplyIn, startWhatsappReplyIn } from "./lead-replies.server";
import { getLead, leadIdFromParam } from "./leads-admin.server";
import { listReplyTemplates, replyFacts } from "./reply-templates.server";

// Answering a quote request, as admin commands (docs/decisions/0080): the reply (an outbox row,
// or the WhatsApp contact), its timeline events and its audit entry in one transaction.

const NOT_FOUND = "Solicitação não encontrada.";
const NO_NUMBER = "O telefone desta solicitação não é um número de WhatsApp válido.";

/** "Responder por e-mail": the message goes to the outbox and on the timeline. */
export async function replyByEmail(
  actor: CurrentSession,
  input: { id: string; subject: string; text: string; template: string },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "leads.manage")) return forbidden();
  const id = leadIdFromParam(input.id);
  if (!id) return notFound(NOT_FOUND);
  const { subject, text, template } = input;
  const parsed = validateForm(emailReplySchema, { subject, text, template });
  if (!parsed.ok) return refused(parsed.message, { fieldErrors: parsed.fieldErrors });
  const outcome = await auditedChange(actor, async (trx) => {
    const lead = await leadBeforeChange(trx, id);
    if (!lead || !(await sendEmailReplyIn(trx, id, parsed.data, actor.user, new Date()))) {
      return { value: notFound(NOT_FOUND), audit: null };
    }
    return {
      value: done(
        {
          title: "Resposta enviada!",
          description: `A mensagem para ${lead.email} está na fila de envio e no histórico.`,
        },
        `/admin/solicitacoes/${id}`,
      ),
      audit: { action: "lead.reply", ...leadMention(lead), details: { channel: "email" } },
    };
  });
  // The worker reads committed rows only: woken once the reply is there.
  if (outcome.kind === "done") wakeOutboxWorker();
  return outcome;
}

/**
 * "Responder no WhatsApp": the contact recorded, then answered with the wa.me address to open
 * (the visitor's number and the chosen template filled in). A phone that is not a number is
 * refused and records nothing.
 */
export async function contactOnWhatsapp(
  actor: CurrentSession,
  input: { id: string; template: string },
): Promise<CommandOutcome<{ url: string }>> {
  if (!roleCan(actor.user.role, "leads.manage")) return forbidden();
  const id = leadIdFromParam(input.id);
  const lead = id ? await getLead(id) : null;
  if (!lead) return notFound(NOT_FOUND);
  // The message is filled before the transaction: the templates and the company's facts are
  // read on connections of their own, which a transaction on SQLite's one connection would wait on.
  const templates = await listReplyTemplates("whatsapp");
  const template = templateFor(templates, lead.status, input.template);
  const message = template
    ? fillTemplate(template.body, await replyFacts(lead))
    : `Olá, ${lead.name.trim()}! Sobre o seu pedido de orçamento de ${lead.service}.`;
  return auditedChange<CommandOutcome<{ url: string }>>(actor, async (trx) => {
    const before = await leadBeforeChange(trx, lead.id);
    if (!before) return { value: notFound(NOT_FOUND), audit: null };
    const reply = await startWhatsappReplyIn(trx, lead.id, message, actor.user, new Date());
    if (!reply.ok) {
      const value = reply.reason === "no-number" ? refused(NO_NUMBER) : notFound(NOT_FOUND);
      return { value, audit: null };
    }
    return {
      value: answered({ url: reply.url }),
      audit: { action: "lead.reply", ...leadMention(before), details: { channel: "whatsapp" } },
    };
  });
}
