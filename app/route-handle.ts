/** What a route module may declare in its `handle` export. */
export interface RouteHandle {
  /**
   * The page needs React on the client (forms with toasts, load-more without reload, the
   * admin). Pages without it are plain HTML and CSS: the root renders no <Scripts />.
   */
  hydrate?: boolean;
}

export function routeWantsHydration(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as RouteHandle).hydrate === true;
}
