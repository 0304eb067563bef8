import { requireAdminAction } from "~/route-support/admin-guard.server";
import { exportLeads } from "~/server/leads/index.server";
import type { Route } from "./+types/admin-solicitacoes-csv";

/**
 * The inbox as a CSV file that Excel in Brazil opens correctly: every request the inbox's
 * filters and search select (the same query string), all pages together.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdminAction(request, { can: "leads.read" });
  const exported = await exportLeads(session, { query: new URL(request.url).searchParams });
  if (!exported.ok) {
    return new Response(exported.message, {
      status: exported.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return new Response(exported.value.text, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exported.value.name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
