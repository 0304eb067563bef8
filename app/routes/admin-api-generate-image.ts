import { methodNotAllowed } from "~/route-support/admin-api.server";
import { handleImageGeneration } from "~/route-support/image-generation-endpoint.server";
import type { Route } from "./+types/admin-api-generate-image";

// POST `prompt` (form field or JSON) → 201 { url, width, height }, or { error } with a pt-BR
// message (400, 401, 403, 502 provider error, 503 not configured, 504 timeout).
export async function action({ request }: Route.ActionArgs) {
  return handleImageGeneration(request);
}

// Without a loader React Router answers a GET with a generic error; say what the endpoint takes.
export function loader() {
  return methodNotAllowed();
}
