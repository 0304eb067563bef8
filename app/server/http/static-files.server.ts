import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";

// The server bundle lives in build/server/; the browser files Vite emitted are beside it.
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");
// Under `npm run dev` there is no build: Vite, in front of the app, serves public/ and the modules.
const built = existsSync(clientDir);
const passOn: MiddlewareHandler = (_c, next) => next();

const YEAR = 60 * 60 * 24 * 365;

/** Hashed build assets: the name changes with the content, so they never need revalidation. */
export function hashedAssets(): MiddlewareHandler {
  if (!built) return passOn;
  return serveStatic({
    root: clientDir,
    onFound: (_path, c) => {
      c.header("Cache-Control", `public, max-age=${YEAR}, immutable`);
    },
  });
}

/** Files copied from public/ (favicon, illustrations): stable names, so cache for a day. */
export function publicFiles(): MiddlewareHandler {
  if (!built) return passOn;
  return serveStatic({
    root: clientDir,
    onFound: (_path, c) => {
      c.header("Cache-Control", "public, max-age=86400, stale-while-revalidate=604800");
    },
  });
}
