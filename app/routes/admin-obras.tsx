import { Form, Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ListPagination } from "~/components/admin/list-pagination";
import { OrderButtons } from "~/components/admin/order-buttons";
import { DeleteForm, EditLink } from "~/components/admin/row-actions";
import { Badge, Button, buttonClassName, labelClassName, TextInput } from "~/components/admin/ui";
import { Icon } from "~/components/ui/icon";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { readMove } from "~/server/admin-lists/index.server";
import { refused } from "~/server/commands/index.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import {
  listWorksForAdmin,
  publishWork,
  removeWork,
  reorderWork,
  workIdFromParam,
  worksQueryFrom,
} from "~/server/works/index.server";
import type { Route } from "./+types/admin-obras";

// The works of /obras: their order, publishing and deletion, a page of 50 at a time with a
// search by title. Each work's form has routes of its own (admin-obras-nova.tsx,
// admin-obras-editar.tsx).

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const query = worksQueryFrom(new URL(request.url).searchParams);
  const list = await listWorksForAdmin(query);
  return { ...list };
}

/** Back to the list as the owner saw it (search and page kept). */
function backToList(request: Request): string {
  const url = new URL(request.url);
  const query = worksQueryFrom(url.searchParams);
  const params = new URLSearchParams();
  if (query.search) params.set("busca", query.search);
  if (query.page > 1) params.set("pagina", String(query.page));
  const search = params.toString();
  return search ? `/admin/obras?${search}` : "/admin/obras";
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  const intent = formText(form, "intent");
  const target = { id: workIdFromParam(formText(form, "id")), backTo: backToList(request) };
  if (intent === "delete") return answerCommand(session, await removeWork(session, target));
  if (intent === "publish" || intent === "unpublish") {
    return answerCommand(session, await publishWork(session, { ...target, published: intent === "publish" }));
  }
  if (intent === "move") {
    const move = readMove(form, []);
    if (!move) return answerCommand(session, refused("Movimento inválido."));
    return answerCommand(session, await reorderWork(session, { ...target, direction: move.direction }));
  }
  return answerCommand(session, refused("Ação desconhecida."));
}

export const meta: Route.MetaFunction = () => [
  { title: "Obras | Admin do Site" },
  { name: "robots", content: "noindex" },
];

function pageHref(search: string, page: number): string {
  const params = new URLSearchParams();
  if (search) params.set("busca", search);
  if (page > 1) params.set("pagina", String(page));
  const query = params.toString();
  return query ? `/admin/obras?${query}` : "/admin/obras";
}

export default function AdminWorks({ loaderData, actionData }: Route.ComponentProps) {
  const { items, search, page, pageCount, total, all } = loaderData;
  const status = search
    ? `${total === 1 ? "1 obra encontrada" : `${total} obras encontradas`} para "${search}".`
    : `${total === 1 ? "1 obra" : `${total} obras`}.`;
  return (
    <AdminPage
      title="Obras"
      failure={actionData}
      actions={
        <Link to="/admin/obras/nova" className={buttonClassName("primary")}>
          <Icon name="file-text" className="size-4" />
          Nova Obra
        </Link>
      }
    >
      <section aria-labelledby="obras-existentes" className="flex flex-col gap-4">
        <div>
          <h2 id="obras-existentes" className="text-xl font-bold text-slate-900 dark:text-white">
            Obras do portfólio
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Na ordem da página Obras. Rascunhos não aparecem no site.
          </p>
        </div>
        <search>
          <Form method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="flex flex-1 flex-col gap-1.5">
              <label htmlFor="busca-obras" className={labelClassName}>
                Buscar por título
              </label>
              <TextInput id="busca-obras" type="search" name="busca" defaultValue={search} maxLength={200} />
            </div>
            <Button type="submit" variant="secondary">
              Buscar
            </Button>
            {search ? (
              <Link to="/admin/obras" className={buttonClassName("ghost")}>
                Limpar busca
              </Link>
            ) : null}
          </Form>
        </search>
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {status}
          {search && total > 0 ? " Limpe a busca para mudar a ordem." : ""}
        </p>
        {all === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">
            Nenhuma obra ainda. Use "Nova Obra" para cadastrar a primeira.
          </p>
        ) : items.length === 0 ? null : (
          <ol className="flex flex-col gap-3">
            {items.map((work) => (
              <li
                key={work.id}
                className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 md:flex-row md:items-center md:justify-between dark:border-slate-800 dark:bg-slate-900"
              >
                <div className="flex min-w-0 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
                      {work.index + 1}.
                    </span>
                    <h3 className="font-bold text-slate-900 dark:text-white">{work.title}</h3>
                    {work.published ? (
                      <Badge variant="published">Publicada</Badge>
                    ) : (
                      <Badge variant="draft">Rascunho</Badge>
                    )}
                    {work.inProgress ? <Badge>Em execução</Badge> : null}
                  </div>
                  {work.published ? (
                    <a
                      href={`/obras/${work.slug}`}
                      className="w-fit text-sm text-brand-700 underline dark:text-brand-300"
                    >
                      Ver no site<span className="sr-only">: {work.title}</span>
                    </a>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  {search ? null : (
                    <OrderButtons
                      intent="move"
                      id={work.id}
                      label={work.title}
                      first={work.index === 0}
                      last={work.index === all - 1}
                    />
                  )}
                  <Form method="post">
                    <input type="hidden" name="intent" value={work.published ? "unpublish" : "publish"} />
                    <input type="hidden" name="id" value={work.id} />
                    <Button
                      type="submit"
                      variant="secondary"
                      size="sm"
                      aria-label={`${work.published ? "Despublicar" : "Publicar"} ${work.title}`}
                    >
                      {work.published ? "Despublicar" : "Publicar"}
                    </Button>
                  </Form>
                  <EditLink to={`/admin/obras/${work.id}`} title={work.title} />
                  <DeleteForm
                    id={work.id}
                    question="Tem certeza que deseja excluir esta obra? Ela sairá do site."
                    label={`Excluir ${work.title}`}
                  />
                </div>
              </li>
            ))}
          </ol>
        )}
        <ListPagination
          label="Páginas de obras"
          page={page}
          pageCount={pageCount}
          href={(target) => pageHref(search, target)}
        />
      </section>
    </AdminPage>
  );
}
