import { roleCan } from "~/lib/roles";
import type { CurrentSession } from "../accounts/sessions.server";
import type { MoveDirection } from "../admin-lists/reorder.server";
import { targetLabel } from "../audit/target-label.server";
import { auditedChange } from "../commands/audited-change.server";
import { type CommandOutcome, done, forbidden, notFound } from "../platform/command-outcome.server";
import { WORK_GONE_MESSAGE } from "./work-id.server";
import { deleteWork, moveWork, setWorkPublished } from "./work-list-actions.server";

// What the list of works (/admin/obras) does to one work, as admin commands
// (docs/decisions/0080): publish or unpublish it, move it, delete it. `backTo` is the list as the
// owner saw it (search and page kept).

interface WorkTarget {
  id: string | null;
  backTo: string;
}

export async function removeWork(actor: CurrentSession, input: WorkTarget): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const { id } = input;
  if (!id) return notFound(WORK_GONE_MESSAGE);
  return auditedChange(actor, async (trx) => {
    const deleted = await deleteWork(id, trx);
    if (!deleted) return { value: notFound(WORK_GONE_MESSAGE), audit: null };
    return {
      value: done(
        {
          title: "Obra excluída!",
          description: `"${deleted.title}" foi removida do site. As fotos continuam na biblioteca de mídia.`,
        },
        input.backTo,
      ),
      audit: { action: "work.delete", target: { type: "work", id, label: deleted.title } },
    };
  });
}

export async function publishWork(
  actor: CurrentSession,
  input: WorkTarget & { published: boolean },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const { id, published } = input;
  if (!id) return notFound(WORK_GONE_MESSAGE);
  return auditedChange(actor, async (trx) => {
    if (!(await setWorkPublished(id, published, trx)))
      return { value: notFound(WORK_GONE_MESSAGE), audit: null };
    return {
      value: done(
        {
          title: published ? "Obra publicada!" : "Obra despublicada!",
          description: published
            ? "A obra já aparece no site."
            : "A obra saiu do site e ficou como rascunho.",
        },
        input.backTo,
      ),
      audit: {
        action: published ? "work.publish" : "work.unpublish",
        target: { type: "work", id, label: await targetLabel("works", id, trx) },
      },
    };
  });
}

export async function reorderWork(
  actor: CurrentSession,
  input: WorkTarget & { direction: MoveDirection },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const { id, direction } = input;
  if (!id) return notFound(WORK_GONE_MESSAGE);
  return auditedChange(actor, async (trx) => {
    if (!(await moveWork(id, direction, trx))) return { value: notFound(WORK_GONE_MESSAGE), audit: null };
    return {
      value: done(
        { title: "Ordem atualizada!", description: "A nova ordem já aparece no site." },
        input.backTo,
      ),
      audit: {
        action: "work.update",
        target: { type: "work", id, label: await targetLabel("works", id, trx) },
        details: { order: direction },
      },
    };
  });
}
