import { data, Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { buttonClassName } from "~/components/admin/ui";
import { WorkEditorScreen } from "~/components/admin/work-editor";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { notFound, refused } from "~/server/commands/index.server";
import { readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import {
  getWorkForEdit,
  saveWorkForm,
  WORK_GONE_MESSAGE,
  type WorkFormFailure,
  workIdFromParam,
} from "~/server/works/index.server";
import type { Route } from "./+types/admin-obras-editar";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const id = workIdFromParam(params.id);
  const work = id ? await getWorkForEdit(id) : null;
  const page = { work };
  if (work) return page;
  // A stale link (the work was deleted meanwhile): the page says so, with the way back.
  return data({ ...page, missing: WORK_GONE_MESSAGE }, { status: 404 });
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const id = workIdFromParam(params.id);
  if (!id) return answerCommand(session, notFound(WORK_GONE_MESSAGE));
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  return answerCommand(session, await saveWorkForm(session, { id, form }));
}

export const meta: Route.MetaFunction = () => [
  { title: "Editar Obra | Admin do Site" },
  { name: "robots", content: "noindex" },
];

export default function AdminEditWork({ loaderData, actionData }: Route.ComponentProps) {
  const { work } = loaderData;
  const failure = actionData as WorkFormFailure | undefined;
  if (work) {
    // A new key after each save: the editor starts from what was saved.
    return <WorkEditorScreen key={`${work.id}:${work.updatedAt}`} work={work} failure={failure} />;
  }
  const missing = "missing" in loaderData ? loaderData.missing : "";
  return (
    <AdminPage title="Obras" failure={failure}>
      <section className="flex flex-col items-start gap-4">
        <h2 className="text-xl font-bold text-slate-900 dark:text-white">{missing}</h2>
        <Link to="/admin/obras" className={buttonClassName("secondary")}>
          Voltar às Obras
        </Link>
      </section>
    </AdminPage>
  );
}
