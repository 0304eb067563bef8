import { data, Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ServiceEditorScreen } from "~/components/admin/service-editor";
import { buttonClassName } from "~/components/admin/ui";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { aiImagesConfigured } from "~/server/ai/index.server";
import { notFound, refused } from "~/server/commands/index.server";
import { readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import {
  getServiceForEdit,
  SERVICE_GONE_MESSAGE,
  type ServiceFormFailure,
  saveServiceForm,
  serviceIdFromParam,
} from "~/server/services/index.server";
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
  const session = await requireAdminAction(request);
  const id = serviceIdFromParam(params.id);
  if (!id) return answerCommand(session, notFound(SERVICE_GONE_MESSAGE));
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  return answerCommand(session, await saveServiceForm(session, { id, form }));
}

export const meta: Route.MetaFunction = () => [
  { title: "Editar Serviço | Admin do Site" },
  { name: "robots", content: "noindex" },
];

export default function AdminEditService({ loaderData, actionData }: Route.ComponentProps) {
  const { service } = loaderData;
  const failure = actionData as ServiceFormFailure | undefined;
  if (service) return <ServiceEditorScreen {...loaderData} service={service} failure={failure} />;
  const missing = "missing" in loaderData ? loaderData.missing : "";
  return (
    <AdminPage title="Serviços" failure={failure}>
      <section className="flex flex-col items-start gap-4">
        <h2 className="text-xl font-bold text-slate-900 dark:text-white">{missing}</h2>
        <Link to="/admin/servicos" className={buttonClassName("secondary")}>
          Voltar aos Serviços
        </Link>
      </section>
    </AdminPage>
  );
}
