import { shownViewReport } from "~/server/visits/index.server";
import type { Route } from "./+types/visita";

// POST /visita?p=<page>&r=<page before>: a page shown from a prefetch or a prerender, reported by
// its beacon (app/server/visits/shown-view.server.ts). Nothing to see with a GET.

export function loader() {
  throw new Response("Página não encontrada.", { status: 404 });
}

export function action({ request }: Route.ActionArgs) {
  return shownViewReport(request);
}
