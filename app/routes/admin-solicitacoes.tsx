import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { DeleteForm } from "~/components/admin/row-actions";
import { Badge, Button, buttonClassName, Field, Select, TextArea } from "~/components/admin/ui";
import { deliveryLabels, leadStatuses, leadStatusFilter, leadStatusLabels } from "~/lib/lead-status";
import type { RouteHandle } from "~/route-handle";
import { deleteLead, leadUpdateSchema, listLeads, updateLead } from "~/server/admin/leads-admin.server";
import { requireAdminAction, requireAdminPage } from "~/server/auth/guard.server";
import { setFlash, takeFlash } from "~/server/auth/sessions.server";
import { formText, formTexts, readForm } from "~/server/read-form.server";
import { validateForm } from "~/server/validate-form.server";
import type { Route } from "./+types/admin-solicitacoes";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdminPage(request);
  const status = leadStatusFilter(new URL(request.url).searchParams.get("status"));
  const [leads, flash] = await Promise.all([listLeads(status), takeFlash(session)]);
  return { leads, status, flash, email: session.user.email };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return data({ error: "Não foi possível ler o formulário." }, { status: 400 });
  const id = formText(form, "id");
  const back = `/admin/solicitacoes${new URL(request.url).search}`;
  if (formText(form, "intent") === "delete") {
    if (!(await deleteLead(id))) return data({ error: "Solicitação não encontrada." }, { status: 404 });
    await setFlash(session, { title: "Solicitação excluída!", description: "Os dados foram apagados." });
    throw redirect(back);
  }
  const parsed = validateForm(leadUpdateSchema, formTexts(form, ["status", "note"]));
  if (!parsed.ok) return data({ error: parsed.message }, { status: 400 });
  if (!(await updateLead(id, parsed.data.status, parsed.data.note))) {
    return data({ error: "Solicitação não encontrada." }, { status: 404 });
  }
  await setFlash(session, { title: "Solicitação atualizada!", description: "Status e nota foram salvos." });
  throw redirect(back);
}

export const meta: Route.MetaFunction = () => [
  { title: "Solicitações de Orçamento | Admin" },
  { name: "robots", content: "noindex" },
];

const dateTime = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  dateStyle: "medium",
  timeStyle: "short",
});

export default function AdminLeads({ loaderData, actionData }: Route.ComponentProps) {
  const { leads, status, flash, email } = loaderData;
  const navigation = useNavigation();
  const chip = (active: boolean) =>
    `inline-block rounded-full border px-3 py-1.5 text-sm font-semibold ${
      active
        ? "border-brand-800 bg-brand-800 text-white dark:border-brand-300 dark:bg-brand-300 dark:text-slate-950"
        : "border-slate-300 text-slate-700 hover:border-brand-700 dark:border-slate-600 dark:text-slate-200"
    }`;
  return (
    <AdminPage
      title="Solicitações de Orçamento"
      email={email}
      flash={flash}
      failure={actionData}
      actions={
        <a
          href={`/admin/solicitacoes.csv${status ? `?status=${status}` : ""}`}
          className={buttonClassName("secondary")}
          download
        >
          Exportar CSV
        </a>
      }
    >
      <nav aria-label="Filtrar por status">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              to="/admin/solicitacoes"
              aria-current={status === null ? "page" : undefined}
              className={chip(status === null)}
            >
              Todas
            </Link>
          </li>
          {leadStatuses.map((value) => (
            <li key={value}>
              <Link
                to={`/admin/solicitacoes?status=${value}`}
                aria-current={status === value ? "page" : undefined}
                className={chip(status === value)}
              >
                {leadStatusLabels[value]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {leads.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">
          Nenhuma solicitação {status ? "com este status" : "ainda"}.
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {leads.map((lead) => {
            const saving = navigation.state === "submitting" && navigation.formData?.get("id") === lead.id;
            return (
              <li
                key={lead.id}
                className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 lg:grid-cols-[1fr_20rem] dark:border-slate-800 dark:bg-slate-900"
              >
                <article aria-label={`Solicitação de ${lead.name}`} className="flex min-w-0 flex-col gap-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="text-lg font-bold text-slate-900 dark:text-white">{lead.name}</h2>
                    <Badge variant={lead.status === "novo" ? "featured" : "neutral"}>
                      {leadStatusLabels[lead.status]}
                    </Badge>
                    <Badge
                      variant={
                        lead.delivery === "sent"
                          ? "published"
                          : lead.delivery === "retrying"
                            ? "archived"
                            : "draft"
                      }
                    >
                      {deliveryLabels[lead.delivery]}
                    </Badge>
                  </div>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    <time dateTime={lead.created_at}>{dateTime.format(new Date(lead.created_at))}</time>
                  </p>
                  <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                    <div>
                      <dt className="inline font-semibold text-slate-800 dark:text-slate-200">E-mail: </dt>
                      <dd className="inline break-all">
                        <a
                          href={`mailto:${lead.email}`}
                          className="text-brand-700 underline dark:text-brand-300"
                        >
                          {lead.email}
                        </a>
                      </dd>
                    </div>
                    <div>
                      <dt className="inline font-semibold text-slate-800 dark:text-slate-200">Telefone: </dt>
                      <dd className="inline">{lead.phone}</dd>
                    </div>
                    <div>
                      <dt className="inline font-semibold text-slate-800 dark:text-slate-200">
                        Condomínio:{" "}
                      </dt>
                      <dd className="inline">{lead.condominium}</dd>
                    </div>
                    <div>
                      <dt className="inline font-semibold text-slate-800 dark:text-slate-200">Serviço: </dt>
                      <dd className="inline">{lead.service}</dd>
                    </div>
                  </dl>
                  <p className="text-sm whitespace-pre-wrap text-slate-700 dark:text-slate-300">
                    {lead.message}
                  </p>
                  {lead.deliveryError ? (
                    <p className="text-sm text-amber-800 dark:text-amber-300">
                      Último erro do e-mail ({lead.deliveryAttempts} tentativas): {lead.deliveryError}
                    </p>
                  ) : null}
                </article>
                <div className="flex flex-col gap-3">
                  <Form method="post" className="flex flex-col gap-3">
                    <input type="hidden" name="id" value={lead.id} />
                    <input type="hidden" name="intent" value="update" />
                    <Field label="Status">
                      <Select name="status" defaultValue={lead.status}>
                        {leadStatuses.map((value) => (
                          <option key={value} value={value}>
                            {leadStatusLabels[value]}
                          </option>
                        ))}
                      </Select>
                    </Field>
                    <Field label="Nota particular">
                      <TextArea name="note" rows={3} defaultValue={lead.note} maxLength={5000} />
                    </Field>
                    <Button type="submit" variant="secondary" busy={saving} busyLabel="Salvando...">
                      Salvar<span className="sr-only"> solicitação de {lead.name}</span>
                    </Button>
                  </Form>
                  <DeleteForm
                    id={lead.id}
                    question="Tem certeza que deseja excluir esta solicitação? Os dados serão apagados."
                    label={`Excluir solicitação de ${lead.name}`}
                    className="w-full"
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AdminPage>
  );
}
