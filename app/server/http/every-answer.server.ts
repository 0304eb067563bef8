import type { MiddlewareHandler } from "hono";
import { logEvent } from "../platform/log.server";
import { replaceResponse } from "../platform/replace-response.server";
import type { AppEnv } from "./app-env.server";
import { finishAnswer, type RouteLabel } from "./finish-answer.server";
import { maskedPath } from "./masked-path.server";
import { requestIdFrom } from "./request-id.server";
import { createNonce } from "./security-headers.server";

/**
 * The app's first step. Security headers on every response, including static files, redirects
 * and errors. The nonce is new for each request; the pages put it on their inline scripts. Every
 * request gets an id (kept from X-Request-Id when a proxy set one) and one JSON access-log line.
 */
export function everyAnswer(routeLabel: RouteLabel): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const nonce = createNonce();
    const requestId = requestIdFrom(c.req.header("x-request-id"));
    c.set("nonce", nonce);
    c.set("requestId", requestId);
    try {
      await next();
    } catch (error) {
      logEvent("error", "unhandled error", {
        requestId,
        method: c.req.method,
        path: maskedPath(c.req.path),
        error,
      });
      c.res = c.text("Erro interno. Tente novamente em instantes.", 500);
    }
    const facts = { nonce, requestId, started, path: c.req.path, sharedRender: c.get("sharedRender") };
    const finished = finishAnswer(c.req.raw, c.res, facts, routeLabel);
    if (finished !== c.res) replaceResponse(c, finished);
  };
}
