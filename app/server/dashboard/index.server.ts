// The front door of dashboard/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import dashboard/'s files directly (docs/decisions/0083-domain-front-doors.md).
export { administratorHome, editorHome } from "./admin-home.server";
export { unansweredSummary } from "./unanswered-leads.server";
