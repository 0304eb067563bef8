import { slugify } from "~/lib/slug";
import type { FormFields } from "../forms/read-form.server";
import { parsePostForm } from "./post-form-schema.server";
import { draftArticle } from "./post-preview.server";

// 'Visualizar': the editor posts its current values (saved or not); they are checked and
// sanitised as a save would, and shown in the article layout, saved nowhere.

/** Never kept by a browser, a CDN or the render cache, and never indexed. */
export const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

type DraftArticle = NonNullable<Awaited<ReturnType<typeof draftArticle>>>;

/** The article the posted values make, or why there is none (the page shows it, with a 400). */
export type DraftPreview = { article: DraftArticle; error: null } | { article: null; error: string };

export async function previewPostedDraft(form: FormFields): Promise<DraftPreview> {
  // The status and publication time do not change how an article looks.
  const parsed = parsePostForm({
    get: (name) => (name === "status" ? "draft" : name === "scheduledAt" ? "" : form.get(name)),
  });
  if (!parsed.ok) return { article: null, error: `Não foi possível visualizar: ${parsed.message}` };
  const now = new Date().toISOString();
  const article = await draftArticle({
    ...parsed.data,
    slug: slugify(parsed.data.title) || "previa",
    publishedAt: null,
    updatedAt: now,
  });
  if (!article) return { article: null, error: "A categoria escolhida não existe mais." };
  return { article, error: null };
}
