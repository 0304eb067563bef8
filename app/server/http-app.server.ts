import { randomUUID } from "node:crypto";
import * as serverBuild from "virtual:react-router/server-build";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/request-context";
import { hashedAssets, publicFiles } from "./static-files.server";

export interface HttpApp {
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>;
}

/**
 * The whole site as one fetch handler: static files, health check and the React Router
 * pages. server.ts wraps it in a Node HTTP server; tests can call it directly.
 */
export function createHttpApp(): HttpApp {
  const handleDocument = createRequestHandler(serverBuild, "production");
  const app = new Hono();

  app.use(compress({ threshold: 1024 }));

  app.get("/healthz", (c) => c.json({ status: "ok" }));

  app.use("/assets/*", hashedAssets());
  app.use("*", publicFiles());

  app.all("*", (c) => {
    const context = new RouterContextProvider();
    context.set(requestInfoContext, {
      nonce: undefined,
      clientIp: "127.0.0.1",
      requestId: c.req.header("x-request-id") ?? randomUUID(),
    });
    return handleDocument(c.req.raw, context);
  });

  return app;
}
