import { createElement } from "react";
import {
  createRequestHandler,
  data,
  type EntryContext,
  RouterContextProvider,
  type ServerBuild,
  useLoaderData,
} from "react-router";
import { describe, expect, it, vi } from "vitest";
import * as entry from "~/entry.server";
import { defaultSite } from "~/lib/company-settings";
import { requestInfoContext } from "~/request-context";
import * as root from "~/root";
import * as publicLayout from "~/routes/public-layout";
import { attachRenderedBody, isErrorPage } from "~/server/platform/rendered-body.server";

// The uncached render path leans on how React Router 8 hands a page from its request handler
// to entry.server.tsx and back (docs/decisions/0011-uncached-render-path.md). None of it is
// React Router's documented API, so an upgrade may change it without a type error. These tests
// run the installed react-router with our real entry.server.tsx, root and public layout (two
// small pages stand in for the routes) and say which part of React Router changed when one fails.

// Vite gives the built stylesheet's address; the test only needs one.
vi.mock("~/app.css?url", () => ({ default: "/assets/app.css" }));

const NONCE = "seams-nonce";
const PLAIN_TEXT = "plain page loader data";
const HYDRATED_TEXT = "hydrated page loader data";

function Plain() {
  const { text } = useLoaderData<{ text: string }>();
  return createElement("p", { id: "loader-text" }, text);
}

function Hydrated() {
  const { text } = useLoaderData<{ text: string }>();
  return createElement("p", { id: "loader-text" }, text);
}

const modules = {
  // The real root with the default company facts standing in for the saved ones.
  root: { ...root, loader: () => ({ site: defaultSite }) },
  // The real layout with its data (the footer's services) standing in for the database's.
  "routes/public-layout": {
    ...publicLayout,
    loader: () => ({ services: [{ slug: "impermeabilizacao", title: "Impermeabilização" }] }),
  },
  "routes/plain": { default: Plain, loader: () => ({ text: PLAIN_TEXT }) },
  "routes/hydrated": {
    default: Hydrated,
    loader: () => ({ text: HYDRATED_TEXT }),
    handle: { hydrate: true },
  },
  // A form whose action answers, after which its loader fails (the database went away between
  // the two), as the quote form can during an outage.
  "routes/form": {
    default: Plain,
    action: async ({ request }: { request: Request }) =>
      data({ sent: false }, { status: Number((await request.formData()).get("status")) }),
    loader: () => {
      throw new Error("the database went away");
    },
  },
};

const shape: Record<keyof typeof modules, { parentId?: string; path?: string }> = {
  root: { path: "" },
  "routes/public-layout": { parentId: "root" },
  "routes/plain": { parentId: "routes/public-layout", path: "plain" },
  "routes/hydrated": { parentId: "routes/public-layout", path: "hydrated" },
  "routes/form": { parentId: "routes/public-layout", path: "form" },
};

/** What entry.server.tsx received from React Router and what it answered, request by request. */
interface EntryCall {
  routerContext: EntryContext;
  response: Response;
}

function siteBuild(calls: EntryCall[]): ServerBuild {
  const ids = Object.keys(modules) as Array<keyof typeof modules>;
  const routes = Object.fromEntries(
    ids.map((id) => [
      id,
      { id, ...shape[id], index: undefined, caseSensitive: undefined, module: modules[id] },
    ]),
  );
  const manifestRoutes = Object.fromEntries(
    ids.map((id) => [
      id,
      {
        id,
        ...shape[id],
        index: undefined,
        caseSensitive: undefined,
        hasAction: "action" in modules[id],
        hasLoader: "loader" in modules[id],
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasDefaultExport: true,
        hasErrorBoundary: "ErrorBoundary" in modules[id],
        module: `/assets/${id}.js`,
        imports: [],
        css: [],
        clientActionModule: undefined,
        clientLoaderModule: undefined,
        clientMiddlewareModule: undefined,
        hydrateFallbackModule: undefined,
      },
    ]),
  );
  const handleRequest: typeof entry.default = async (
    request,
    status,
    headers,
    routerContext,
    loadContext,
  ) => {
    const response = await entry.default(request, status, headers, routerContext, loadContext);
    calls.push({ routerContext, response });
    return response;
  };
  return {
    entry: { module: { ...entry, default: handleRequest } },
    routes,
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: manifestRoutes,
      url: "/assets/manifest-test.js",
      version: "test",
    },
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    allowedActionOrigins: false,
  } as unknown as ServerBuild;
}

interface Rendered {
  /** What entry.server.tsx was given. */
  routerContext: EntryContext;
  /** What entry.server.tsx returned. */
  fromEntry: Response;
  /** What React Router's request handler returned for it. */
  fromRouter: Response;
  /** The answer once the HTTP layer attached the page again, and its HTML. */
  answer: Response;
  html: string;
}

async function render(path: string, init?: RequestInit): Promise<Rendered> {
  const calls: EntryCall[] = [];
  const handle = createRequestHandler(siteBuild(calls), "production");
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { nonce: NONCE, requestId: "seams" });
  const fromRouter = await handle(new Request(`http://localhost${path}`, init), context);
  const call = calls[0];
  if (!call) throw new Error(`entry.server.tsx never rendered ${path} (status ${fromRouter.status})`);
  const answer = attachRenderedBody(fromRouter);
  return {
    routerContext: call.routerContext,
    fromEntry: call.response,
    fromRouter,
    answer,
    html: await answer.text(),
  };
}

const changed = (what: string) => `React Router changed: ${what}`;

describe("the seams between React Router and our uncached render path", () => {
  it("React Router hands entry.server the hydration data as a stream named serverHandoffStream", async () => {
    const { routerContext } = await render("/plain");
    // entry.server.tsx removes this field by name for pages that never hydrate. Renamed, the
    // removal silently does nothing (and the test below fails too).
    expect(
      (routerContext as { serverHandoffStream?: unknown }).serverHandoffStream,
      changed(
        "EntryContext no longer carries the hydration data as `serverHandoffStream` (a ReadableStream); " +
          "entry.server.tsx drops it by that name on pages that never hydrate",
      ),
    ).toBeInstanceOf(ReadableStream);
  });

  it("entry.server tells hydrating pages from the route handles in staticHandlerContext.matches and routeModules", async () => {
    const { routerContext } = await render("/hydrated");
    const handles = routerContext.staticHandlerContext.matches.map(
      (match) => routerContext.routeModules[match.route.id]?.handle,
    );
    expect(
      handles,
      changed(
        "EntryContext.staticHandlerContext.matches[].route.id no longer finds the route's `handle` in " +
          "EntryContext.routeModules; entry.server.tsx reads `handle.hydrate` there",
      ),
    ).toContainEqual({ hydrate: true });
  });

  it("a page that never hydrates: no handoff stream, no boundary, and its HTML leaves React Router detached", async () => {
    const { fromEntry, fromRouter, answer, html } = await render("/plain");
    expect(
      fromRouter,
      changed(
        "createRequestHandler no longer returns entry.server's Response object as it is; " +
          "rendered-body.server.ts keeps the page's HTML keyed by that object and the page would be empty",
      ),
    ).toBe(fromEntry);
    expect(
      fromRouter.body,
      "entry.server.tsx no longer hands React Router a page without a body (detachedPage)",
    ).toBeNull();
    expect(answer.status).toBe(200);
    expect(isErrorPage(fromRouter)).toBe(false);
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html).toContain(PLAIN_TEXT);
    expect(html, "the page starts with exactly one doctype").toMatch(/^<!DOCTYPE html><html lang="pt-BR">/);
    expect(html.match(/<!DOCTYPE/gi), "renderToString wrote a doctype of its own").toHaveLength(1);
    expect(html, "nothing after </html>").toMatch(/<\/html>$/);
    expect(
      html,
      changed(
        "ServerRouter rendered its handoff stream (a Suspense boundary, <!--$-->) on a page that never " +
          "hydrates; entry.server.tsx removes `serverHandoffStream` from the context so that it does not",
      ),
    ).not.toContain("<!--$");
    expect(html, "React Router's hydration scripts on a page that never hydrates").not.toContain(
      "__reactRouterContext",
    );
  });

  it("ServerRouter renders from the routes in the context's manifest, which entry.server cuts to the matches", async () => {
    const { routerContext, html } = await render("/plain");
    expect(Object.keys(routerContext.manifest.routes).length, "the test build's every route").toBe(5);
    expect(html).toContain(PLAIN_TEXT);
    // The same page with its own route left out of the manifest renders without it: React Router
    // builds the page's routes from `manifest.routes`, the field entry.server.tsx cuts to the
    // matched routes on pages that never hydrate. Were they built from elsewhere, the cut would
    // save nothing.
    const { "routes/plain": _plain, ...others } = routerContext.manifest.routes;
    const { ServerRouter } = await import("react-router");
    const { renderToString } = await import("react-dom/server");
    const without = renderToString(
      createElement(ServerRouter, {
        context: {
          ...routerContext,
          serverHandoffStream: undefined,
          manifest: { ...routerContext.manifest, routes: others },
        },
        url: "http://localhost/plain",
      }),
    );
    expect(
      without,
      changed("ServerRouter no longer builds its routes from EntryContext.manifest.routes"),
    ).not.toContain(PLAIN_TEXT);
  });

  it("the handoff stream a page that never hydrates leaves unread lets go of its timer", async () => {
    // React Router arms a streamTimeout timer for each page's hydration data and clears it once
    // the data is written; entry.server.tsx never reads the stream of such a page.
    const armed: unknown[] = [];
    const cleared = new Set<unknown>();
    const realSetTimeout = globalThis.setTimeout;
    const realClearTimeout = globalThis.clearTimeout;
    const setSpy = vi.spyOn(globalThis, "setTimeout").mockImplementation(((
      callback: () => void,
      ms?: number,
    ) => {
      const timer = realSetTimeout(callback, ms);
      if (ms === entry.streamTimeout) armed.push(timer);
      return timer;
    }) as typeof setTimeout);
    const clearSpy = vi.spyOn(globalThis, "clearTimeout").mockImplementation(((timer?: NodeJS.Timeout) => {
      cleared.add(timer);
      realClearTimeout(timer);
    }) as typeof clearTimeout);
    try {
      await render("/plain");
      for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
    } finally {
      setSpy.mockRestore();
      clearSpy.mockRestore();
    }
    expect(armed, "React Router no longer arms a streamTimeout timer (update this test)").toHaveLength(1);
    expect(
      armed.filter((timer) => !cleared.has(timer)),
      changed(
        "the hydration data stream no longer finishes unread: each page that never hydrates would keep " +
          "its data and a streamTimeout timer alive for 5 s (entry.server.tsx leaves the stream unread)",
      ),
    ).toEqual([]);
  });

  it("a hydrating page keeps React Router's handoff stream and scripts, every one with the nonce", async () => {
    const { fromEntry, fromRouter, html } = await render("/hydrated");
    expect(
      fromRouter,
      changed("createRequestHandler no longer returns entry.server's Response as it is"),
    ).toBe(fromEntry);
    expect(html).toContain(HYDRATED_TEXT);
    expect(html.match(/<!DOCTYPE/gi), "the streaming renderer's doctype, once").toHaveLength(1);
    expect(html).toMatch(/^<!DOCTYPE html><html lang="pt-BR">/);
    expect(
      html,
      changed("<Scripts /> no longer sets up window.__reactRouterContext.streamController"),
    ).toContain("window.__reactRouterContext.streamController = controller");
    const enqueued = [...html.matchAll(/__reactRouterContext\.streamController\.enqueue\(([^<]*)\);/g)]
      .map(([, chunk = ""]) => chunk)
      .join("");
    expect(
      enqueued,
      changed("ServerRouter no longer writes the loader data with streamController.enqueue(...) scripts"),
    ).toContain(HYDRATED_TEXT);
    expect(html).toContain("window.__reactRouterContext.streamController.close();");
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)]
      .map(([, attributes = ""]) => attributes)
      .filter((attributes) => !attributes.includes("application/ld+json"));
    expect(scripts.length).toBeGreaterThan(2);
    for (const attributes of scripts) {
      expect(attributes, `a script without this request's nonce: <script${attributes}>`).toContain(
        `nonce="${NONCE}"`,
      );
    }
  });

  it("React Router's data requests are the page's address plus .data", async () => {
    const handle = createRequestHandler(siteBuild([]), "production");
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { nonce: NONCE, requestId: "seams" });
    const response = await handle(new Request("http://localhost/hydrated.data"), context);
    const what = changed(
      "a data request is no longer `<page>.data`; admin-gate.server.ts and " +
        "body-limits.server.ts recognise React Router's data requests by that suffix",
    );
    expect(response.status, what).toBe(200);
    expect(response.headers.get("content-type"), what).toBe("text/x-script");
    expect(await response.text(), what).toContain(HYDRATED_TEXT);
  });

  it("the header and footer rendered once are the markup React renders in a hydrated page", async () => {
    const plain = await render("/plain");
    const hydrated = await render("/hydrated");
    // The contact links' pings name the page they are on (`&de=/plain`): the rest must be the same.
    const part = (html: string, tag: "header" | "footer") =>
      html
        .match(new RegExp(`<${tag}\\b[\\s\\S]*?</${tag}>`))?.[0]
        ?.replaceAll("<!-- -->", "")
        .replaceAll(/de=\/(?:plain|hydrated)"/g, 'de=…"');
    for (const tag of ["header", "footer"] as const) {
      expect(part(plain.html, tag), `<${tag}> on a page that never hydrates`).toBeTruthy();
      expect(part(plain.html, tag), `<${tag}> reused as HTML differs from React's render`).toBe(
        part(hydrated.html, tag),
      );
    }
  });

  for (const actionStatus of [200, 503]) {
    it(`a form whose action answered ${actionStatus} and whose loader then failed: a 500 page that offers the phone and WhatsApp`, async () => {
      const { answer, fromRouter, html } = await render("/form", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: `status=${actionStatus}`,
      });
      expect(answer.status, "an error page must not be answered as a success").toBe(500);
      expect(isErrorPage(fromRouter), "the HTTP layer tells an error page from a page").toBe(true);
      expect(html).toContain("Algo deu errado");
      expect(html).toContain(`href="tel:+${defaultSite.phoneDigits}"`);
      expect(html).toContain(`https://wa.me/${defaultSite.whatsappDigits}`);
    });
  }
});
