import * as serverBuild from "virtual:react-router/server-build";
import { reactRouterPages } from "~/route-support/react-router-pages.server";
import { routeLabeller } from "~/route-support/route-label.server";
import { createHttpApp, type HttpApp } from "~/server/http/http-app.server";
import type { RenderCache } from "~/server/render-cache/render-cache.server";
import { type ProcessServiceOptions, startProcessServices } from "~/server/runtime/process-services.server";
import type { VisitCounter } from "~/server/visits/visit-counter.server";

// The site assembled: the HTTP app (app/server/http) around React Router's build, on the
// process's services. The only place that joins the two, so app/server needs no React Router.

/** The route that answers a path, as the metrics label it. */
const routeLabel = routeLabeller(serverBuild.routes);

export interface Site {
  app: HttpApp;
  /** The cache the app was built with (`npm run dev` builds the app again on code changes). */
  renderCache: RenderCache;
  stop: () => Promise<void>;
}

/** The HTTP app serving this build's pages (`npm run dev` makes a new one on code changes). */
export function createSiteApp({
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
  return createHttpApp({ renderCache, visits, renderPage: reactRouterPages(serverBuild, mode), routeLabel });
}

/** The process's services (process-services.server.ts) and the app built on them. */
export async function startSite(options: ProcessServiceOptions = {}): Promise<Site> {
  const services = await startProcessServices(options);
  return {
    ...services,
    app: createSiteApp({ renderCache: services.renderCache, visits: services.visits }),
  };
}
