import { data, redirect } from "react-router";
import { z } from "zod";
import { postStatusSchema } from "~/lib/post-status";
import { parseReadTime } from "~/lib/read-time";
import { requireAdminAction } from "../accounts/guard.server";
import { setFlash } from "../accounts/sessions.server";
import { recordAudit } from "../audit/audit-log.server";
import { postBeforeChange, postSaveEntry } from "../audit/post-audit.server";
import { type FormFields, formText, formTexts, readForm } from "../forms/read-form.server";
import { type FieldErrors, validateForm } from "../forms/validate-form.server";
import { sanitizePostHtml } from "./html-sanitizer.server";
import { draftOf, type PostConflict, postConflict, STALE_POST_MESSAGE } from "./post-conflict.server";
import { checkSchedule, scheduledAtField } from "./post-schedule.server";
import { postScheduleChanged } from "./post-scheduler.server";
import { type PostSeoForm, postSeoFields } from "./post-seo-form.server";
import {
  type EditablePost,
  NotADraftError,
  POST_GONE_MESSAGE,
  PostNotFoundError,
  StalePostError,
  savePost,
  UnknownCategoryError,
} from "./posts-admin.server";

const MAX_CONTENT_CHARS = 400_000;

/** Text a visitor would see in sanitised HTML, to tell an empty editor from real content. */
function visibleText(html: string): string {
  return html
    .replace(/<img\b[^>]*>/gi, "imagem")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;|\s+/g, " ")
    .trim();
}

const imageUrl = z
  .string()
  .trim()
  .max(500, "Endereço de imagem longo demais.")
  .refine(
    (url) => url === "" || /^\/(?!\/)[\w\-./%]+$/.test(url) || /^https?:\/\/[^\s"'<>]+$/.test(url),
    "Endereço de imagem inválido.",
  )
  .transform((url) => url || null);

export const postFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Informe o título.")
    .max(200, "O título pode ter no máximo 200 caracteres."),
  categoryId: z.string().trim().min(1, "Escolha uma categoria."),
  excerpt: z
    .string()
    .trim()
    .min(1, "Escreva um resumo.")
    .max(500, "O resumo pode ter no máximo 500 caracteres."),
  content: z
    .string()
    .max(MAX_CONTENT_CHARS, "O conteúdo está grande demais.")
    .transform(sanitizePostHtml)
    .refine((html) => visibleText(html).length > 0, "Escreva o conteúdo do post."),
  readTime: z.unknown().transform(parseReadTime),
  status: postStatusSchema.catch("draft"),
  featured: z.unknown().transform((value) => value === "on" || value === "true" || value === true),
  featuredImageUrl: imageUrl,
  scheduledAt: scheduledAtField,
  // SEO per post (post-seo-form.server.ts).
  ...postSeoFields,
});

/** A post to save; callers without the SEO fields (scripts, tests) leave them as they are. */
export type PostForm = Omit<z.infer<typeof postFormSchema>, keyof PostSeoForm> & Partial<PostSeoForm>;
export type PostFormErrors = FieldErrors<keyof PostForm>;

const postFormFields = Object.keys(postFormSchema.shape) as Array<keyof PostForm>;

/** The fields, and what depends on several of them (a scheduled post's time). */
const checkedPostFormSchema = postFormSchema.superRefine(checkSchedule);

export function parsePostForm(form: FormFields) {
  return validateForm(checkedPostFormSchema, formTexts(form, postFormFields));
}

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
  if (!form) return failure(400, "Não foi possível ler o formulário.");
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
