import type { MiddlewareHandler } from "hono";
import { crossSiteRefusal } from "../accounts/cross-site.server";

/**
 * CSRF: a state-changing request from another site's page (or, with a session cookie, one that
 * does not say where it comes from) is refused before anything runs.
 */
export const refuseCrossSiteWrites: MiddlewareHandler = async (c, next) => {
  const refusal = crossSiteRefusal(c.req.raw);
  if (refusal) return c.json({ error: refusal }, 403);
  await next();
};
