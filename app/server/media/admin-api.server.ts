import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { requireAdminAction } from "../auth/guard.server";
import type { CurrentSession } from "../auth/sessions.server";

// Shared by the admin's JSON endpoints (image upload and generation): every answer, errors
// included, is `{ error }` JSON with a pt-BR message the admin shows in a toast.

export function jsonError(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ error: message }, { status, headers });
}

function isDataWithResponseInit(value: unknown): value is DataWithResponseInit<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

/**
 * requireAdminAction, answering with a Response instead of throwing. React Router turns a
 * `data()` thrown from a resource route into `{ message: "Unexpected Server Error" }`, which
 * would lose the guard's pt-BR message (401 / 403).
 */
export async function adminSessionOrResponse(request: Request): Promise<CurrentSession | Response> {
  try {
    return await requireAdminAction(request);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (isDataWithResponseInit(thrown)) return Response.json(thrown.data, thrown.init ?? undefined);
    throw thrown;
  }
}

export const METHOD_NOT_ALLOWED_MESSAGE = "Método não permitido: envie com POST.";

export function methodNotAllowed(): Response {
  return jsonError(405, METHOD_NOT_ALLOWED_MESSAGE, { Allow: "POST" });
}
