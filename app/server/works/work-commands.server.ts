import { roleCan } from "~/lib/roles";
import type { CurrentSession } from "../accounts/sessions.server";
import { auditedChange } from "../commands/audited-change.server";
import {
  type CommandOutcome,
  conflict,
  done,
  forbidden,
  notFound,
  refused,
} from "../platform/command-outcome.server";
import {
  MissingAltError,
  saveWork,
  UnknownWorkPictureError,
  WorkNotFoundError,
  WorkSlugTakenError,
} from "./save-work.server";
import {
  type RepeatedFields,
  readWorkFormValues,
  validateWorkForm,
  type WorkFieldErrors,
  type WorkFormValues,
} from "./work-form.server";
import { WORK_GONE_MESSAGE } from "./work-id.server";
import { picturesByRef } from "./work-pictures.server";

// The work editor's save (/admin/obras/nova and /admin/obras/<id>), as an admin command
// (docs/decisions/0080): the work, its gallery and pairs, and the audit entry in one transaction.
// A refusal carries what was sent and the previews of its pictures, so the editor shows the
// form again as it was, each message at its field.

const CHECK_FIELDS = "Verifique os campos destacados.";

/** The refusal's page data: the values sent and their pictures (see WorkFormFailure). */
async function sentBack(values: WorkFormValues, fieldErrors: WorkFieldErrors) {
  const pictures = await picturesByRef([
    values.cover,
    ...values.photos.map((photo) => photo.picture),
    ...values.pairs.flatMap((pair) => [pair.before, pair.after]),
  ]);
  return { fieldErrors, values, pictures };
}

/** Save a new work (id null) or the one being edited, then back to its editor. */
export async function saveWorkForm(
  actor: CurrentSession,
  input: { id: string | null; form: RepeatedFields },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const values = readWorkFormValues(input.form);
  if (!values) return refused("Não foi possível ler as fotos do formulário; recarregue a página.");
  const parsed = validateWorkForm(values);
  if (!parsed.ok) return refused(CHECK_FIELDS, { details: await sentBack(values, parsed.fieldErrors) });
  const work = parsed.data;
  try {
    return await auditedChange(actor, async (trx) => {
      const saved = await saveWork(input.id, work, trx);
      return {
        value: done(
          {
            title: saved.created ? "Obra criada!" : "Obra atualizada!",
            description: work.published
              ? "As alterações já aparecem no site."
              : "A obra está salva como rascunho e não aparece no site.",
          },
          `/admin/obras/${saved.id}`,
        ),
        audit: {
          action: saved.created ? "work.create" : "work.update",
          target: { type: "work", id: saved.id, label: work.title },
          details: { published: work.published },
        },
      };
    });
  } catch (error) {
    // Thrown inside the transaction: nothing of the work was written.
    if (error instanceof WorkNotFoundError) return notFound(WORK_GONE_MESSAGE);
    if (error instanceof WorkSlugTakenError) {
      const message = "Já existe outra obra com este endereço.";
      return conflict(message, undefined, await sentBack(values, { slug: message }));
    }
    if (error instanceof UnknownWorkPictureError) {
      const message = "Uma das imagens escolhidas não está na biblioteca; escolha outra ou envie de novo.";
      return refused(message, { details: await sentBack(values, { [error.field]: message }) });
    }
    if (error instanceof MissingAltError) {
      const fieldErrors = { ...error.fieldErrors, ...error.fields };
      return refused(error.message, { details: await sentBack(values, fieldErrors) });
    }
    throw error;
  }
}
