import { PostEditorScreen } from "~/components/admin/post-editor";
import type { RouteHandle } from "~/route-handle";
import { requireAdminPage } from "~/route-support/admin-guard.server";
import { aiImagesConfigured } from "~/server/ai/runware.server";
import { submitPostForm } from "~/server/posts/post-form.server";
import { listCategories } from "~/server/posts/public-posts.server";
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

export function action({ request }: Route.ActionArgs) {
  return submitPostForm(request, null);
}

export const meta: Route.MetaFunction = () => [
  { title: "Novo Post | Admin do Blog" },
  { name: "robots", content: "noindex" },
];

export default function AdminNewPost({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData && "error" in actionData ? actionData : undefined;
  return <PostEditorScreen {...loaderData} post={null} failure={failure} />;
}
