// The front door of commands/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import commands/'s files directly (docs/decisions/0083-domain-front-doors.md).
export { type CommandOutcome, conflict, done, notFound, refused } from "../platform/command-outcome.server";
