import { Hono } from "hono";
import { configuration } from "../config/configuration.server";
import { trustedProxies } from "../platform/client-address.server";
import type { RenderCache } from "../render-cache/render-cache.server";
import type { VisitCounter } from "../visits/visit-counter.server";
import { adminGate } from "./admin-gate.server";
import type { AppEnv } from "./app-env.server";
import { limitRequestBodies } from "./body-limits.server";
import { compressResponses } from "./compression.server";
import { refuseCrossSiteWrites } from "./cross-site-guard.server";
import { everyAnswer } from "./every-answer.server";
import { type Fetch, withFastPath } from "./fast-path.server";
import type { RouteLabel } from "./finish-answer.server";
import { liveness, readiness } from "./health-endpoints.server";
import { answerPages, type RenderPage } from "./page-answer.server";
import { keepPersonalAnswersPrivate } from "./private-answers.server";
import { settleAfterAdminWrites } from "./settle-after-writes.server";
import { hashedAssets, publicFiles } from "./static-files.server";
import { type NodeAnswer, storedPageAnswer } from "./stored-page-answer.server";

export interface HttpApp {
  fetch: Fetch;
  /** A render-cache hit sent at Node's level before `fetch` (listen-site.server.ts). */
  answerStored: NodeAnswer;
}

/**
 * The whole site as one fetch handler: static files, health checks and the pages, each request
 * through the steps below in their order. listenSite (listen-site.server.ts) wraps it in a Node
 * HTTP server. The pages and the routes' metric labels come from whoever assembles the site
 * (app/site/site.server.ts), so that this layer knows nothing of React Router.
 */
export function createHttpApp({
  renderCache,
  visits,
  renderPage,
  routeLabel,
}: {
  renderCache: RenderCache;
  /** Counts the public pages' views; without it nothing is counted (the bench's comparison). */
  visits?: VisitCounter;
  renderPage: RenderPage;
  routeLabel: RouteLabel;
}): HttpApp {
  const servePublicFile = publicFiles();
  // Throws at start on a malformed TRUST_PROXY, with a message naming it.
  const proxies = trustedProxies(configuration().trustProxy);
  const app = new Hono<AppEnv>();

  app.use("*", everyAnswer(routeLabel));
  app.use(compressResponses());
  app.use(limitRequestBodies());
  app.get("/healthz", liveness);
  app.get("/readyz", readiness);
  app.use("*", keepPersonalAnswersPrivate);
  app.use("*", refuseCrossSiteWrites);
  app.use("*", adminGate);
  app.use("*", settleAfterAdminWrites(renderCache));
  app.use("/assets/*", hashedAssets());
  app.use("*", renderCache.middleware);
  // Files copied from public/ all have an extension; page addresses do not look on disk.
  app.use("*", async (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? servePublicFile(c, next) : next()));
  app.all("*", answerPages(renderPage, proxies));

  return {
    fetch: withFastPath({ app, visits, proxies, routeLabel }),
    answerStored: storedPageAnswer({ renderCache, visits, proxies, routeLabel }),
  };
}
