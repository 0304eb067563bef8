import { data } from "react-router";
import { slugify } from "~/lib/slug";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { readForm, UNREADABLE_FORM_MESSAGE } from "../forms/read-form.server";
import { parsePostForm } from "./post-form-schema.server";
import { draftArticle } from "./post-preview.server";

// 'Visualizar': the editor posts its current values here (saved or not); they are checked
// and sanitised as a save would, and shown in the article layout, saved nowhere.

/** Never kept by a browser, a CDN or the render cache, and never indexed. */
export const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/** Signed in only; it also runs after the action (React Router renders the page then). */
export async function previewLoader(request: Request): Promise<null> {
  await requireAdminPage(request);
  return null;
}

export async function previewPostedDraft(request: Request) {
  await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return data({ article: null, error: UNREADABLE_FORM_MESSAGE }, { status: 400 });
  // The status and publication time do not change how an article looks.
  const parsed = parsePostForm({
    get: (name) => (name === "status" ? "draft" : name === "scheduledAt" ? "" : form.get(name)),
  });
  if (!parsed.ok) {
    return data({ article: null, error: `Não foi possível visualizar: ${parsed.message}` }, { status: 400 });
  }
  const now = new Date().toISOString();
  const article = await draftArticle({
    ...parsed.data,
    slug: slugify(parsed.data.title) || "previa",
    publishedAt: null,
    updatedAt: now,
  });
  if (!article) {
    return data({ article: null, error: "A categoria escolhida não existe mais." }, { status: 400 });
  }
  return data({ article, error: null }, { headers: PREVIEW_HEADERS });
}
