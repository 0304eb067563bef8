import { conversionTableCsv, conversionTableSchema } from "~/lib/conversion-csv";
import { parseConversionRange } from "~/lib/conversion-range";
import { requireAdminAction } from "~/route-support/admin-guard.server";
import { conversions } from "~/server/visits/index.server";
import type { Route } from "./+types/admin-solicitacoes-conversoes-csv";

/**
 * One table of the conversions dashboard (`tabela`) over a period (`de`, `ate`) as a CSV file
 * for Excel. Only counts, no person, so the download is not audited as the inbox's is.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminAction(request, { can: "leads.read" });
  const params = new URL(request.url).searchParams;
  const table = conversionTableSchema.safeParse(params.get("tabela") ?? "");
  const range = parseConversionRange(params);
  const problem = !table.success ? table.error.issues[0]?.message : !range.ok ? range.message : undefined;
  if (!table.success || !range.ok) {
    return new Response(problem ?? "Pedido inválido.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const data = await conversions(range.range);
  return new Response(conversionTableCsv(table.data, data), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="conversoes-${table.data}-${range.range.from}-a-${range.range.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
