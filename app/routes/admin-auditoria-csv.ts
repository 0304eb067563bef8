import { requireAdminAction } from "~/route-support/admin-guard.server";
import { parseAuditListQuery } from "~/server/admin-lists/list-query.server";
import { auditEntriesToCsv, listAuditEntriesForExport } from "~/server/audit/audit-list.server";
import { recordAudit } from "~/server/audit/audit-log.server";
import type { Route } from "./+types/admin-auditoria-csv";

/** The audit log's filtered entries as a CSV file for Excel; the export is itself recorded. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdminAction(request, { can: "audit.read" });
  const parsed = parseAuditListQuery(new URL(request.url).searchParams);
  if (!parsed.ok) {
    return new Response(parsed.message, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const { page: _page, ...filters } = parsed.query;
  const entries = await listAuditEntriesForExport(filters);
  await recordAudit(session, { action: "audit.export", details: { filters, rows: entries.length } });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(auditEntriesToCsv(entries), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="auditoria-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
