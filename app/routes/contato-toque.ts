import { contactTapAnswer, contactTapReport, isContactKind } from "~/server/visits/contact-tap.server";
import type { Route } from "./+types/contato-toque";

// /contato/whatsapp, /contato/telefone, /contato/email (?de=<page>): where a tap on a contact
// link is counted (docs/decisions/0071). POST: the link's ping or the page's beacon, answered
// 204. GET: an old counting link, counted and sent on with a 302 to the company's target.
// Only these three addresses reach this module (app/routes.ts); any other kind is the site's 404.

function kindOf(request: Request) {
  const kind = new URL(request.url).pathname.split("/")[2]?.toLowerCase() ?? "";
  if (!isContactKind(kind)) throw new Response("Contato não encontrado.", { status: 404 });
  return kind;
}

export async function loader({ request }: Route.LoaderArgs) {
  return contactTapAnswer(request, kindOf(request));
}

export async function action({ request }: Route.ActionArgs) {
  return contactTapReport(request, kindOf(request));
}
