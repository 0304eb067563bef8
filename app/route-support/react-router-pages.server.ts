import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { requestInfoContext } from "~/request-context";
import type { RenderPage } from "~/server/http/index.server";

/**
 * React Router's request handler as the HTTP layer's page renderer: the facts the HTTP layer
 * knows about the request (its nonce, its id) reach the routes through the router's context.
 */
export function reactRouterPages(build: ServerBuild, mode: "development" | "production"): RenderPage {
  const handleDocument = createRequestHandler(build, mode);
  return (request, facts) => {
    const context = new RouterContextProvider();
    context.set(requestInfoContext, facts);
    return handleDocument(request, context);
  };
}
