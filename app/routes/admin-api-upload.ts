import { methodNotAllowed } from "~/server/media/admin-api.server";
import { handleImageUpload } from "~/server/media/upload-endpoint.server";
import type { Route } from "./+types/admin-api-upload";

// POST multipart/form-data with the image in field "file" → 201 { url, width, height },
// or { error } with a pt-BR message (400, 401, 403, 413, 415).
export async function action({ request }: Route.ActionArgs) {
  return handleImageUpload(request);
}

// Without a loader React Router answers a GET with a generic error; say what the endpoint takes.
export function loader() {
  return methodNotAllowed();
}
