import type { MiddlewareHandler } from "hono";
import { isAdminPath } from "../accounts/personal-paths.server";
import type { RenderCache } from "../render-cache/render-cache.server";

/**
 * Content the admin changed must be gone from the render cache before the admin's browser asks
 * for the next page.
 */
export function settleAfterAdminWrites(renderCache: RenderCache): MiddlewareHandler {
  return async (c, next) => {
    if (!isAdminPath(c.req.path)) return next();
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD") await renderCache.settle();
  };
}
