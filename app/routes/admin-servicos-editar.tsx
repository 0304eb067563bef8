import { data, Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ServiceEditorScreen } from "~/components/admin/service-editor";
import { buttonClassName } from "~/components/admin/ui";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { aiImagesConfigured } from "~/server/ai/runware.server";
import { type ServiceFormFailure, submitServiceForm } from "~/server/services/service-form.server";
import {
  getServiceForEdit,
  SERVICE_GONE_MESSAGE,
  serviceIdFromParam,
} from "~/server/services/services-admin.server";
import type { Route } from "./+types/admin-servicos-editar";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const id = serviceIdFromParam(params.id);
  const service = id ? await getServiceForEdit(id) : null;
  const page = {
    service,
    aiConfigured: aiImagesConfigured(),
  };
  if (service) return page;
  // A stale link (the service was deleted meanwhile): the page says so, with the way back.
  return data({ ...page, missing: SERVICE_GONE_MESSAGE }, { status: 404 });
}

export async function action({ request, params }: Route.ActionArgs) {
  const id = serviceIdFromParam(params.id);
  if (!id) {
    await requireAdminAction(request);
    return data<ServiceFormFailure>({ error: SERVICE_GONE_MESSAGE }, { status: 404 });
  }
  return submitServiceForm(request, id);
}

export const meta: Route.MetaFunction = () => [
  { title: "Editar Serviço | Admin do Site" },
  { name: "robots", content: "noindex" },
];

export default function AdminEditService({ loaderData, actionData }: Route.ComponentProps) {
  const { service } = loaderData;
  if (service) return <ServiceEditorScreen {...loaderData} service={service} failure={actionData} />;
  const missing = "missing" in loaderData ? loaderData.missing : "";
  return (
    <AdminPage title="Serviços" failure={actionData}>
      <section className="flex flex-col items-start gap-4">
        <h2 className="text-xl font-bold text-slate-900 dark:text-white">{missing}</h2>
        <Link to="/admin/servicos" className={buttonClassName("secondary")}>
          Voltar aos Serviços
        </Link>
      </section>
    </AdminPage>
  );
}
