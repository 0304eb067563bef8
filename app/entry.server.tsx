import { Writable } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceContext } from "~/lib/nonce";
import { requestInfoContext } from "~/request-context";
import { routeWantsHydration } from "~/route-handle";
import { logEvent } from "~/server/platform/log.server";
import { detachedPage, markErrorPage } from "~/server/platform/rendered-body.server";

export const streamTimeout = 5_000;

/** Errors thrown by loaders and actions: one JSON log line with the request id, no stack in the page. */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: RouterContextProvider },
) {
  if (request.signal.aborted) return;
  logEvent("error", "route error", {
    requestId: context.get(requestInfoContext).requestId,
    method: request.method,
    path: new URL(request.url).pathname,
    error,
  });
}

/**
 * A page that shows an error boundary is never a 200: React Router can hand one over with the
 * status of an action that succeeded or failed politely before a loader failed (the database went
 * away in between), and a visitor, a crawler or the proxy must see the failure.
 */
function errorPageStatus(errors: Record<string, unknown> | null | undefined): number | undefined {
  const error = errors ? Object.values(errors)[0] : undefined;
  if (error === undefined) return undefined;
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The manifest with the routes of this page's matches only (root and layouts included). */
function withMatchedRoutesOnly({ manifest, staticHandlerContext }: EntryContext): EntryContext["manifest"] {
  const routes: EntryContext["manifest"]["routes"] = {};
  for (const match of staticHandlerContext.matches) {
    const route = manifest.routes[match.route.id];
    if (route) routes[match.route.id] = route;
  }
  return { ...manifest, routes };
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, requestId } = loadContext.get(requestInfoContext);
  const { errors } = routerContext.staticHandlerContext;
  let status = errorPageStatus(errors) ?? responseStatusCode;
  const hydrates = routerContext.staticHandlerContext.matches.some((match) =>
    routeWantsHydration(routerContext.routeModules[match.route.id]?.handle),
  );
  // React Router has already encoded the loader data for hydration (the stream finishes and
  // is dropped on its own: cancelling it would leave its 5 s timer running). A page that never
  // hydrates sends none of it, so ServerRouter gets no stream to set up a reader and a boundary for.
  // `serverHandoffStream` is React Router's, not its documented API: tests/unit/react-router-seams.test.ts
  // fails, naming what changed, if an upgrade renames it or stops finishing it unread.
  // Such a page also gets only its matched routes in the manifest: ServerRouter turns every
  // route of the manifest into route objects on each request (all the admin's included), to
  // render matches that are already made. `manifest.routes` is React Router's too (same test).
  const context = hydrates
    ? routerContext
    : { ...routerContext, serverHandoffStream: undefined, manifest: withMatchedRoutesOnly(routerContext) };
  const page = (
    <NonceContext value={nonce}>
      <ServerRouter context={context} url={request.url} nonce={nonce} />
    </NonceContext>
  );
  // Pages without client React (every public page) have nothing to stream or suspend on:
  // renderToString builds the string directly, without encoding chunks to bytes and decoding
  // them again (the benchmark's uncached article: about 15 % more pages per second). Hydrated
  // pages keep the streaming renderer, which waits for everything their <Scripts /> transfer.
  // Unlike the streaming renderer, renderToString does not write the doctype.
  const html = hydrates ? await renderStreamed() : `<!DOCTYPE html>${renderToString(page)}`;

  async function renderStreamed(): Promise<Buffer> {
    // Pages are small and fully server-rendered: send them whole, so crawlers, the render
    // cache and compression all see complete documents. Node's own stream API renders faster
    // and with less garbage than the web-streams one. The bytes stay bytes: the compressor and
    // the socket take them as they are.
    return new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let timer: NodeJS.Timeout | undefined;
      const sink = new Writable({
        write(chunk: Buffer | string, _encoding, done) {
          chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
          done();
        },
        final(done) {
          clearTimeout(timer);
          resolve(Buffer.concat(chunks));
          done();
        },
      });
      const { pipe, abort } = renderToPipeableStream(page, {
        nonce,
        onAllReady: () => pipe(sink),
        onShellError: (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          logEvent("error", "render error", { requestId, error });
        },
      });
      timer = setTimeout(abort, streamTimeout + 1000);
    });
  }

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status, headers: responseHeaders });
  }
  const answer = detachedPage(html, { headers: responseHeaders, status });
  return errors ? markErrorPage(answer) : answer;
}
