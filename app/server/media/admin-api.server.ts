import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { requireAdminAction } from "../auth/guard.server";
import type { CurrentSession } from "../auth/sessions.server";
import { discardRest } from "../body-limits.server";

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

export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`Request body exceeds ${limitBytes} bytes.`);
    this.name = "BodyTooLargeError";
  }
}

export class BodyReadError extends Error {
  constructor(cause: unknown) {
    super("The request body could not be read.", { cause });
    this.name = "BodyReadError";
  }
}

/**
 * The whole body of a request (or response), refusing to buffer more than `limitBytes`.
 * Content-Length is checked first, so a declared oversize body is refused without reading it;
 * a chunked body (no Content-Length) or one that lies about its length is refused as soon as
 * it passes the limit (the rest is read and dropped, not kept).
 */
export async function readBodyWithLimit(
  message: Request | Response,
  limitBytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(message.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limitBytes) throw new BodyTooLargeError(limitBytes);
  if (!message.body) return new Uint8Array();
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limitBytes) {
        await discardRest(reader);
        throw new BodyTooLargeError(limitBytes);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw error;
    throw new BodyReadError(error);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
