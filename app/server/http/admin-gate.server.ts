import type { MiddlewareHandler } from "hono";
import { UNAUTHORIZED_MESSAGE } from "../accounts/cross-site.server";
import { isAdminPath } from "../accounts/personal-paths.server";
import { getSession } from "../accounts/sessions.server";

/**
 * First line of the admin guard: no session, no admin. Pages go to the sign-in screen; data
 * requests (React Router's .data fetches) and mutations get 401. Each admin loader and action
 * checks again. Matched in any case, as React Router matches routes.
 */
export const adminGate: MiddlewareHandler = (c, next) => (isAdminPath(c.req.path) ? gate(c, next) : next());

const gate: MiddlewareHandler = async (c, next) => {
  // React Router's own data requests (/admin.data, …) are page navigations in a running
  // admin: their loaders answer with React Router's redirect to /auth and their actions with
  // 401, which the admin's error screen turns into the sign-in page.
  if (c.req.path.endsWith(".data")) return next();
  if (await getSession(c.req.raw)) return next();
  if (c.req.method === "GET" || c.req.method === "HEAD") return c.redirect("/auth", 302);
  if ((c.req.header("accept") ?? "").includes("text/html")) {
    return c.html(
      `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Sessão encerrada</title><p>${UNAUTHORIZED_MESSAGE} <a href="/auth">Entrar</a></p></html>`,
      401,
    );
  }
  return c.json({ error: UNAUTHORIZED_MESSAGE }, 401);
};
