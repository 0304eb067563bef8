import { roleCan } from "~/lib/roles";
import type { CurrentSession } from "../accounts/sessions.server";
import type { MoveDirection } from "../admin-lists/reorder.server";
import { targetLabel } from "../audit/target-label.server";
import { auditedChange } from "../commands/audited-change.server";
import { type CommandOutcome, done, forbidden, notFound } from "../platform/command-outcome.server";
import { deleteService, moveService, SERVICE_GONE_MESSAGE } from "./services-admin.server";

// What the list of services (/admin/servicos) does to one service, as admin commands
// (docs/decisions/0080): delete it, move it on /servicos or among the home page's cards.

const SERVICES_PATH = "/admin/servicos";

export async function removeService(
  actor: CurrentSession,
  input: { id: string | null },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const { id } = input;
  if (!id) return notFound(SERVICE_GONE_MESSAGE);
  return auditedChange(actor, async (trx) => {
    const label = await targetLabel("services", id, trx);
    if (!(await deleteService(id, trx))) return { value: notFound(SERVICE_GONE_MESSAGE), audit: null };
    return {
      value: done(
        { title: "Serviço excluído!", description: "O serviço foi removido do site." },
        SERVICES_PATH,
      ),
      audit: { action: "service.delete", target: { type: "service", id, label } },
    };
  });
}

export async function reorderService(
  actor: CurrentSession,
  input: { id: string | null; direction: MoveDirection; list: "page" | "home" },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const { id, direction, list } = input;
  if (!id) return notFound(SERVICE_GONE_MESSAGE);
  return auditedChange(actor, async (trx) => {
    if (!(await moveService(id, direction, list, trx)))
      return { value: notFound(SERVICE_GONE_MESSAGE), audit: null };
    return {
      value: done(
        { title: "Ordem atualizada!", description: "A nova ordem já aparece no site." },
        SERVICES_PATH,
      ),
      audit: {
        action: "service.update",
        target: { type: "service", id, label: await targetLabel("services", id, trx) },
        details: { order: direction, list },
      },
    };
  });
}
