import { PostEditorScreen } from "~/components/admin/post-editor";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { aiImagesConfigured } from "~/server/ai/index.server";
import { refused } from "~/server/commands/index.server";
import { readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import { listCategories, type PostFormFailure, savePostForm } from "~/server/posts/index.server";
import type { Route } from "./+types/admin-posts-novo";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const categories = await listCategories();
  return {
    categories,
    aiConfigured: aiImagesConfigured(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  return answerCommand(session, await savePostForm(session, { id: null, form, autosave: false }));
}

export const meta: Route.MetaFunction = () => [
  { title: "Novo Post | Admin do Blog" },
  { name: "robots", content: "noindex" },
];

export default function AdminNewPost({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData && "error" in actionData ? (actionData as PostFormFailure) : undefined;
  return <PostEditorScreen {...loaderData} post={null} failure={failure} />;
}
