import { leadStatusLabels } from "~/lib/lead-status";
import { roleCan } from "~/lib/roles";
import type { CurrentSession } from "../accounts/sessions.server";
import { auditedChange } from "../commands/audited-change.server";
import { startDatabase } from "../db/database.server";
import { eraseLeadsIn, scrubErasedText } from "../db/lead-erasures.server";
import { type CommandOutcome, done, forbidden, notFound, refused } from "../platform/command-outcome.server";
import { leadBeforeChange, leadMention } from "./lead-audit.server";
import { addLeadNoteIn, applyStageChange, type StageChange } from "./lead-pipeline.server";
import { onlyTheAskedValue, parseStageFields, type StageFormFields } from "./lead-stage-form.server";
import { leadIdFromParam, leadNoteSchema, updateLeadIn } from "./leads-admin.server";

// The team's changes to a quote request, as admin commands (docs/decisions/0080): each checks
// the capability, reads its input, and makes the change, its timeline event and its audit entry
// in one transaction, so none of the three exists without the others.

const NOT_FOUND = "Solicitação não encontrada.";

/** The inbox's save of one request: its stage and the private note. */
export async function saveLeadFromInbox(
  actor: CurrentSession,
  input: { id: string; stage: StageFormFields; note: string; backTo: string },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "leads.manage")) return forbidden();
  const stage = parseStageFields(input.stage);
  if (!stage.ok) return refused(stage.message);
  const note = leadNoteSchema.safeParse(input.note);
  if (!note.success) return refused(note.error.issues[0]?.message ?? "Nota inválida.");
  const id = leadIdFromParam(input.id);
  if (!id) return notFound(NOT_FOUND);
  return auditedChange(actor, async (trx) => {
    // The before the entry compares with is read where the change is made, so no other save
    // can come between them.
    const before = await leadBeforeChange(trx, id);
    if (!before || !(await updateLeadIn(trx, id, stage.data, note.data, actor.user, new Date()))) {
      return { value: notFound(NOT_FOUND), audit: null };
    }
    return {
      value: done(
        { title: "Solicitação atualizada!", description: "Etapa e nota foram salvas." },
        input.backTo,
      ),
      audit: {
        action: "lead.update",
        ...leadMention(before),
        // The note is the company's private text about a person: only whether it changed.
        details: {
          ...(before.status === stage.data.status
            ? {}
            : { status: { before: before.status, after: stage.data.status } }),
          ...(before.note === note.data ? {} : { note: "alterada" }),
        },
      },
    };
  });
}

/** The inbox's delete: the request's erasure (LGPD), logged so a restored backup erases it again. */
export async function removeLead(
  actor: CurrentSession,
  input: { id: string; backTo: string },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "leads.manage")) return forbidden();
  const id = leadIdFromParam(input.id);
  if (!id) return notFound(NOT_FOUND);
  const outcome = await auditedChange(actor, async (trx) => {
    if ((await eraseLeadsIn(trx, [id])) === 0) return { value: notFound(NOT_FOUND), audit: null };
    return {
      value: done({ title: "Solicitação excluída!", description: "Os dados foram apagados." }, input.backTo),
      // An erasure: the entry keeps the request's id, never the person's name or e-mail.
      audit: { action: "lead.delete", target: { type: "lead", id } },
    };
  });
  if (outcome.kind === "done") scrubErasedText(await startDatabase());
  return outcome;
}

/** A stage change and its entry; `answer` says where the team goes next, and with which toast. */
function changeStage(
  actor: CurrentSession,
  id: string,
  stage: StageChange,
  answer: (before: { name: string }) => CommandOutcome,
): Promise<CommandOutcome> {
  return auditedChange(actor, async (trx) => {
    const before = await applyStageChange(trx, id, stage, actor.user, new Date());
    if (!before) return { value: notFound(NOT_FOUND), audit: null };
    return {
      value: answer(before),
      audit: {
        action: "lead.stage",
        ...leadMention(before),
        details: { status: { before: before.status, after: stage.status } },
      },
    };
  });
}

/** The request's own page: its stage and values. */
export async function saveLeadStage(
  actor: CurrentSession,
  input: { id: string; stage: StageFormFields },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "leads.manage")) return forbidden();
  const id = leadIdFromParam(input.id);
  if (!id) return notFound(NOT_FOUND);
  const change = parseStageFields(input.stage);
  if (!change.ok) return refused(change.message, { fieldErrors: change.fieldErrors });
  const status = change.data.status;
  return changeStage(actor, id, change.data, () =>
    done({ title: "Etapa salva!", description: leadStatusLabels[status] }, `/admin/solicitacoes/${id}`),
  );
}

/**
 * The board: a card moved to another column (a form post, or a drag that posts it), with the
 * value its new stage asks for ("Proposta enviada", "Fechado (ganho)") when the card sends one.
 */
export async function moveLeadOnBoard(
  actor: CurrentSession,
  input: { id: string; stage: StageFormFields; backTo: string },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "leads.manage")) return forbidden();
  const change = parseStageFields(onlyTheAskedValue(input.stage));
  if (!change.ok) return refused(change.message);
  const id = leadIdFromParam(input.id);
  if (!id) return notFound(NOT_FOUND);
  const status = change.data.status;
  return changeStage(actor, id, change.data, (before) =>
    done(
      { title: "Solicitação movida!", description: `${before.name}: ${leadStatusLabels[status]}.` },
      input.backTo,
    ),
  );
}

/** A note on the request's timeline, from its own page. */
export async function addNoteToLead(
  actor: CurrentSession,
  input: { id: string; text: string },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "leads.manage")) return forbidden();
  const id = leadIdFromParam(input.id);
  if (!id) return notFound(NOT_FOUND);
  const note = leadNoteSchema.min(1, "Escreva a nota.").safeParse(input.text.trim());
  if (!note.success) {
    const message = note.error.issues[0]?.message ?? "Nota inválida.";
    return refused(message, { fieldErrors: { text: message } });
  }
  return auditedChange(actor, async (trx) => {
    const lead = await leadBeforeChange(trx, id);
    if (!lead || !(await addLeadNoteIn(trx, id, note.data, actor.user, new Date()))) {
      return { value: notFound(NOT_FOUND), audit: null };
    }
    return {
      value: done(
        { title: "Nota adicionada!", description: "Ela está no histórico da solicitação." },
        `/admin/solicitacoes/${id}`,
      ),
      audit: { action: "lead.note", ...leadMention(lead) },
    };
  });
}
