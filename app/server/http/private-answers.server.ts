import type { MiddlewareHandler } from "hono";
import { isAdminPath, isSignInPath } from "../accounts/personal-paths.server";
import { readSessionToken } from "../accounts/sessions.server";

/**
 * Nothing personal may be kept by a browser cache or a CDN: the admin, the sign-in page and any
 * answer to a signed-in visitor.
 */
export const keepPersonalAnswersPrivate: MiddlewareHandler = async (c, next) => {
  await next();
  const path = c.req.path;
  const personal = isSignInPath(path) || isAdminPath(path) || readSessionToken(c.req.raw) !== undefined;
  if (personal && !path.startsWith("/assets/")) c.res.headers.set("Cache-Control", "private, no-store");
};
