import type { CurrentSession } from "~/server/accounts/index.server";
import { requireAdminAction } from "./admin-guard.server";

// Shared by the admin's JSON endpoints (image upload and generation): every answer, errors
// included, is `{ error }` JSON with a pt-BR message the admin shows in a toast.

export function jsonError(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ error: message }, { status, headers });
}

/**
 * requireAdminAction, answering with its Response (401 / 403, `{ error }` JSON with the pt-BR
 * message) instead of throwing it, so an endpoint returns one answer from one place.
 */
export async function adminSessionOrResponse(request: Request): Promise<CurrentSession | Response> {
  try {
    return await requireAdminAction(request);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

export const METHOD_NOT_ALLOWED_MESSAGE = "Método não permitido: envie com POST.";

export function methodNotAllowed(): Response {
  return jsonError(405, METHOD_NOT_ALLOWED_MESSAGE, { Allow: "POST" });
}
