import { data, Link } from "react-router";
import { BlogAdminPage, PostEditorScreen } from "~/components/admin/post-editor";
import { buttonClassName } from "~/components/admin/ui";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { aiImagesConfigured } from "~/server/ai/index.server";
import { notFound, refused } from "~/server/commands/index.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import {
  getPostForEdit,
  listCategories,
  listRevisions,
  POST_GONE_MESSAGE,
  type PostFormFailure,
  postIdFromParam,
  savePostForm,
} from "~/server/posts/index.server";
import type { Route } from "./+types/admin-posts-editar";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const id = postIdFromParam(params.id);
  const [post, categories, revisions] = await Promise.all([
    id ? getPostForEdit(id) : null,
    listCategories(),
    id ? listRevisions(id) : [],
  ]);
  const page = {
    post,
    categories,
    revisions,
    aiConfigured: aiImagesConfigured(),
  };
  if (post) return page;
  // A stale link (the post was deleted meanwhile): the page says so, with the way back.
  return data({ ...page, missing: POST_GONE_MESSAGE }, { status: 404 });
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const id = postIdFromParam(params.id);
  if (!id) return answerCommand(session, notFound(POST_GONE_MESSAGE));
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  // `intent=autosave`: the editor's timer on a draft, answered with the new version.
  const autosave = formText(form, "intent") === "autosave";
  return answerCommand(session, await savePostForm(session, { id, form, autosave }));
}

export const meta: Route.MetaFunction = () => [
  { title: "Editar Post | Admin do Blog" },
  { name: "robots", content: "noindex" },
];

export default function AdminEditPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post } = loaderData;
  // An autosave's answer goes to the editor's fetcher, never here.
  const failure = actionData && "error" in actionData ? (actionData as PostFormFailure) : undefined;
  if (post) return <PostEditorScreen {...loaderData} post={post} failure={failure} />;
  const missing = "missing" in loaderData ? loaderData.missing : "";
  return (
    <BlogAdminPage failure={failure} formOpen={false}>
      <section className="flex flex-col items-start gap-4">
        <h2 className="text-xl font-bold text-slate-900 dark:text-white">{missing}</h2>
        <Link to="/admin" className={buttonClassName("secondary")}>
          Voltar aos Posts Existentes
        </Link>
      </section>
    </BlogAdminPage>
  );
}
