import { mediaQueryFrom } from "~/lib/media-query";
import { adminSessionOrResponse } from "~/route-support/admin-api.server";
import { listMedia } from "~/server/media/index.server";
import type { Route } from "./+types/admin-api-midia";

// GET /admin/api/midia?busca=…&pagina=… → one page of the media library as JSON, for the
// image picker of the admin's forms. 401 / 403 `{ error }` like the other admin endpoints.

/** The picker's dialog shows fewer images per page than the library's own grid. */
const PICKER_PAGE_SIZE = 24;

export async function loader({ request }: Route.LoaderArgs) {
  const session = await adminSessionOrResponse(request);
  if (session instanceof Response) return session;
  const page = await listMedia(mediaQueryFrom(new URL(request.url).searchParams), PICKER_PAGE_SIZE);
  return Response.json(page, { headers: { "Cache-Control": "private, no-store" } });
}
