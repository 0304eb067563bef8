import { siteDay } from "~/lib/site-time";
import { requireAdminAction } from "~/route-support/admin-guard.server";
import { exportAuditLog } from "~/server/audit/index.server";
import type { Route } from "./+types/admin-auditoria-csv";

const NOT_STORED = { "Cache-Control": "private, no-store" };

/** The audit log's filtered entries as a CSV file for Excel; the export is itself recorded. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdminAction(request, { can: "audit.read" });
  const outcome = await exportAuditLog(session, { searchParams: new URL(request.url).searchParams });
  if (outcome.kind !== "answered") {
    // The guard answered for a role without the capability: what is left is a bad filter.
    return new Response("message" in outcome ? outcome.message : "", {
      status: outcome.kind === "refused" ? 400 : 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...NOT_STORED },
    });
  }
  const day = siteDay(new Date());
  return new Response(outcome.body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="auditoria-${day}.csv"`,
      ...NOT_STORED,
    },
  });
}
