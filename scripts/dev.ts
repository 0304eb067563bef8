// `npm run dev`: the site as `npm start` serves it (security headers, CSRF and admin gate, form
// tokens, the outbox worker, housekeeping), with Vite in front for the browser's modules, styles
// and hot reload, on the same PORT and HOST. The server code runs through Vite, so an edited
// route, component or server module is in use from the next request on, without a restart.
// The maintainer's `.env` first (scripts/env-file.js); the real environment wins over it.
import "./env-file.js";
import { createServer as createHttpServer } from "node:http";
import path from "node:path";
import type * as ServicesEntry from "../app/server/runtime/process-services.server.ts";
import type * as Entry from "../app/site/serve-site.server.ts";

type EntryModule = typeof Entry;
type ServicesModule = typeof ServicesEntry;
type ProcessServices = Awaited<ReturnType<ServicesModule["startProcessServices"]>>;
type HttpApp = ReturnType<EntryModule["createSiteApp"]>;

// React and React Router pick their development builds (warnings, readable errors) from these.
process.env.NODE_ENV ??= "development";
// A page must show an edit at once: every page is rendered (RENDER_CACHE=on tries the cache).
process.env.RENDER_CACHE ??= "off";

const root = path.resolve(import.meta.dirname, "..");

/** The module `npm start` serves through (in the bundle): the site's app and the listener. */
const ENTRY = "/app/site/serve-site.server.ts";

/**
 * What the site keeps running between requests (database, change feed, render cache, background
 * work). Vite evaluates this module again when it or any module it imports changed: then those
 * are stopped and started again on the new code; any other change only builds the app again
 * around the running ones.
 */
const SERVICES = "/app/server/runtime/process-services.server.ts";

const { createServer: createViteServer } = await import("vite");
// Vite's HMR websocket shares the site's port (no second port to open, and the CSP's
// connect-src 'self' covers it); the server starts listening once the site is ready.
const httpServer = createHttpServer();
const vite = await createViteServer({
  root,
  appType: "custom",
  server: { middlewareMode: true, hmr: { server: httpServer } },
});
// React Router's plugin starts a second Vite server for its route analysis, and that one exits
// the process on SIGTERM as soon as it has closed itself (status 143), cutting the site's
// graceful shutdown short. The site's shutdown closes Vite, and so that server, itself.
for (const listener of process.listeners("SIGTERM")) process.off("SIGTERM", listener);

/** What `startSite` started, shared by every app built around it until the next restart. */
interface Services {
  site: ProcessServices;
  /** The module they were started from (see SERVICES). */
  module: ServicesModule;
  /** Requests being answered; the services stop only after they finish. */
  active: number;
  idle?: () => void;
}

interface Running {
  entry: EntryModule;
  services: Services;
  app: HttpApp;
}

let running: Running | undefined;
let queue: Promise<unknown> = Promise.resolve();

/**
 * The app for the next request, built from the modules as Vite has them now. Vite evaluates a
 * module again only when it or one of its imports changed, so an unchanged entry is the same
 * object and the same app serves. One check at a time: two requests never start the site twice.
 */
function currentApp(): Promise<Running> {
  const next = queue.then(refresh);
  queue = next.catch(() => undefined);
  return next;
}

async function refresh(): Promise<Running> {
  const entry = (await vite.ssrLoadModule(ENTRY)) as EntryModule;
  const module = (await vite.ssrLoadModule(SERVICES)) as ServicesModule;
  const previous = running;
  if (previous?.entry === entry) return previous;

  let services = previous?.services.module === module ? previous.services : undefined;
  if (!services) {
    if (previous) {
      console.log(
        "Código do servidor alterado: reiniciando banco de dados, cache e tarefas em segundo plano.",
      );
      running = undefined;
      await finished(previous.services);
      await previous.services.site.stop();
    }
    services = { site: await module.startProcessServices(), module, active: 0 };
  }
  const app = entry.createSiteApp({
    renderCache: services.site.renderCache,
    visits: services.site.visits,
    mode: "development",
  });
  running = { entry, services, app };
  return running;
}

/** Until the requests being answered on these services are done (at most 10 s). */
function finished(services: Services): Promise<void> {
  if (services.active === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 10_000);
    services.idle = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}

async function fetch(request: Request, env?: unknown): Promise<Response> {
  let current: Running;
  try {
    current = await currentApp();
  } catch (error) {
    // A module that does not compile or fails to load: say why, and try again on the next request.
    if (error instanceof Error) vite.ssrFixStacktrace(error);
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(message);
    return new Response(`Erro ao carregar o código do servidor:\n\n${message}\n`, {
      status: 500,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { services } = current;
  services.active++;
  try {
    return await current.app.fetch(request, env);
  } finally {
    services.active--;
    if (services.active === 0) services.idle?.();
  }
}

let entry: EntryModule;
try {
  entry = (await currentApp()).entry;
} catch (error) {
  console.error(`Não foi possível iniciar o site.\n${(error as Error).message}`);
  await vite.close();
  process.exit(1);
}

entry.listenSite({
  fetch,
  stop: async () => {
    await running?.services.site.stop();
  },
  server: httpServer,
  inFront: vite.middlewares,
  closing: () => vite.close(),
});
