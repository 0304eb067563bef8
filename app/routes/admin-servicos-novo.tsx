import { ServiceEditorScreen } from "~/components/admin/service-editor";
import type { RouteHandle } from "~/route-handle";
import { submitServiceForm } from "~/server/admin/service-form.server";
import { aiImagesConfigured } from "~/server/ai/runware.server";
import { requireAdminPage } from "~/server/auth/guard.server";
import type { Route } from "./+types/admin-servicos-novo";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return {
    aiConfigured: aiImagesConfigured(),
  };
}

export function action({ request }: Route.ActionArgs) {
  return submitServiceForm(request, null);
}

export const meta: Route.MetaFunction = () => [
  { title: "Novo Serviço | Admin do Site" },
  { name: "robots", content: "noindex" },
];

export default function AdminNewService({ loaderData, actionData }: Route.ComponentProps) {
  return <ServiceEditorScreen {...loaderData} service={null} failure={actionData} />;
}
