// The front door of http/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import http/'s files directly (docs/decisions/0083-domain-front-doors.md).
export { maskedPath } from "./masked-path.server";
export type { RenderPage } from "./page-answer.server";
