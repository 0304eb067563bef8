import { contactTapAnswer, isContactKind } from "~/server/visits/index.server";
import type { Route } from "./+types/contato-toque";

// GET /contato/whatsapp, /contato/telefone, /contato/email (?de=<page>): the counting links that
// older pages carried, and that visitors may have copied. The tap is counted and the visitor
// sent on with a 302 to the company's target from the settings (docs/decisions/0071); today's
// pages link to the target itself and are counted at /toque. Any other kind is the site's 404.

export async function loader({ request }: Route.LoaderArgs) {
  const kind = new URL(request.url).pathname.split("/")[2]?.toLowerCase() ?? "";
  if (!isContactKind(kind)) throw new Response("Contato não encontrado.", { status: 404 });
  return contactTapAnswer(request, kind);
}
