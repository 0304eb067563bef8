// The front door of email/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import email/'s files directly (docs/decisions/0083-domain-front-doors.md).
export { mailConfig } from "./mail-config.server";
