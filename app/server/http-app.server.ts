import { randomUUID } from "node:crypto";
import * as serverBuild from "virtual:react-router/server-build";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { sql } from "kysely";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/request-context";
import { startBackgroundWork } from "./background.server";
import { database, startDatabase, stopDatabase } from "./db/database.server";
import { hashedAssets, publicFiles } from "./static-files.server";

export { databaseConfigFromEnv, describeDatabase } from "./db/config.server";
export { openDatabase } from "./db/connection.server";
export { migrateToLatest } from "./db/migrate.server";
export { seedDemoContentIfEmpty } from "./db/seed/seed-demo.server";

export interface HttpApp {
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>;
}

export interface Site {
  app: HttpApp;
  stop: () => Promise<void>;
}

/**
 * The whole site as one fetch handler: static files, health check and the React Router
 * pages. server.ts wraps it in a Node HTTP server.
 */
export function createHttpApp(): HttpApp {
  const handleDocument = createRequestHandler(serverBuild, "production");
  const app = new Hono();

  app.use(compress({ threshold: 1024 }));

  app.get("/healthz", async (c) => {
    try {
      await sql`select 1`.execute(await database());
      return c.json({ status: "ok", database: "ok" });
    } catch {
      return c.json({ status: "error", database: "unavailable" }, 503);
    }
  });

  app.use("/assets/*", hashedAssets());
  app.use("*", publicFiles());

  app.all("*", (c) => {
    const context = new RouterContextProvider();
    context.set(requestInfoContext, {
      nonce: undefined,
      // The socket's address. Behind a reverse proxy, TRUST_PROXY will decide whether
      // X-Forwarded-For may override it (security issue).
      clientIp: getConnInfo(c).remote.address ?? "unknown",
      requestId: c.req.header("x-request-id") ?? randomUUID(),
    });
    return handleDocument(c.req.raw, context);
  });

  return app;
}

/** Open and migrate the database (seeding a new one), then build the app. */
export async function startSite(): Promise<Site> {
  await startDatabase();
  const stopBackground = startBackgroundWork();
  return {
    app: createHttpApp(),
    stop: async () => {
      await stopBackground();
      await stopDatabase();
    },
  };
}
