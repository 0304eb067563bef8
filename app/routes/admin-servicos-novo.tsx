import { ServiceEditorScreen } from "~/components/admin/service-editor";
import type { RouteHandle } from "~/route-handle";
import { requireAdminPage } from "~/route-support/admin-guard.server";
import { aiImagesConfigured } from "~/server/ai/runware.server";
import { submitServiceForm } from "~/server/services/service-form.server";
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
