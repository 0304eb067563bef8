import { requireAdminAction } from "~/route-support/admin-guard.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import { exportPersonalData, parseDataSubject } from "~/server/personal-data/index.server";
import type { Route } from "./+types/admin-titulares-exportar";

/**
 * Everything the site holds about an e-mail or phone as a JSON file, for the person who asked
 * (LGPD access and portability). A POST, so the person is never in an address; logged.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request, { can: "personal-data.manage" });
  const form = await readForm(request);
  const parsed = form ? parseDataSubject(formText(form, "titular")) : null;
  if (!parsed?.ok) {
    return new Response(parsed?.message ?? UNREADABLE_FORM_MESSAGE, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const document = await exportPersonalData(parsed.subject, session.user.id);
  const day = document.geradoEm.slice(0, 10);
  return new Response(`${JSON.stringify(document, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="dados-pessoais-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
