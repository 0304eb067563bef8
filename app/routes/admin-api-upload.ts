import { adminSessionOrResponse, jsonError, methodNotAllowed } from "~/route-support/admin-api.server";
import {
  multipartText,
  readMultipart,
  UPLOAD_BODY_LIMIT_BYTES,
  UPLOAD_MESSAGES,
  uploadImage,
} from "~/server/media/index.server";
import type { Route } from "./+types/admin-api-upload";

// POST multipart/form-data with the image in field "file" (optional "name" and "alt")
// → 201 { id, url, width, height, name, alt }, or { error } with a pt-BR message
// (400, 401, 403, 413, 415, 503).
export async function action({ request }: Route.ActionArgs) {
  const session = await adminSessionOrResponse(request);
  if (session instanceof Response) return session;
  if (request.method !== "POST") return methodNotAllowed();
  const read = await readMultipart(request, UPLOAD_BODY_LIMIT_BYTES, UPLOAD_MESSAGES.tooLarge);
  if (!read.ok) return jsonError(read.status, read.error);
  const { form } = read;
  const outcome = await uploadImage(session, {
    file: form.get("file"),
    name: multipartText(form, "name"),
    alt: multipartText(form, "alt"),
  });
  if (!outcome.ok) return jsonError(outcome.status, outcome.error);
  return Response.json(outcome.image, { status: 201 });
}

// Without a loader React Router answers a GET with a generic error; say what the endpoint takes.
export function loader() {
  return methodNotAllowed();
}
