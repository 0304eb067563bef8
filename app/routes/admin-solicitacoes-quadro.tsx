import { Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { LeadBoard } from "~/components/admin/lead-board";
import { buttonClassName } from "~/components/admin/ui";
import { Icon } from "~/components/ui/icon";
import { type LeadStatus, leadStatuses, leadStatusLabels } from "~/lib/lead-status";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { refused } from "~/server/commands/index.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import { leadBoard, moveLeadOnBoard, parseBoardQuery, stageFormFields } from "~/server/leads/index.server";
import type { Route } from "./+types/admin-solicitacoes-quadro";

// The pipeline as a board: one column per stage, each a page of cards read on the server
// (?etapas= shows only some columns, ?pagina_<etapa>= pages one). Moving a card is a plain form
// POST, so it works without JavaScript; dragging posts the same form.

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request, { can: "leads.read" });
  const url = new URL(request.url);
  const columns = await leadBoard(parseBoardQuery(url.searchParams));
  return { columns, search: url.search };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request, { can: "leads.manage" });
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  const outcome = await moveLeadOnBoard(session, {
    id: formText(form, "id"),
    stage: stageFormFields(form),
    backTo: `/admin/solicitacoes/quadro${new URL(request.url).search}`,
  });
  return answerCommand(session, outcome);
}

/** Shortcuts to fewer columns: on a phone, one stage at a time reads better than six. */
const BOARD_VIEWS: Array<{ label: string; stages: string | null }> = [
  { label: "Todas as etapas", stages: null },
  { label: "Em andamento", stages: "novo,em_contato,visita_agendada,proposta_enviada" },
  { label: "Encerradas", stages: "fechado_ganho,perdido" },
  ...leadStatuses.map((stage) => ({ label: leadStatusLabels[stage], stages: stage })),
];

export const meta: Route.MetaFunction = () => [
  { title: "Quadro das solicitações | Admin" },
  { name: "robots", content: "noindex" },
];

export default function AdminLeadBoard({ loaderData, actionData }: Route.ComponentProps) {
  const { columns, search } = loaderData;
  // Which view the columns are: all of them (null), or one of the shortcuts.
  const shown =
    columns.length === leadStatuses.length ? null : columns.map((column) => column.status).join(",");
  const pageHref = (status: LeadStatus, page: number) => {
    const params = new URLSearchParams(search);
    params.set(`pagina_${status}`, String(page));
    return `/admin/solicitacoes/quadro?${params}`;
  };
  return (
    <AdminPage
      title="Quadro das solicitações"
      failure={actionData}
      actions={
        <Link to="/admin/solicitacoes" className={buttonClassName("secondary")}>
          <Icon name="arrow-left" className="size-4" />
          Caixa de entrada
        </Link>
      }
    >
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">
        Cada coluna é uma etapa. Para mover uma solicitação, escolha a etapa no cartão e clique em “Mover”; no
        computador, também dá para arrastar o cartão até outra coluna.
      </p>
      <nav aria-label="Colunas do quadro" className="flex flex-wrap gap-2">
        {BOARD_VIEWS.map((view) => {
          const current = view.stages === shown;
          return (
            <Link
              key={view.label}
              to={
                view.stages
                  ? `/admin/solicitacoes/quadro?etapas=${view.stages}`
                  : "/admin/solicitacoes/quadro"
              }
              aria-current={current ? "page" : undefined}
              className={buttonClassName(current ? "primary" : "secondary", "sm")}
            >
              {view.label}
            </Link>
          );
        })}
      </nav>
      <LeadBoard columns={columns} pageHref={pageHref} />
    </AdminPage>
  );
}
