import { Form } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { Badge, Button, Field, TextInput } from "~/components/admin/ui";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { refused } from "~/server/commands/index.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import {
  erasePersonalDataOf,
  SUBJECT_MAX_LENGTH,
  searchPersonalData,
} from "~/server/personal-data/index.server";
import type { Route } from "./+types/admin-titulares";

// LGPD requests: find everything the site holds about an e-mail or phone, export it as JSON
// (admin-titulares-exportar.ts) or erase it in one action. The person is sent by POST, never
// in the address, so it stays out of access logs and the browser's history.

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request, { can: "personal-data.manage" });
  return {
    maxLength: SUBJECT_MAX_LENGTH,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request, { can: "personal-data.manage" });
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  const typed = formText(form, "titular");
  const intent = formText(form, "intent");
  if (intent === "excluir") {
    const confirmed = formText(form, "confirmar") === "sim";
    return answerCommand(session, await erasePersonalDataOf(session, { typed, confirmed }));
  }
  if (intent === "buscar") return answerCommand(session, await searchPersonalData(session, { typed }));
  return answerCommand(session, refused("Ação desconhecida."));
}

export const meta: Route.MetaFunction = () => [
  { title: "Titulares (LGPD) | Admin" },
  { name: "robots", content: "noindex" },
];

const cardClassName =
  "rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900";

type Found = NonNullable<Extract<Route.ComponentProps["actionData"], { found: unknown }>["found"]>;
type Erased = NonNullable<Extract<Route.ComponentProps["actionData"], { erased: unknown }>["erased"]>;

export default function AdminDataSubjects({ loaderData, actionData }: Route.ComponentProps) {
  const { maxLength } = loaderData;
  const failure = actionData && "error" in actionData ? { error: actionData.error } : undefined;
  const typed =
    actionData && "typed" in actionData && typeof actionData.typed === "string"
      ? actionData.typed
      : undefined;
  const found = actionData && "found" in actionData ? actionData.found : undefined;
  const erased = actionData && "erased" in actionData ? actionData.erased : undefined;
  return (
    <AdminPage title="Titulares (LGPD)" failure={failure}>
      <section aria-labelledby="buscar-titular" className={cardClassName}>
        <h2 id="buscar-titular" className="mb-2 text-xl font-bold text-slate-900 dark:text-white">
          Buscar os dados de uma pessoa
        </h2>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
          Quando alguém pede acesso aos seus dados ou a exclusão deles, informe o e-mail, o telefone ou o nome
          que a pessoa usou. A busca mostra tudo o que o site guarda sobre ela; daqui você pode exportar os
          dados (JSON) ou excluir tudo de uma vez.
        </p>
        <Form
          method="post"
          className="flex flex-col gap-4 sm:flex-row sm:items-end"
          key={found?.text ?? "busca"}
        >
          <input type="hidden" name="intent" value="buscar" />
          <Field
            label="E-mail, telefone ou nome"
            required
            className="grow"
            error={typed !== undefined ? failure?.error : undefined}
            hint="Ex.: maria@exemplo.com.br, (41) 99999-9999 ou Maria da Silva"
          >
            <TextInput
              name="titular"
              defaultValue={typed ?? found?.text ?? ""}
              maxLength={maxLength}
              autoComplete="off"
            />
          </Field>
          <Button type="submit">Buscar</Button>
        </Form>
      </section>
      {found ? <FoundData found={found} /> : null}
      {erased ? <ErasedData erased={erased} /> : null}
    </AdminPage>
  );
}

function FoundData({ found }: { found: Found }) {
  const total = found.sections.reduce((sum, section) => sum + section.records.length, 0);
  const erasable = found.sections.reduce(
    (sum, section) => sum + section.records.filter((record) => !record.keptBecause).length,
    0,
  );
  return (
    <section aria-labelledby="dados-encontrados" className={`${cardClassName} flex flex-col gap-6`}>
      <div>
        <h2 id="dados-encontrados" className="text-xl font-bold text-slate-900 dark:text-white">
          Dados encontrados para o {found.label}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {total === 0
            ? "Nada encontrado: o site não guarda dados com este e-mail, telefone ou nome."
            : `${total} ${total === 1 ? "registro encontrado" : "registros encontrados"}.`}
        </p>
      </div>
      {found.sections.map((section) => (
        <section key={section.key} aria-labelledby={`secao-${section.key}`} className="flex flex-col gap-3">
          <h3 id={`secao-${section.key}`} className="font-bold text-slate-900 dark:text-white">
            {section.title} ({section.records.length})
          </h3>
          {section.records.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Nada encontrado.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {section.records.map((record) => (
                <li key={record.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                  {record.keptBecause ? (
                    <p className="mb-2 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                      <Badge>Não será excluído</Badge>
                      {record.keptBecause}
                    </p>
                  ) : null}
                  <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                    {Object.entries(record.fields).map(([label, value]) =>
                      value === null || value === "" ? null : (
                        <div
                          key={label}
                          className={label === "Mensagem" || label === "Conteúdo" ? "sm:col-span-2" : ""}
                        >
                          <dt className="inline font-semibold text-slate-800 dark:text-slate-200">
                            {label}:{" "}
                          </dt>
                          <dd className="inline whitespace-pre-wrap break-words">{value}</dd>
                        </div>
                      ),
                    )}
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      {total > 0 ? (
        <div className="flex flex-col gap-6 border-t border-slate-200 pt-6 dark:border-slate-700">
          {/* A plain form: the browser saves the file and the page stays as it is. */}
          <form method="post" action="/admin/titulares/exportar">
            <input type="hidden" name="titular" value={found.text} />
            <Button type="submit" variant="secondary">
              Exportar JSON
            </Button>
          </form>
          {erasable > 0 ? (
            <Form method="post" className="flex flex-col gap-3" aria-labelledby="excluir-titular">
              <h3 id="excluir-titular" className="font-bold text-slate-900 dark:text-white">
                Excluir tudo
              </h3>
              <input type="hidden" name="intent" value="excluir" />
              <input type="hidden" name="titular" value={found.text} />
              <label className="flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
                <input type="checkbox" name="confirmar" value="sim" required className="mt-1 size-4" />
                <span>
                  Confirmo que o titular pediu a exclusão. {erasable}{" "}
                  {erasable === 1 ? "registro será excluído" : "registros serão excluídos"} de forma
                  definitiva, sem como desfazer; fica só um registro da exclusão, sem os dados.
                </span>
              </label>
              <div>
                <Button type="submit" variant="danger">
                  Excluir tudo
                </Button>
              </div>
            </Form>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function ErasedData({ erased }: { erased: Erased }) {
  return (
    <section aria-labelledby="dados-excluidos" className={`${cardClassName} flex flex-col gap-3`}>
      <h2 id="dados-excluidos" className="text-xl font-bold text-slate-900 dark:text-white">
        Dados excluídos do {erased.label}
      </h2>
      <ul className="list-disc pl-6 text-sm text-slate-700 dark:text-slate-300">
        {erased.sections.map((section) => (
          <li key={section.title}>
            {section.title}: {section.erased} {section.erased === 1 ? "excluído" : "excluídos"}
            {section.kept.length > 0
              ? ` (${section.kept.length} ${section.kept.length === 1 ? "mantido" : "mantidos"}: ${section.kept[0]?.reason})`
              : ""}
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        A exclusão ficou registrada sem os dados (só um código calculado a partir do e-mail, telefone ou nome,
        com a chave secreta do site), e tudo o que foi excluído é apagado de novo se um backup antigo for
        restaurado.
      </p>
    </section>
  );
}
