import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

const KB = 1024;
const MB = 1024 * KB;

/** The largest request body each kind of endpoint accepts. */
export function maxBodyBytes(path: string): number {
  // An image of up to 5 MB plus the multipart envelope.
  if (path === "/admin/api/upload") return 5 * MB + 256 * KB;
  // A post's HTML can be long; nothing else in the admin comes close.
  if (path === "/admin" || path.startsWith("/admin/") || path === "/admin.data") return 2 * MB;
  // Public forms (quote request, sign-in) are a few KB; routes check their own, tighter limits.
  return 256 * KB;
}

function tooLarge(c: Context, maxBytes: number): Response {
  const message =
    c.req.path === "/admin/api/upload"
      ? "A imagem deve ter no máximo 5MB."
      : `O envio é grande demais (máximo de ${Math.round(maxBytes / KB)} KB).`;
  const wantsJson =
    (c.req.header("accept") ?? "").includes("application/json") || c.req.path.startsWith("/admin/api/");
  // No "Connection: close": closing while the client is still sending resets the connection, and
  // the client sees a network error instead of this message. Node reads and drops the rest of
  // the body (within the server's request timeout) and the connection stays usable.
  return wantsJson ? c.json({ error: message }, 413) : c.text(message, 413);
}

/** Refuse oversized bodies with 413 before anything reads them (Content-Length or streamed). */
export function limitRequestBodies(): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    const maxSize = maxBodyBytes(c.req.path);
    return bodyLimit({ maxSize, onError: (context) => tooLarge(context, maxSize) })(c, next);
  };
}
