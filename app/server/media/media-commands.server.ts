import { z } from "zod";
import { FORBIDDEN_MESSAGE, roleCan } from "~/lib/roles";
import type { CurrentSession } from "../accounts/sessions.server";
import { changedFields } from "../audit/changed-fields.server";
import { auditedChange } from "../commands/audited-change.server";
import { validateForm } from "../forms/validate-form.server";
import {
  type CommandOutcome,
  conflict,
  done,
  forbidden,
  notFound,
  refused,
} from "../platform/command-outcome.server";
import {
  failureList,
  storeUploadedFile,
  storeUploadedFiles,
  type UploadOutcome,
} from "./image-uploads.server";
import { mediaEditSchema } from "./media-fields.server";
import { deleteMedia, mediaIdFrom, mediaInUseMessage, renameMedia } from "./media-library.server";
import { MEDIA_MESSAGES, UPLOAD_MESSAGES } from "./media-messages.server";

// The media library's writes, as admin commands (docs/decisions/0080): each checks the
// capability, reads its input, writes and records its audit entry in one transaction.

const LIBRARY_PATH = "/admin/midia";

// An empty file part is what a browser sends when the form is submitted with nothing chosen.
const uploadFileSchema = z.instanceof(File).refine((file) => file.size > 0);

/**
 * One image from an editor (the JSON endpoint): the stored image, or why not with its status.
 * Not a CommandOutcome: the endpoint answers JSON, and a refusal may be 415 or 503.
 */
export async function uploadImage(
  actor: CurrentSession,
  input: { file: unknown; name: string; alt: string },
): Promise<UploadOutcome | { ok: false; status: 403; error: string }> {
  if (!roleCan(actor.user.role, "content.write")) return { ok: false, status: 403, error: FORBIDDEN_MESSAGE };
  const file = uploadFileSchema.safeParse(input.file);
  if (!file.success) return { ok: false, status: 400, error: UPLOAD_MESSAGES.missingFile };
  return storeUploadedFile(file.data, { name: input.name, alt: input.alt }, actor);
}

/** Several files from the library's form without JavaScript. */
export async function uploadImages(
  actor: CurrentSession,
  input: { files: unknown[] },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const outcome = await storeUploadedFiles(input.files, actor);
  if (!outcome.ok) return refused(outcome.error, { status: outcome.status });
  const count = outcome.stored.length;
  const added = count === 1 ? "1 imagem foi adicionada" : `${count} imagens foram adicionadas`;
  return done(
    outcome.failures.length
      ? {
          title: "Algumas imagens não foram enviadas",
          description: `${added} à biblioteca. ${failureList(outcome.failures)}`,
          variant: "error",
        }
      : { title: "Imagens enviadas!", description: `${added} à biblioteca.` },
    LIBRARY_PATH,
  );
}

/** Rename an image or change its alt text. */
export async function changeMediaDetails(
  actor: CurrentSession,
  input: { id: unknown; name: string; alt: string },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const id = mediaIdFrom(input.id);
  const gone = notFound(MEDIA_MESSAGES.gone);
  if (!id) return gone;
  const parsed = validateForm(mediaEditSchema, { name: input.name, alt: input.alt });
  if (!parsed.ok)
    return refused(parsed.message, { fieldErrors: parsed.fieldErrors as Record<string, string> });
  const edit = parsed.data;
  return auditedChange(actor, async (trx) => {
    const before = await renameMedia(trx, id, edit);
    if (!before) return { value: gone, audit: null };
    return {
      value: done(
        { title: "Imagem atualizada!", description: "Nome e texto alternativo foram salvos." },
        `${LIBRARY_PATH}/${id}`,
      ),
      audit: {
        action: "media.update",
        target: { type: "media", id, label: edit.name },
        details: changedFields(before, { name: edit.name, alt: edit.alt }),
      },
    };
  });
}

/** Delete an image and its files; refused (409, the places listed) while anything uses it. */
export async function removeMedia(actor: CurrentSession, input: { id: unknown }): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const id = mediaIdFrom(input.id);
  const gone = notFound(MEDIA_MESSAGES.gone);
  if (!id) return gone;
  return auditedChange(actor, async (trx) => {
    const result = await deleteMedia(id, trx);
    if (!result.ok && result.status === 404) return { value: gone, audit: null };
    if (!result.ok)
      return {
        value: conflict(mediaInUseMessage(result.name, result.usages), undefined, { usages: result.usages }),
        audit: null,
      };
    return {
      value: done(
        { title: "Imagem excluída!", description: `"${result.name}" foi removida da biblioteca.` },
        LIBRARY_PATH,
      ),
      audit: { action: "media.delete", target: { type: "media", id, label: result.name } },
    };
  });
}
