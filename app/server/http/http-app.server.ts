import { randomUUID } from "node:crypto";
import * as serverBuild from "virtual:react-router/server-build";
import type { HttpBindings } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono, type MiddlewareHandler } from "hono";
import { sql } from "kysely";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/request-context";
import { crossSiteRefusal, UNAUTHORIZED_MESSAGE } from "~/server/accounts/cross-site.server";
import { requestIsHttps, siteIsHttps } from "../accounts/cookies.server";
import { isAdminPath, isSignInPath } from "../accounts/personal-paths.server";
import { getSession, readSessionToken } from "../accounts/sessions.server";
import { withRequestAddress } from "../audit/request-address.server";
import { database } from "../db/database.server";
import { trustedInlineScriptHashes } from "../render-cache/inline-script-hashes.server";
import type { RenderCache, RenderCacheVariables } from "../render-cache/render-cache.server";
import { type ProcessServiceOptions, startProcessServices } from "../runtime/process-services.server";
import type { VisitCounter } from "../visits/visit-counter.server";
import {
  countableRequest,
  type HeaderReader,
  nodeHeaders,
  rememberedPageView,
} from "../visits/visit-request.server";
import { limitRequestBodies } from "./body-limits.server";
import {
  clientAddress,
  type TrustedProxies,
  trustedProxies,
  withoutUntrustedForwarding,
} from "./client-address.server";
import { compressResponses } from "./compression.server";
import { databaseUnavailablePage, isQuotePost } from "./database-unavailable.server";
import { logEvent } from "./log.server";
import { maskedPath } from "./masked-path.server";
import { recordAnswer } from "./metrics.server";
import { metricsAnswer } from "./metrics-endpoint.server";
import { isDraining } from "./readiness.server";
import { attachRenderedBody, isErrorPage } from "./rendered-body.server";
import { replaceResponse } from "./replace-response.server";
import { routeLabeller } from "./route-label.server";
import { createNonce, securityHeaders } from "./security-headers.server";
import { hashedAssets, publicFiles } from "./static-files.server";

/** The route that answers a path, as the metrics label it. */
const routeLabel = routeLabeller(serverBuild.routes);

interface AppVariables extends RenderCacheVariables {
  nonce: string;
  requestId: string;
}

export interface HttpApp {
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>;
}

export interface Site {
  app: HttpApp;
  /** The cache the app was built with (`npm run dev` builds the app again on code changes). */
  renderCache: RenderCache;
  stop: () => Promise<void>;
}

/**
 * The whole site as one fetch handler: static files, health check and the React Router
 * pages. listenSite (listen-site.server.ts) wraps it in a Node HTTP server.
 */
export function createHttpApp({
  renderCache,
  visits,
  mode = "production",
}: {
  renderCache: RenderCache;
  /** Counts the public pages' views; without it nothing is counted (the bench's comparison). */
  visits?: VisitCounter;
  /** "development" under `npm run dev`: React Router's unsanitised errors and critical CSS. */
  mode?: "development" | "production";
}): HttpApp {
  const handleDocument = createRequestHandler(serverBuild, mode);
  const servePublicFile = publicFiles();
  // Throws at start on a malformed TRUST_PROXY, with a message naming it.
  const proxies = trustedProxies();
  const app = new Hono<{ Variables: AppVariables }>();

  // Security headers on every response, including static files, redirects and errors. The
  // nonce is new for each request; the pages put it on their inline scripts. Every request
  // gets an id (kept from X-Request-Id when a proxy set one) and one JSON access-log line.
  app.use("*", async (c, next) => {
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
    const finished = finishAnswer(c.req.raw, c.res, facts);
    if (finished !== c.res) replaceResponse(c, finished);
  });

  app.use(compressResponses());
  app.use(limitRequestBodies());

  // Liveness: the process answers, also while the database is away (cached pages are served and
  // the site recovers by itself), so neither a service manager nor the proxy gives up on it. It
  // says 503 only while the instance drains before stopping: the proxy's health check
  // (deploy/Caddyfile) then sends the requests to the other instances.
  app.get("/healthz", (c) => (isDraining() ? c.json({ status: "stopping" }, 503) : c.json({ status: "ok" })));

  // Readiness: this instance can serve everything now (the database answers); a load balancer
  // sends it nothing while this says 503. The server listens only once migrations have run.
  app.get("/readyz", async (c) => {
    if (isDraining()) return c.json({ status: "stopping" }, 503);
    const reachable = await databaseAnswers(READINESS_TIMEOUT_MS);
    return reachable
      ? c.json({ status: "ok", database: "ok" })
      : c.json({ status: "unavailable", database: "unavailable" }, 503);
  });

  // Nothing personal may be kept by a browser cache or a CDN: the admin, the sign-in page and
  // any answer to a signed-in visitor.
  app.use("*", async (c, next) => {
    await next();
    const path = c.req.path;
    const personal = isSignInPath(path) || isAdminPath(path) || readSessionToken(c.req.raw) !== undefined;
    if (personal && !path.startsWith("/assets/")) c.res.headers.set("Cache-Control", "private, no-store");
  });

  // CSRF: a state-changing request from another site's page (or, with a session cookie, one
  // that does not say where it comes from) is refused before anything runs.
  app.use("*", async (c, next) => {
    const refusal = crossSiteRefusal(c.req.raw);
    if (refusal) return c.json({ error: refusal }, 403);
    await next();
  });

  // First line of the admin guard: no session, no admin. Pages go to the sign-in screen;
  // data requests (React Router's .data fetches) and mutations get 401. Each admin loader
  // and action checks again. Matched in any case, as React Router matches routes.
  app.use("*", (c, next) => (isAdminPath(c.req.path) ? adminGate(c, next) : next()));

  // Content the admin changed must be gone from the render cache before the admin's browser
  // asks for the next page.
  const settle = settleAfterWrites(renderCache);
  app.use("*", (c, next) => (isAdminPath(c.req.path) ? settle(c, next) : next()));

  app.use("/assets/*", hashedAssets());
  app.use("*", renderCache.middleware);
  // Files copied from public/ all have an extension; page addresses do not look on disk.
  app.use("*", async (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? servePublicFile(c, next) : next()));

  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    const clientIp = clientAddress(
      getConnInfo(c).remote.address,
      c.req.header("x-forwarded-for") ?? null,
      proxies,
    );
    context.set(requestInfoContext, {
      // A page shared through the render cache must not carry this request's nonce.
      nonce: c.get("sharedRender") ? undefined : c.get("nonce"),
      requestId: c.get("requestId"),
    });
    const answer = await withRequestAddress(clientIp, () =>
      handleDocument(asSeenByBrowser(c.req.raw, proxies), context),
    );
    // A page that failed because the database is away: say so, with the phone and WhatsApp. A
    // quote request whose page failed always gets that answer: the database may already be back
    // by the time it is asked, and the visitor must still be told the request was not sent and
    // how to reach the company. (A refusal the form itself answers, 503 with the values kept
    // and its message, is a page, not a failure.)
    const quoteFailed = isQuotePost(c.req.raw) && isErrorPage(answer);
    if (answer.status >= 500 && (quoteFailed || !(await databaseAnswers(UNAVAILABLE_CHECK_MS)))) {
      return databaseUnavailablePage(c.req.raw);
    }
    return attachRenderedBody(answer);
  });

  /** The view a counted request makes; its client as the trusted proxies say (never stored). */
  const viewOf = (request: Request, url: URL, peer: string | undefined, headers: HeaderReader) =>
    rememberedPageView(
      request,
      url,
      proxies.enabled
        ? clientAddress(peer, request.headers.get("x-forwarded-for"), proxies)
        : (peer ?? "unknown"),
      headers,
    );

  return {
    // A page already in the render cache needs none of the app's other steps (it is a GET
    // without a session: no body, no CSRF, no admin): send it at once.
    fetch: (request, env) => {
      const started = performance.now();
      const incoming = (env as HttpBindings | undefined)?.incoming;
      const peer = incoming?.socket.remoteAddress;
      const url = new URL(request.url);
      // Its access rule reads the forwarding headers as they came, before they are judged.
      if (url.pathname === "/metrics") return answerMetrics(request, peer, started);
      // Before anything reads them: forwarded headers count only from our own proxies.
      withoutUntrustedForwarding(request, peer, proxies);
      let requestId = "";
      const stored = renderCache.storedAnswer(request, url, () => {
        requestId = requestIdFrom(request.headers.get("x-request-id") ?? undefined);
        return answerHeaders(request, { nonce: createNonce(), requestId, sharedRender: true });
      });
      // A view is counted from the request and the status alone, after the answer is made:
      // nothing here waits, and the cached bytes are the same for everyone.
      // A stored answer is only ever given to a request without a session.
      // Counting reads the few headers it needs from Node directly (they are what came).
      const headers = visits && incoming ? nodeHeaders(incoming.headers) : request.headers;
      const counted =
        visits !== undefined && countableRequest(request, url.pathname, stored !== undefined, headers);
      if (!stored) {
        const answer = app.fetch(request, env);
        if (!counted) return answer;
        return Promise.resolve(answer).then((response) => {
          if (response.status === 200 && response.headers.get("content-type")?.startsWith("text/html")) {
            visits.countView(viewOf(request, url, peer, headers));
          }
          return response;
        });
      }
      logAnswer(request, stored.status, { requestId, started, path: url.pathname, cacheResult: "hit" });
      if (counted && stored.status === 200) {
        visits.countView(viewOf(request, url, peer, headers));
      }
      return stored;
    },
  };
}

interface AnswerFacts {
  nonce: string;
  requestId: string;
  /** performance.now() when the request arrived. */
  started: number;
  path: string;
  /** The answer may be shared by every visitor (render cache): no nonce in it. */
  sharedRender: boolean;
}

/** What every answer carries: the security headers and the request id. */
function answerHeaders(
  request: Request,
  facts: Pick<AnswerFacts, "nonce" | "requestId" | "sharedRender">,
): Record<string, string> {
  return {
    ...securityHeaders(
      facts.nonce,
      { httpsRequest: requestIsHttps(request), httpsSite: siteIsHttps() },
      facts.sharedRender ? trustedInlineScriptHashes : undefined,
    ),
    "X-Request-Id": facts.requestId,
  };
}

/** One access-log line per answer, and its place in the metrics. */
function logAnswer(
  request: Request,
  status: number,
  facts: Pick<AnswerFacts, "requestId" | "started" | "path"> & { cacheResult: string | null },
) {
  const ms = performance.now() - facts.started;
  logEvent(status >= 500 ? "error" : "info", "request", {
    requestId: facts.requestId,
    method: request.method,
    // Invitation, reset and preview links carry their secret in the path: never logged.
    path: maskedPath(facts.path),
    status,
    ms: Math.round(ms * 10) / 10,
  });
  recordAnswer(routeLabel(facts.path), request.method, status, ms / 1000, facts.cacheResult);
}

/** /metrics, with the headers and the log line of every answer. */
async function answerMetrics(request: Request, peer: string | undefined, started: number): Promise<Response> {
  const requestId = requestIdFrom(request.headers.get("x-request-id") ?? undefined);
  const answer = await metricsAnswer(request, peer);
  for (const [name, value] of Object.entries(
    answerHeaders(request, { nonce: createNonce(), requestId, sharedRender: false }),
  )) {
    answer.headers.set(name, value);
  }
  logAnswer(request, answer.status, { requestId, started, path: "/metrics", cacheResult: null });
  return answer;
}

/** How long /readyz waits for the database before it says the instance is not ready. */
const READINESS_TIMEOUT_MS = 2_000;
/** After a failed render: how long to wait for the database before blaming it. */
const UNAVAILABLE_CHECK_MS = 1_000;

async function databaseAnswers(timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = (async () => {
    try {
      await sql`select 1`.execute(await database());
      return true;
    } catch {
      return false;
    }
  })();
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The last step of every answer the app produced: `answerHeaders`, then `logAnswer`. */
function finishAnswer(request: Request, response: Response, facts: AnswerFacts): Response {
  const headers = answerHeaders(request, facts);
  let answer = response;
  try {
    for (const [name, value] of Object.entries(headers)) answer.headers.set(name, value);
  } catch {
    // Some responses (Response.redirect, fetch results) have immutable headers: copy them.
    answer = new Response(answer.body, answer);
    for (const [name, value] of Object.entries(headers)) answer.headers.set(name, value);
  }
  logAnswer(request, answer.status, { ...facts, cacheResult: answer.headers.get("x-render-cache") });
  return answer;
}

/**
 * Behind a TLS-terminating proxy we receive http://… while the browser is on https://…, and
 * React Router's own Origin check would refuse every form post. With TRUST_PROXY on, give the
 * router the URL the browser used (X-Forwarded-Proto is left only on requests from our proxies).
 */
function asSeenByBrowser(request: Request, proxies: TrustedProxies): Request {
  if (!proxies.enabled || !requestIsHttps(request)) return request;
  const url = new URL(request.url);
  if (url.protocol === "https:") return request;
  url.protocol = "https:";
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    duplex: "half",
    signal: request.signal,
  } as RequestInit);
}

/** A proxy's request id when it looks like one, else a new one. */
function requestIdFrom(header: string | undefined): string {
  return header && /^[\w.:-]{8,128}$/.test(header) ? header : randomUUID();
}

const adminGate: MiddlewareHandler<{ Variables: AppVariables }> = async (c, next) => {
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

function settleAfterWrites(renderCache: RenderCache): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD") await renderCache.settle();
  };
}

/** The site's services (process-services.server.ts) and the app built on them. */
export async function startSite(options: ProcessServiceOptions = {}): Promise<Site> {
  const services = await startProcessServices(options);
  return {
    ...services,
    app: createHttpApp({ renderCache: services.renderCache, visits: services.visits }),
  };
}
