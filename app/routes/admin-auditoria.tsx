import { AdminPage } from "~/components/admin/admin-page";
import { DateRangeFields, FilterSelect, ListFilters } from "~/components/admin/list-filters";
import { filteredListPageHref, ListPagination, listSummary } from "~/components/admin/list-pagination";
import { buttonClassName } from "~/components/admin/ui";
import { auditListParams, isFiltered, listHref } from "~/lib/admin-list";
import { AUDIT_GROUP_LABELS, AUDIT_GROUPS, auditActionLabel } from "~/lib/audit-actions";
import { formatAuditDateTime } from "~/lib/site-time";
import { requireAdminPage } from "~/route-support/admin-guard.server";
import { listPage } from "~/route-support/list-page.server";
import { parseAuditListQuery } from "~/server/admin-lists/index.server";
import { listAuditEntries, listAuditUsers } from "~/server/audit/index.server";
import type { Route } from "./+types/admin-auditoria";

// The audit log: who did what, when and from where, newest first, 50 a page, filtered on the
// server from the address (?usuario=&acao=&de=&ate=&pagina=). Read only: nothing here changes it.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request, { can: "audit.read" });
  const parsed = parseAuditListQuery(new URL(request.url).searchParams);
  return listPage(
    parsed,
    listAuditEntries,
    listAuditUsers().then((users) => ({ users })),
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Auditoria | Admin" },
  { name: "robots", content: "noindex" },
];

/** A stored details JSON as short "field: value" text; anything unreadable as it is. */
function describeDetails(details: string | null): string {
  if (!details) return "";
  try {
    const parsed: unknown = JSON.parse(details);
    if (!parsed || typeof parsed !== "object") return details;
    return Object.entries(parsed)
      .map(([name, value]) => `${name}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
      .join("; ");
  } catch {
    return details;
  }
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { list: entries, users, query, invalidQuery } = loaderData;
  const path = "/admin/auditoria";
  const params = auditListParams(query);
  const filtered = isFiltered(query);
  return (
    <AdminPage
      title="Auditoria"
      actions={
        <a
          href={listHref("/admin/auditoria.csv", { ...params, pagina: null })}
          className={buttonClassName("secondary")}
          download
        >
          Exportar CSV
        </a>
      }
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Entradas, alterações de conteúdo, acessos a solicitações, configurações e usuários. Cada registro é
        mantido por 12 meses e não pode ser alterado.
      </p>
      <ListFilters
        path={path}
        label="Filtrar registro de auditoria"
        applied={listHref(path, params)}
        filtered={filtered}
        error={invalidQuery}
      >
        <FilterSelect
          label="Usuário"
          name="usuario"
          value={query.user}
          allLabel="Todos"
          options={users.map((user) => ({ value: user.id, label: user.email }))}
        />
        <FilterSelect
          label="Ação"
          name="acao"
          value={query.group}
          allLabel="Todas"
          options={AUDIT_GROUPS.map((group) => ({ value: group, label: AUDIT_GROUP_LABELS[group] }))}
        />
        <DateRangeFields labels={["De", "Até"]} from={query.from} to={query.to} />
      </ListFilters>
      {entries === null ? null : entries.total === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">
          {filtered ? "Nenhum registro encontrado com estes filtros." : "Nenhum registro ainda."}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {listSummary(entries, { one: "registro", many: "registros" })}
          </p>
          {/* A scroller of its own when the table is wider than the screen: focusable, so the
              keyboard scrolls it too. */}
          <section
            aria-label="Registros de auditoria"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
            tabIndex={0}
            className="relative overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800"
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Registro de auditoria, mais recentes primeiro</caption>
              <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Quando
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Quem
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Ação
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Alvo
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Endereço
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Detalhes
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-800 dark:bg-slate-950">
                {entries.items.map((entry) => (
                  <tr key={entry.id} data-action={entry.action}>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <time dateTime={entry.at}>{formatAuditDateTime(entry.at)}</time>
                    </td>
                    <td className="px-3 py-2 [overflow-wrap:anywhere]">{entry.userEmail ?? "—"}</td>
                    <td className="px-3 py-2">{auditActionLabel(entry.action)}</td>
                    <td className="px-3 py-2 break-words">{entry.targetLabel ?? entry.targetId ?? ""}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{entry.ipAddress ?? ""}</td>
                    <td className="max-w-md px-3 py-2 break-words text-slate-600 dark:text-slate-400">
                      {describeDetails(entry.details)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <ListPagination
            label="Páginas do registro de auditoria"
            page={entries.page}
            pageCount={entries.pageCount}
            href={filteredListPageHref(path, params)}
          />
        </>
      )}
    </AdminPage>
  );
}
