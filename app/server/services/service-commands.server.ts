import { roleCan } from "~/lib/roles";
import type { CurrentSession } from "../accounts/sessions.server";
import { auditedChange } from "../commands/audited-change.server";
import type { FormFields } from "../forms/read-form.server";
import {
  type CommandOutcome,
  conflict,
  done,
  forbidden,
  notFound,
  refused,
} from "../platform/command-outcome.server";
import { parseServiceForm } from "./service-form.server";
import {
  SERVICE_GONE_MESSAGE,
  ServiceNotFoundError,
  SlugTakenError,
  saveService,
  UnknownPictureError,
} from "./services-admin.server";

// The service editor's save (/admin/servicos/novo and /admin/servicos/<id>), as an admin command
// (docs/decisions/0080): the service and its audit entry in one transaction.

/** Save a new service (id null) or the one being edited, then back to the list. */
export async function saveServiceForm(
  actor: CurrentSession,
  input: { id: string | null; form: FormFields },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const { values, parsed } = parseServiceForm(input.form);
  if (!parsed.ok)
    return refused("Verifique os campos destacados.", { fieldErrors: parsed.fieldErrors, values });
  const service = parsed.data;
  try {
    return await auditedChange(actor, async (trx) => {
      const saved = await saveService(input.id, service, trx);
      return {
        value: done(
          {
            title: saved.created ? "Serviço criado!" : "Serviço atualizado!",
            description: "As alterações já aparecem no site.",
          },
          "/admin/servicos",
        ),
        audit: {
          action: saved.created ? "service.create" : "service.update",
          target: { type: "service", id: saved.id, label: service.title },
        },
      };
    });
  } catch (error) {
    // Thrown inside the transaction: nothing of the service was written.
    if (error instanceof ServiceNotFoundError) return notFound(SERVICE_GONE_MESSAGE);
    if (error instanceof SlugTakenError) {
      const message = "Já existe outro serviço com este identificador.";
      return conflict(message, undefined, { fieldErrors: { slug: message }, values });
    }
    if (error instanceof UnknownPictureError) {
      const message = "A imagem escolhida não está na biblioteca; escolha outra ou envie de novo.";
      return refused(message, { fieldErrors: { picture: message }, values });
    }
    throw error;
  }
}
