import { Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { OrderButtons } from "~/components/admin/order-buttons";
import { DeleteForm, EditLink } from "~/components/admin/row-actions";
import { Badge, buttonClassName } from "~/components/admin/ui";
import { Icon } from "~/components/ui/icon";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { readMove } from "~/server/admin-lists/index.server";
import { refused } from "~/server/commands/index.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import {
  listServicesForAdmin,
  removeService,
  reorderService,
  serviceIdFromParam,
} from "~/server/services/index.server";
import type { Route } from "./+types/admin-servicos";

// The services of /servicos and of the home page's cards: their order, and deletion. Each
// service's form has routes of its own (admin-servicos-novo.tsx, admin-servicos-editar.tsx).

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const lists = await listServicesForAdmin();
  return { ...lists };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  const intent = formText(form, "intent");
  const id = serviceIdFromParam(formText(form, "id"));
  if (intent === "delete") return answerCommand(session, await removeService(session, { id }));
  if (intent === "move") {
    const move = readMove(form, ["page", "home"]);
    if (!move) return answerCommand(session, refused("Movimento inválido."));
    return answerCommand(session, await reorderService(session, { id, ...move }));
  }
  return answerCommand(session, refused("Ação desconhecida."));
}

export const meta: Route.MetaFunction = () => [
  { title: "Serviços | Admin do Site" },
  { name: "robots", content: "noindex" },
];

export default function AdminServices({ loaderData, actionData }: Route.ComponentProps) {
  const { services, home } = loaderData;
  return (
    <AdminPage
      title="Serviços"
      failure={actionData}
      actions={
        <Link to="/admin/servicos/novo" className={buttonClassName("primary")}>
          <Icon name="file-text" className="size-4" />
          Novo Serviço
        </Link>
      }
    >
      <section aria-labelledby="servicos-existentes" className="flex flex-col gap-4">
        <div>
          <h2 id="servicos-existentes" className="text-xl font-bold text-slate-900 dark:text-white">
            Serviços do site
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Na ordem da página Serviços e do rodapé.
          </p>
        </div>
        {services.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">
            Nenhum serviço ainda. Use "Novo Serviço" para cadastrar o primeiro.
          </p>
        ) : (
          <ol className="flex flex-col gap-3">
            {services.map((service, index) => (
              <li
                key={service.id}
                className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 md:flex-row md:items-center md:justify-between dark:border-slate-800 dark:bg-slate-900"
              >
                <div className="flex min-w-0 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-bold text-slate-900 dark:text-white">{service.title}</h3>
                    {service.showOnHome ? <Badge>Na página inicial</Badge> : null}
                  </div>
                  <a
                    href={`/servicos#${service.slug}`}
                    className="w-fit text-sm text-brand-700 underline dark:text-brand-300"
                  >
                    Ver no site<span className="sr-only">: {service.title}</span>
                  </a>
                </div>
                <div className="flex flex-wrap gap-2">
                  <OrderButtons
                    intent="move"
                    id={service.id}
                    label={service.title}
                    first={index === 0}
                    last={index === services.length - 1}
                    fields={{ list: "page" }}
                  />
                  <EditLink to={`/admin/servicos/${service.id}`} title={service.title} />
                  <DeleteForm
                    id={service.id}
                    question="Tem certeza que deseja excluir este serviço? Ele sairá do site."
                    label={`Excluir ${service.title}`}
                  />
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="servicos-inicio" className="flex flex-col gap-4">
        <div>
          <h2 id="servicos-inicio" className="text-xl font-bold text-slate-900 dark:text-white">
            Ordem na página inicial
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Os serviços marcados com "Exibir na página inicial", na ordem dos cartões.
          </p>
        </div>
        {home.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">Nenhum serviço está na página inicial.</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {home.map((service, index) => (
              <li
                key={service.id}
                className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800 dark:bg-slate-900"
              >
                <span className="font-semibold text-slate-900 dark:text-white">{service.title}</span>
                <OrderButtons
                  intent="move"
                  id={service.id}
                  label={`${service.title} na página inicial`}
                  first={index === 0}
                  last={index === home.length - 1}
                  fields={{ list: "home" }}
                />
              </li>
            ))}
          </ol>
        )}
      </section>
    </AdminPage>
  );
}
