import { contactTapAnswer, isContactKind } from "~/server/visits/contact-tap.server";
import type { Route } from "./+types/contato-toque";

// GET /contato/whatsapp, /contato/telefone, /contato/email (?de=<page>): count the tap, then
// 302 to the company's WhatsApp, phone or e-mail from the settings (docs/decisions/0058).
// Only these three addresses reach this module (app/routes.ts); any other kind is the site's 404.

export async function loader({ request }: Route.LoaderArgs) {
  const kind = new URL(request.url).pathname.split("/")[2]?.toLowerCase() ?? "";
  if (!isContactKind(kind)) throw new Response("Contato não encontrado.", { status: 404 });
  return contactTapAnswer(request, kind);
}
