import { z } from "zod";
import { roleCan } from "~/lib/roles";
import type { CurrentSession } from "../accounts/sessions.server";
import { auditedChange } from "../commands/audited-change.server";
import type { FormFields } from "../forms/read-form.server";
import {
  answered,
  type CommandOutcome,
  conflict,
  done,
  forbidden,
  notFound,
  refused,
} from "../platform/command-outcome.server";
import { postBeforeChange, postSaveEntry } from "./post-audit.server";
import { draftOf, type PostConflict, postConflict, STALE_POST_MESSAGE } from "./post-conflict.server";
import { type PostFormErrors, parsePostForm } from "./post-form-schema.server";
import { REVISION_INVALID_MESSAGE, REVISION_NOT_FOUND_MESSAGE } from "./post-revision-comparison.server";
import { RevisionNotFoundError, restoreRevision } from "./post-revision-restore.server";
import { revisionIdFrom } from "./post-revisions.server";
import { postScheduleChanged } from "./post-scheduler.server";
import {
  deletePost,
  type EditablePost,
  NotADraftError,
  POST_GONE_MESSAGE,
  PostNotFoundError,
  postIdFromParam,
  postTitle,
  StalePostError,
  savePost,
  UnknownCategoryError,
} from "./posts-admin.server";

// The blog's posts, as admin commands (docs/decisions/0080): saving the post form (its SEO
// fields included), restoring a revision and deleting a post each check the capability, read
// their input, write and record the audit entry in one transaction, and answer a plain outcome.

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

const LIST_PATH = "/admin";

// The version the editor was loaded from; 'Salvar mesmo assim' posts the newer one it was shown.
const versionField = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

function versionFrom(form: FormFields, name: string): number | null {
  const value = form.get(name);
  if (typeof value !== "string" || value === "") return null;
  const parsed = versionField.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export interface SavePostInput {
  /** The post being edited; null for a new one. */
  id: string | null;
  /** The post form as posted: the post's fields and the version the editor started from. */
  form: FormFields;
  /** The editor's timer on a draft: the new version is answered, and no entry is written. */
  autosave: boolean;
}

/**
 * Save a new post (id null) or the post being edited, and go back to the list; an edit names
 * the version it started from and is refused (conflict) when the post has moved on. An
 * autosave (drafts only) answers the new version instead, and the page stays where it is.
 */
export async function savePostForm(
  actor: CurrentSession,
  input: SavePostInput,
): Promise<CommandOutcome<PostAutosaved>> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const { id, form } = input;
  const autosave = id !== null && input.autosave;
  // An edit that does not say which version it started from (no version is 0) is treated as
  // stale: refused with both versions shown, never a silent overwrite.
  const baseVersion = id
    ? (versionFrom(form, "confirmVersion") ?? versionFrom(form, "baseVersion") ?? 0)
    : null;
  const parsed = parsePostForm(form);
  if (!parsed.ok) return refused("Verifique os campos destacados.", { fieldErrors: parsed.fieldErrors });
  const post = parsed.data;
  try {
    const outcome = await auditedChange(actor, async (trx) => {
      // Autosaves (a draft's timer) are not entries: the save that ends the edit is.
      const before = id && !autosave ? await postBeforeChange(id, trx) : undefined;
      const saved = await savePost(id, post, actor.user.id, {
        baseVersion: baseVersion ?? undefined,
        kind: autosave ? "autosave" : "save",
        within: trx,
      });
      if (autosave) {
        return {
          value: answered<PostAutosaved>({
            autosaved: { version: saved.version, savedAt: new Date().toISOString() },
          }),
          audit: null,
        };
      }
      return {
        // The form closes and clears: back to the plain list.
        value: done(
          {
            title: saved.created ? "Post criado!" : "Post atualizado!",
            description: "As alterações foram salvas com sucesso.",
          },
          LIST_PATH,
        ),
        audit: postSaveEntry(saved, before, post),
      };
    });
    postScheduleChanged();
    return outcome;
  } catch (error) {
    if (error instanceof UnknownCategoryError) {
      return refused("A categoria escolhida não existe mais.", {
        fieldErrors: { categoryId: "Escolha uma categoria." },
      });
    }
    if (error instanceof PostNotFoundError) return notFound(POST_GONE_MESSAGE);
    if (error instanceof NotADraftError) {
      return conflict("O salvamento automático vale só para rascunhos. Use o botão Salvar.");
    }
    if (error instanceof StalePostError && id && baseVersion !== null) {
      const current = await postConflict(id, baseVersion, post);
      return conflict(STALE_POST_MESSAGE, undefined, {
        ...(current ? { conflict: current } : {}),
        draft: draftOf(id, baseVersion, post),
      });
    }
    throw error;
  }
}

/** Make a revision the post's current state (itself a new revision), then back to the editor. */
export async function restorePostRevision(
  actor: CurrentSession,
  input: { postId: string | undefined; revisionId: string },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const id = postIdFromParam(input.postId);
  if (!id) return notFound(POST_GONE_MESSAGE);
  const revisionId = revisionIdFrom(input.revisionId);
  try {
    const outcome = await auditedChange(actor, async (trx) => {
      const title = await postTitle(id, trx);
      if (title === null) return { value: notFound(POST_GONE_MESSAGE), audit: null };
      if (!revisionId) return { value: refused(REVISION_INVALID_MESSAGE), audit: null };
      await restoreRevision(id, revisionId, actor.user.id, trx);
      return {
        value: done(
          {
            title: "Versão restaurada!",
            description: "O post voltou a essa versão; a restauração também ficou no histórico.",
          },
          `/admin/posts/${id}`,
        ),
        audit: {
          action: "post.restore",
          target: { type: "post", id, label: title },
          details: { revisionId },
        },
      };
    });
    if (outcome.kind === "done") postScheduleChanged();
    return outcome;
  } catch (error) {
    if (error instanceof RevisionNotFoundError) return notFound(REVISION_NOT_FOUND_MESSAGE);
    if (error instanceof PostNotFoundError) return notFound(POST_GONE_MESSAGE);
    if (error instanceof UnknownCategoryError) {
      return refused("A categoria desta versão não existe mais. Edite o post e escolha outra.");
    }
    throw error;
  }
}

/** Delete a post (the list's 'Deletar'), then back to `backTo`: the same page of the same list. */
export async function removePost(
  actor: CurrentSession,
  input: { id: string; backTo: string },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const gone = notFound(POST_GONE_MESSAGE);
  const id = postIdFromParam(input.id);
  if (!id) return gone;
  return auditedChange(actor, async (trx) => {
    const title = await postTitle(id, trx);
    if (title === null || !(await deletePost(id, trx))) return { value: gone, audit: null };
    return {
      value: done({ title: "Post deletado!", description: "O post foi removido com sucesso." }, input.backTo),
      audit: { action: "post.delete", target: { type: "post", id, label: title } },
    };
  });
}
