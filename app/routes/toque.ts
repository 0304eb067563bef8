import { TAP_KIND_PARAM } from "~/lib/contact-taps";
import { contactTapReport, isContactKind } from "~/server/visits/index.server";
import type { Route } from "./+types/toque";

// POST /toque?tipo=<whatsapp|telefone|email>&de=<page>: a contact link's ping or the page's
// beacon, counted and answered 204 (docs/decisions/0071). Nothing to see with a GET.

export function loader() {
  throw new Response("Página não encontrada.", { status: 404 });
}

export function action({ request }: Route.ActionArgs) {
  const kind = new URL(request.url).searchParams.get(TAP_KIND_PARAM)?.toLowerCase() ?? "";
  if (!isContactKind(kind)) {
    return new Response("Tipo de contato desconhecido.", {
      status: 400,
      headers: { "Cache-Control": "no-store" },
    });
  }
  return contactTapReport(request, kind);
}
