import { matchRoutes, type RouteObject } from "react-router";
import { boundedMemo } from "~/lib/bounded-memo";

/** The parts of a React Router build's route manifest that name a route and place it. */
export interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** Labels with no route of the app behind them. */
const FIXED_LABELS: Record<string, string> = {
  "/healthz": "healthz",
  "/readyz": "readyz",
  "/metrics": "metrics",
};

/** Paths seen so far and their labels: addresses repeat, and matching costs microseconds. */
const MAX_REMEMBERED = 2_000;

/**
 * A metric label for a request path: the React Router route that answers it (`routes/blog-post`
 * for every article), `assets` for built files, `static` for files from public/. A bounded
 * number of labels, whatever addresses clients invent (unknown ones are the 404 route).
 */
export function routeLabeller(manifest: Record<string, RouteEntry | undefined>): (path: string) => string {
  const tree = routeTree(manifest);
  return boundedMemo((path) => labelFor(tree, path), MAX_REMEMBERED);
}

function labelFor(tree: RouteObject[], path: string): string {
  const fixed = FIXED_LABELS[path];
  if (fixed) return fixed;
  if (path.startsWith("/assets/")) return "assets";
  // React Router's data requests (`/blog.data`) belong to the page's route.
  const pagePath = path.endsWith(".data") ? path.slice(0, -".data".length) || "/" : path;
  const matches = matchRoutes(tree, pagePath);
  const route = matches?.at(-1)?.route.id;
  // A file name outside the routes (favicon.svg, robots files from public/) has an extension.
  if ((!route || route.endsWith("not-found")) && /\.[a-z0-9]+$/i.test(pagePath)) return "static";
  return route ?? "not-found";
}

function routeTree(manifest: Record<string, RouteEntry | undefined>): RouteObject[] {
  const entries = Object.values(manifest).filter((entry): entry is RouteEntry => entry !== undefined);
  const build = (parentId: string | undefined): RouteObject[] =>
    entries
      .filter((entry) => entry.parentId === parentId)
      .map((entry) =>
        entry.index
          ? { id: entry.id, index: true, path: entry.path }
          : { id: entry.id, path: entry.path, caseSensitive: entry.caseSensitive, children: build(entry.id) },
      );
  return build(undefined);
}
