import { WorkEditorScreen } from "~/components/admin/work-editor";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { refused } from "~/server/commands/index.server";
import { readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import { saveWorkForm, type WorkFormFailure } from "~/server/works/index.server";
import type { Route } from "./+types/admin-obras-nova";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return {};
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  return answerCommand(session, await saveWorkForm(session, { id: null, form }));
}

export const meta: Route.MetaFunction = () => [
  { title: "Nova Obra | Admin do Site" },
  { name: "robots", content: "noindex" },
];

export default function AdminNewWork({ loaderData, actionData }: Route.ComponentProps) {
  return <WorkEditorScreen {...loaderData} work={null} failure={actionData as WorkFormFailure | undefined} />;
}
