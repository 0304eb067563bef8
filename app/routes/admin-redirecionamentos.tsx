import { useMemo } from "react";
import { Form } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ListPagination } from "~/components/admin/list-pagination";
import { Button, Field, labelClassName, TextInput } from "~/components/admin/ui";
import { useCommandForm } from "~/components/admin/use-command-form";
import { siteDefaults } from "~/config/site-env.server";
import { redirectFormSchema } from "~/lib/redirect-form";
import { REDIRECT_CSV_MAX_BYTES, REDIRECT_PATH_MAX_LENGTH, REDIRECTS_PATH } from "~/lib/redirect-paths";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand, type CommandFailure } from "~/route-support/answer-command.server";
import { refused } from "~/server/commands/index.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import {
  createRedirect,
  importRedirects,
  listRedirects,
  redirectsQueryFrom,
  removeRedirect,
} from "~/server/redirects/index.server";
import type { Route } from "./+types/admin-redirecionamentos";

// Permanent redirects (301): those the database made when a published post changed its slug,
// and those the owner adds from the old site's addresses, one at a time or from a CSV file.

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const query = redirectsQueryFrom(new URL(request.url).searchParams);
  const list = await listRedirects(query);
  // The new redirect's form checks its addresses in the browser too, against the same origins.
  return { ...list, origins: siteOrigins(request) };
}

/** The origins an address typed in full may have: the public one, and the one in use. */
function siteOrigins(request: Request): string[] {
  return [...new Set([new URL(siteDefaults().publicUrl).origin, new URL(request.url).origin])];
}

type ActionFailure = CommandFailure;

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  const origins = siteOrigins(request);
  const intent = formText(form, "intent");
  const outcome =
    intent === "delete"
      ? await removeRedirect(session, { id: formText(form, "id") })
      : intent === "create"
        ? await createRedirect(session, { origins, from: formText(form, "from"), to: formText(form, "to") })
        : intent === "import"
          ? await importRedirects(session, { origins, file: form.get("csv") })
          : refused("Ação desconhecida.");
  return answerCommand(session, outcome);
}

export const meta: Route.MetaFunction = () => [
  { title: "Redirecionamentos | Admin do Site" },
  { name: "robots", content: "noindex" },
];

function confirmDelete(event: React.FormEvent<HTMLFormElement>) {
  if (!window.confirm("Tem certeza que deseja excluir este redirecionamento?")) event.preventDefault();
}

function pageHref(search: string, page: number): string {
  const params = new URLSearchParams();
  if (search) params.set("busca", search);
  if (page > 1) params.set("pagina", String(page));
  const query = params.toString();
  return query ? `${REDIRECTS_PATH}?${query}` : REDIRECTS_PATH;
}

const sectionClassName =
  "rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900";

export default function AdminRedirects({ loaderData, actionData }: Route.ComponentProps) {
  const { items, search, page, pageCount, total, origins } = loaderData;
  const failed = actionData as ActionFailure | undefined;
  const status = search
    ? `${total === 1 ? "1 redirecionamento encontrado" : `${total} redirecionamentos encontrados`} para "${search}".`
    : `${total === 1 ? "1 redirecionamento" : `${total} redirecionamentos`}.`;
  return (
    <AdminPage title="Redirecionamentos" failure={failed}>
      {failed?.lines?.length ? (
        <section
          role="alert"
          aria-labelledby="erros-importacao"
          className={`${sectionClassName} border-red-300`}
        >
          <h2 id="erros-importacao" className="mb-2 text-lg font-bold text-red-800 dark:text-red-300">
            {failed.error}
          </h2>
          <ul className="list-disc pl-6 text-sm text-slate-800 dark:text-slate-200">
            {failed.lines.slice(0, 100).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {failed.lines.length > 100 ? (
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              E mais {failed.lines.length - 100} linhas com problemas.
            </p>
          ) : null}
        </section>
      ) : null}
      <section aria-labelledby="novo-redirecionamento" className={sectionClassName}>
        <h2 id="novo-redirecionamento" className="mb-1 text-xl font-bold text-slate-900 dark:text-white">
          Novo redirecionamento
        </h2>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
          Para endereços do site antigo, por exemplo /2019/05/minha-obra/. Quem abrir a origem vai direto ao
          destino (redirecionamento permanente, 301).
        </p>
        {/* A new key after each change empties the form once the redirect is added. */}
        <NewRedirectForm key={items.map((item) => item.id).join()} origins={origins} failure={failed} />
      </section>
      <section aria-labelledby="importar-csv" className={sectionClassName}>
        <h2 id="importar-csv" className="mb-1 text-xl font-bold text-slate-900 dark:text-white">
          Importar de um arquivo CSV
        </h2>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
          Duas colunas, <code>de,para</code> (o cabeçalho é opcional; vírgula ou ponto e vírgula), até{" "}
          {REDIRECT_CSV_MAX_BYTES / 1024 / 1024} MB. Se alguma linha tiver problema, nada é importado.
        </p>
        <Form
          method="post"
          encType="multipart/form-data"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <input type="hidden" name="intent" value="import" />
          <div className="flex flex-1 flex-col gap-1.5">
            <label htmlFor="arquivo-csv" className={labelClassName}>
              Arquivo CSV
            </label>
            <input
              id="arquivo-csv"
              type="file"
              name="csv"
              accept=".csv,text/csv"
              required
              className="text-sm text-slate-800 dark:text-slate-200"
            />
          </div>
          <Button type="submit" variant="secondary">
            Importar
          </Button>
        </Form>
      </section>
      <section aria-labelledby="redirecionamentos-existentes" className="flex flex-col gap-4">
        <h2 id="redirecionamentos-existentes" className="text-xl font-bold text-slate-900 dark:text-white">
          Redirecionamentos
        </h2>
        <search>
          <Form method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="flex flex-1 flex-col gap-1.5">
              <label htmlFor="busca-redirecionamentos" className={labelClassName}>
                Buscar por endereço
              </label>
              <TextInput
                id="busca-redirecionamentos"
                type="search"
                name="busca"
                defaultValue={search}
                maxLength={200}
              />
            </div>
            <Button type="submit" variant="secondary">
              Buscar
            </Button>
          </Form>
        </search>
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {status}
        </p>
        {items.length ? (
          <ul className="flex flex-col gap-2">
            {items.map((item) => (
              <li
                key={item.id}
                className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800 dark:bg-slate-900"
              >
                <p className="min-w-0 break-all text-sm text-slate-800 dark:text-slate-200">
                  <code>{item.from}</code>
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only"> redireciona para </span>
                  <code>{item.to}</code>
                </p>
                <Form method="post" onSubmit={confirmDelete}>
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={item.id} />
                  <Button
                    type="submit"
                    variant="danger"
                    size="sm"
                    aria-label={`Excluir o redirecionamento de ${item.from}`}
                  >
                    Excluir
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        ) : null}
        <ListPagination
          label="Páginas de redirecionamentos"
          page={page}
          pageCount={pageCount}
          href={(target) => pageHref(search, target)}
        />
      </section>
    </AdminPage>
  );
}

/** One redirect, its two addresses checked in the browser with the create command's schema. */
function NewRedirectForm({ origins, failure }: { origins: string[]; failure: ActionFailure | undefined }) {
  // Each revalidation brings a new array of the same origins: the schema follows their text.
  const key = origins.join(" ");
  const schema = useMemo(() => redirectFormSchema(key.split(" ")), [key]);
  const { fields, formProps } = useCommandForm(schema, failure);
  return (
    <Form {...formProps} method="post" className="flex flex-col gap-3 md:flex-row md:items-end">
      <input type="hidden" name="intent" value="create" />
      <Field label="De (endereço antigo)" required className="flex-1" error={fields.from.errors?.[0]}>
        <TextInput
          name={fields.from.name}
          maxLength={REDIRECT_PATH_MAX_LENGTH}
          placeholder="/2019/05/minha-obra/"
          defaultValue={fields.from.initialValue}
        />
      </Field>
      <Field label="Para (endereço deste site)" required className="flex-1" error={fields.to.errors?.[0]}>
        <TextInput
          name={fields.to.name}
          maxLength={REDIRECT_PATH_MAX_LENGTH}
          placeholder="/obras/minha-obra"
          defaultValue={fields.to.initialValue}
        />
      </Field>
      <Button type="submit">Adicionar</Button>
    </Form>
  );
}
