// The front door of visits/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import visits/'s files directly (docs/decisions/0083-domain-front-doors.md).
export { contactTapAnswer, contactTapReport, isContactKind } from "./contact-tap.server";
export { conversions } from "./conversions.server";
export { shownViewReport } from "./shown-view.server";
