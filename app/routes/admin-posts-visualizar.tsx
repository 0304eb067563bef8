import { data } from "react-router";
import { ArticleView } from "~/components/blog/article-view";
import { DraftNotice } from "~/components/blog/draft-notice";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import { type DraftPreview, PREVIEW_HEADERS, previewPostedDraft } from "~/server/posts/index.server";
import type { Route } from "./+types/admin-posts-visualizar";

// The editor's 'Visualizar' (docs/decisions/0028): its values, unsaved, in the article layout.

/** Signed in only; it also runs after the action (React Router renders the page then). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return data<DraftPreview>({ article: null, error: UNREADABLE_FORM_MESSAGE }, { status: 400 });
  const preview = await previewPostedDraft(form);
  if (!preview.article) return data<DraftPreview>(preview, { status: 400 });
  return data<DraftPreview>(preview, { headers: PREVIEW_HEADERS });
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export const meta: Route.MetaFunction = () => [
  { title: "Pré-visualização | Admin do Blog" },
  { name: "robots", content: "noindex" },
];

export default function AdminPostPreview({ actionData }: Route.ComponentProps) {
  if (!actionData?.article) {
    return (
      <section className="container-page flex min-h-[40vh] flex-col items-center justify-center gap-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Pré-visualização</h1>
        <p role="alert" className="text-slate-700 dark:text-slate-300">
          {actionData?.error ?? "Use o botão Visualizar do editor de posts."}
        </p>
      </section>
    );
  }
  return (
    <>
      <DraftNotice>Pré-visualização: estas alterações ainda não foram salvas nem publicadas.</DraftNotice>
      <ArticleView {...actionData.article} />
    </>
  );
}
