import { Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { LeadBoard } from "~/components/admin/lead-board";
import { buttonClassName } from "~/components/admin/ui";
import { Icon } from "~/components/ui/icon";
import { leadStatuses, leadStatusLabels } from "~/lib/lead-status";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { refused } from "~/server/commands/index.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import {
  leadBoard,
  moveLeadOnBoard,
  parseBoardQuery,
  parseBoardTab,
  stageFormFields,
} from "~/server/leads/index.server";
import type { Route } from "./+types/admin-solicitacoes-quadro";

// The pipeline as a board: one column per stage, each a page of cards read on the server
// (?etapas= shows only some columns, ?pagina_<etapa>= pages one, ?etapa= is the stage a narrow
// screen shows). Moving a card is a plain form POST, so it works without JavaScript; dragging
// posts the same form.

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request, { can: "leads.read" });
  const url = new URL(request.url);
  const pages = parseBoardQuery(url.searchParams);
  const columns = await leadBoard(pages);
  return { columns, tab: parseBoardTab(url.searchParams, [...pages.keys()]), search: url.search };
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

/** Shortcuts to fewer columns: the stages in progress, the closed ones, or one stage wide. */
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
  const { columns, tab, search } = loaderData;
  // Which view the columns are: all of them (null), or one of the shortcuts.
  const shown =
    columns.length === leadStatuses.length ? null : columns.map((column) => column.status).join(",");
  const shownView = BOARD_VIEWS.find((view) => view.stages === shown);
  const boardHref = (change: (params: URLSearchParams) => void) => {
    const params = new URLSearchParams(search);
    change(params);
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
        Para mover uma solicitação, escolha a nova etapa no cartão e toque ou clique em “Mover”; em “Proposta
        enviada” e “Fechado (ganho)”, informe também o valor. Numa tela larga, dá para arrastar o cartão até
        outra coluna.
      </p>
      {/* Folded on a phone, so the board comes first; always open on a desktop (app.css). */}
      <details className="unfold-on-desktop rounded-xl border border-slate-200 bg-white lg:border-0 lg:bg-transparent dark:border-slate-800 dark:bg-slate-900 lg:dark:bg-transparent">
        <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 font-semibold text-slate-800 dark:text-slate-100">
          Filtros{shownView ? `: ${shownView.label}` : ""}
        </summary>
        <nav aria-label="Colunas do quadro" className="flex flex-wrap gap-2 px-4 pb-4 lg:p-0">
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
      </details>
      <LeadBoard
        columns={columns}
        tab={tab}
        pageHref={(status, page) => boardHref((params) => params.set(`pagina_${status}`, String(page)))}
        tabHref={(status) => boardHref((params) => params.set("etapa", status))}
      />
    </AdminPage>
  );
}
