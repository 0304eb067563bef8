import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "~/lib/nonce";
import { requestInfoContext } from "~/request-context";
import { logEvent } from "~/server/log.server";

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

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestInfoContext);
  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <NonceContext value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        status = 500;
        logEvent("error", "render error", {
          requestId: loadContext.get(requestInfoContext).requestId,
          error,
        });
      },
    },
  );
  // Pages are small and fully server-rendered: send them whole, so crawlers, the render
  // cache and compression all see complete documents.
  await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status, headers: responseHeaders });
  }
  return new Response(body, { headers: responseHeaders, status });
}
