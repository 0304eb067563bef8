import { requireAdminAction } from "~/route-support/admin-guard.server";
import { parseLeadListQuery } from "~/server/admin-lists/list-query.server";
import { recordAudit } from "~/server/audit/audit-log.server";
import { leadExportDetails } from "~/server/audit/lead-audit.server";
import { leadsToCsv, listLeadsForExport } from "~/server/leads/leads-admin.server";
import type { Route } from "./+types/admin-solicitacoes-csv";

/**
 * The inbox as a CSV file that Excel in Brazil opens correctly: every request the inbox's
 * filters and search select (the same query string), all pages together.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdminAction(request, { can: "leads.read" });
  const parsed = parseLeadListQuery(new URL(request.url).searchParams);
  if (!parsed.ok) {
    return new Response(parsed.message, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const leads = await listLeadsForExport(parsed.query);
  await recordAudit(session, {
    action: "lead.export",
    details: leadExportDetails(parsed.query, leads.length),
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(leadsToCsv(leads), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="solicitacoes-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
