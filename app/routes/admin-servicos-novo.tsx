import { ServiceEditorScreen } from "~/components/admin/service-editor";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { aiImagesConfigured } from "~/server/ai/index.server";
import { refused } from "~/server/commands/index.server";
import { readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import { type ServiceFormFailure, saveServiceForm } from "~/server/services/index.server";
import type { Route } from "./+types/admin-servicos-novo";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return {
    aiConfigured: aiImagesConfigured(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  return answerCommand(session, await saveServiceForm(session, { id: null, form }));
}

export const meta: Route.MetaFunction = () => [
  { title: "Novo Serviço | Admin do Site" },
  { name: "robots", content: "noindex" },
];

export default function AdminNewService({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ServiceEditorScreen
      {...loaderData}
      service={null}
      failure={actionData as ServiceFormFailure | undefined}
    />
  );
}
