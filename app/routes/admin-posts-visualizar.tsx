import { ArticleView } from "~/components/blog/article-view";
import { DraftNotice } from "~/components/blog/draft-notice";
import { previewLoader, previewPostedDraft } from "~/server/posts/preview-form.server";
import type { Route } from "./+types/admin-posts-visualizar";

// The editor's 'Visualizar' (docs/decisions/0028): its values, unsaved, in the article layout.

export const loader = ({ request }: Route.LoaderArgs) => previewLoader(request);
export const action = ({ request }: Route.ActionArgs) => previewPostedDraft(request);

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
