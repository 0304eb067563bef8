import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MEDIA_BATCH_MAX_BYTES, MEDIA_UPLOAD_MAX_BYTES } from "~/lib/media-limits";
import { isAdminPath } from "../accounts/personal-paths.server";
import { MEDIA_MESSAGES, UPLOAD_MESSAGES } from "../media/media-messages.server";
import { discardRest } from "../platform/limited-body.server";

const KB = 1024;
const MB = 1024 * KB;

/** The image upload endpoint, however its address is capitalised (routes match any case). */
function isUploadPath(path: string): boolean {
  return path.toLowerCase() === "/admin/api/upload";
}

/** The media library's page, whose form sends several photos at once without JavaScript. */
function isBatchUploadPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === "/admin/midia" || lower === "/admin/midia.data";
}

/** The largest request body each kind of endpoint accepts. */
export function maxBodyBytes(path: string): number {
  // A photo of up to 20 MB plus the multipart envelope.
  if (isUploadPath(path)) return MEDIA_UPLOAD_MAX_BYTES + 256 * KB;
  if (isBatchUploadPath(path)) return MEDIA_BATCH_MAX_BYTES + 256 * KB;
  // A post's HTML can be long; nothing else in the admin comes close.
  if (isAdminPath(path)) return 2 * MB;
  // Public forms (quote request, sign-in) are a few KB; routes check their own, tighter limits.
  return 256 * KB;
}

/**
 * A refused body that the client is still sending is read and dropped up to this size before
 * the answer goes out: closing or answering early while it sends resets the connection (the
 * client sees a network error, not the message, or its next request on that connection fails).
 * Beyond it the answer goes at once and the connection closes.
 */
const MAX_DISCARDED_BYTES = 64 * MB;

function tooLarge(c: Context, maxBytes: number, closeConnection: boolean): Response {
  const message = isUploadPath(c.req.path)
    ? UPLOAD_MESSAGES.tooLarge
    : isBatchUploadPath(c.req.path)
      ? MEDIA_MESSAGES.batchTooLarge
      : `O envio é grande demais (máximo de ${Math.round(maxBytes / KB)} KB).`;
  const wantsJson =
    (c.req.header("accept") ?? "").includes("application/json") || /^\/admin\/api\//i.test(c.req.path);
  const response = wantsJson ? c.json({ error: message }, 413) : c.text(message, 413);
  if (closeConnection) response.headers.set("Connection", "close");
  return response;
}

/**
 * Refuse oversized bodies with 413 before anything uses them (Content-Length or streamed). A
 * declared size up to MAX_DISCARDED_BYTES is read and dropped first, so the client gets the
 * answer and can keep the connection.
 */
export function limitRequestBodies(): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    const maxSize = maxBodyBytes(c.req.path);
    const declared = Number(c.req.header("content-length") ?? "");
    if (Number.isFinite(declared) && declared > maxSize) {
      const discard = declared <= MAX_DISCARDED_BYTES && c.req.raw.body !== null;
      if (discard && c.req.raw.body) await discardRest(c.req.raw.body.getReader());
      return tooLarge(c, maxSize, !discard);
    }
    return bodyLimit({ maxSize, onError: (context) => tooLarge(context, maxSize, false) })(c, next);
  };
}
