// The front door of redirects/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import redirects/'s files directly (docs/decisions/0083-domain-front-doors.md).
export { createRedirect, importRedirects, removeRedirect } from "./redirect-commands.server";
export { findRedirectTarget, listRedirects, permanentRedirect, redirectsQueryFrom } from "./redirects.server";
