import { WorkEditorScreen } from "~/components/admin/work-editor";
import type { RouteHandle } from "~/route-handle";
import { requireAdminPage } from "~/route-support/admin-guard.server";
import { submitWorkForm } from "~/server/works/work-form.server";
import type { Route } from "./+types/admin-obras-nova";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return {};
}

export function action({ request }: Route.ActionArgs) {
  return submitWorkForm(request, null);
}

export const meta: Route.MetaFunction = () => [
  { title: "Nova Obra | Admin do Site" },
  { name: "robots", content: "noindex" },
];

export default function AdminNewWork({ loaderData, actionData }: Route.ComponentProps) {
  return <WorkEditorScreen {...loaderData} work={null} failure={actionData} />;
}
