import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
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
  const { nonce, requestId } = loadContext.get(requestInfoContext);
  let status = responseStatusCode;
  // Pages are small and fully server-rendered: send them whole, so crawlers, the render
  // cache and compression all see complete documents. Node's own stream API renders faster
  // and with less garbage than the web-streams one.
  const html = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve(Buffer.concat(chunks).toString("utf8"));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
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
      },
    );
    timer = setTimeout(abort, streamTimeout + 1000);
  });

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status, headers: responseHeaders });
  }
  return new Response(html, { headers: responseHeaders, status });
}
