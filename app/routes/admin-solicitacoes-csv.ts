import { leadStatusFilter } from "~/lib/lead-status";
import { leadsToCsv, listLeads } from "~/server/admin/leads-admin.server";
import { requireAdminAction } from "~/server/auth/guard.server";
import type { Route } from "./+types/admin-solicitacoes-csv";

/** The inbox (optionally one status) as a CSV file that Excel in Brazil opens correctly. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminAction(request);
  const leads = await listLeads(leadStatusFilter(new URL(request.url).searchParams.get("status")));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(leadsToCsv(leads), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="solicitacoes-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
