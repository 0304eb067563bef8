import { MEDIA_FILE_NAME_PATTERN, MEDIA_HASH_PATTERN } from "~/lib/media-url";
import { ImageProcessFailedError, readMediaFile } from "~/server/media/index.server";
import type { Route } from "./+types/media-file";

// GET /media/:hash/:file: stored images. The hash names the content, so a URL's bytes never
// change and browsers and CDNs may keep them for a year without asking again.

const IMMUTABLE = "public, max-age=31536000, immutable";

function notFound(): Response {
  return new Response("Imagem não encontrada.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  // Strict patterns before any lookup: nothing else (traversal, other extensions) gets further.
  if (!MEDIA_HASH_PATTERN.test(params.hash) || !MEDIA_FILE_NAME_PATTERN.test(params.file)) return notFound();
  let file: Awaited<ReturnType<typeof readMediaFile>>;
  try {
    file = await readMediaFile(params.hash, params.file);
  } catch (error) {
    // A link preview made on its first request, whose image process ended: try again later.
    if (!(error instanceof ImageProcessFailedError)) throw error;
    return new Response("Imagem indisponível no momento; tente novamente em instantes.", {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": "5",
      },
    });
  }
  if (!file) return notFound();

  // One tag per file: the WebP and AVIF variants of a width are different bytes.
  const etag = `"${params.hash}-${params.file.replace(/x\d+/, "")}"`;
  const headers = {
    "Cache-Control": IMMUTABLE,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  if (request.headers.get("if-none-match")?.includes(etag))
    return new Response(null, { status: 304, headers });
  return new Response(file.bytes, {
    headers: {
      ...headers,
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
    },
  });
}
