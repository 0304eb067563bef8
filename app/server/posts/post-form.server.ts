import { data, redirect } from "react-router";
import { z } from "zod";
import { requireAdminAction } from "~/route-support/admin-guard.server";
import { setFlash } from "../accounts/sessions.server";
import { recordAudit } from "../audit/audit-log.server";
import { postBeforeChange, postSaveEntry } from "../audit/post-audit.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "../forms/read-form.server";
import { draftOf, type PostConflict, postConflict, STALE_POST_MESSAGE } from "./post-conflict.server";
import { type PostFormErrors, parsePostForm } from "./post-form-schema.server";
import { postScheduleChanged } from "./post-scheduler.server";
import {
  type EditablePost,
  NotADraftError,
  POST_GONE_MESSAGE,
  PostNotFoundError,
  StalePostError,
  savePost,
  UnknownCategoryError,
} from "./posts-admin.server";

/** What the post form's action answers when it saves nothing (rendered as the toast 'Erro'). */
export interface PostFormFailure {
  error: string;
  fieldErrors?: PostFormErrors;
  /** Someone else saved first: both versions, and the version an overwrite must name. */
  conflict?: PostConflict;
  /** The values posted, for the form to show again when the page is rendered anew. */
  draft?: EditablePost;
}

/** What an autosave answers when it saved: the version the form now stands on. */
export interface PostAutosaved {
  autosaved: { version: number; savedAt: string };
}

const failure = (status: 400 | 404 | 409, error: string, fieldErrors?: PostFormErrors) =>
  data<PostFormFailure>(fieldErrors ? { error, fieldErrors } : { error }, { status });

// The version the editor was loaded from; 'Salvar mesmo assim' posts the newer one it was shown.
const versionField = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

function versionFrom(form: FormData, name: string): number | null {
  const value = form.get(name);
  if (typeof value !== "string" || value === "") return null;
  const parsed = versionField.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The post form's action: save a new post (id null) or the post being edited, queue the toast
 * and go back to the list; or answer why nothing was saved. An edit names the version it
 * started from and is refused (409) when the post has moved on. `intent=autosave` (the
 * editor's timer, drafts only) answers the new version instead of going back to the list.
 */
export async function submitPostForm(request: Request, id: string | null) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return failure(400, UNREADABLE_FORM_MESSAGE);
  const autosave = id !== null && formText(form, "intent") === "autosave";
  // An edit that does not say which version it started from (no version is 0) is treated as
  // stale: refused with both versions shown, never a silent overwrite.
  const baseVersion = id
    ? (versionFrom(form, "confirmVersion") ?? versionFrom(form, "baseVersion") ?? 0)
    : null;
  const parsed = parsePostForm(form);
  if (!parsed.ok) return failure(400, "Verifique os campos destacados.", parsed.fieldErrors);
  // Autosaves (a draft's timer) are not entries: the save that ends the edit is.
  const before = id && !autosave ? await postBeforeChange(id) : undefined;
  try {
    const saved = await savePost(id, parsed.data, session.user.id, {
      baseVersion: baseVersion ?? undefined,
      kind: autosave ? "autosave" : "save",
    });
    postScheduleChanged();
    if (autosave) {
      return data<PostAutosaved>({
        autosaved: { version: saved.version, savedAt: new Date().toISOString() },
      });
    }
    await recordAudit(session, postSaveEntry(saved, before, parsed.data));
    await setFlash(session, {
      title: saved.created ? "Post criado!" : "Post atualizado!",
      description: "As alterações foram salvas com sucesso.",
    });
  } catch (error) {
    if (error instanceof UnknownCategoryError) {
      return failure(400, "A categoria escolhida não existe mais.", { categoryId: "Escolha uma categoria." });
    }
    if (error instanceof PostNotFoundError) return failure(404, POST_GONE_MESSAGE);
    if (error instanceof NotADraftError) {
      return failure(409, "O salvamento automático vale só para rascunhos. Use o botão Salvar.");
    }
    if (error instanceof StalePostError && id && baseVersion !== null) {
      const conflict = await postConflict(id, baseVersion, parsed.data);
      return data<PostFormFailure>(
        {
          error: STALE_POST_MESSAGE,
          ...(conflict ? { conflict } : {}),
          draft: draftOf(id, baseVersion, parsed.data),
        },
        { status: 409 },
      );
    }
    throw error;
  }
  // The form closes and clears: back to the plain list.
  throw redirect("/admin");
}
