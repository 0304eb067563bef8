import { roleCan } from "~/lib/roles";
import type { CurrentSession } from "../accounts/sessions.server";
import { auditedChange } from "../commands/audited-change.server";
import { validateForm } from "../forms/validate-form.server";
import { type CommandOutcome, done, forbidden, notFound, refused } from "../platform/command-outcome.server";
import { deleteReplyTemplate, replyTemplateSchema, saveReplyTemplateIn } from "./reply-templates.server";

// The reply templates' editor, as admin commands (docs/decisions/0080): the change and its
// audit entry in one transaction. A refusal names the template (`id`), so the page shows the
// problems beside that template's form and no other.

const TEMPLATES_PATH = "/admin/solicitacoes/modelos";
const NOT_FOUND = "Modelo não encontrado.";

export interface ReplyTemplateFields {
  /** Empty for a new template. */
  id: string;
  channel: string;
  name: string;
  subject: string;
  body: string;
  /** The stage it is written for; empty or missing: any. */
  stage?: string;
}

export async function saveTemplate(
  actor: CurrentSession,
  input: ReplyTemplateFields,
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "leads.manage")) return forbidden();
  const { id, ...fields } = input;
  const parsed = validateForm(replyTemplateSchema, fields);
  if (!parsed.ok) return refused(parsed.message, { fieldErrors: parsed.fieldErrors, details: { id } });
  return auditedChange(actor, async (trx) => {
    if (!(await saveReplyTemplateIn(trx, id || null, parsed.data, new Date()))) {
      const value = id
        ? notFound(NOT_FOUND)
        : refused("Limite de modelos atingido: exclua um antes de criar outro.", { details: { id } });
      return { value, audit: null };
    }
    return {
      value: done({ title: "Modelo salvo!", description: parsed.data.name }, TEMPLATES_PATH),
      audit: {
        action: "lead.reply_template",
        target: { type: "reply_template", id: id || null, label: parsed.data.name },
      },
    };
  });
}

export async function removeTemplate(actor: CurrentSession, input: { id: string }): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "leads.manage")) return forbidden();
  const { id } = input;
  return auditedChange(actor, async (trx) => {
    if (!(await deleteReplyTemplate(id, trx))) return { value: notFound(NOT_FOUND), audit: null };
    return {
      value: done(
        { title: "Modelo excluído!", description: "Ele não aparece mais nas respostas." },
        TEMPLATES_PATH,
      ),
      audit: { action: "lead.reply_template", target: { type: "reply_template", id } },
    };
  });
}
