// The front door of admin-lists/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import admin-lists/'s files directly (docs/decisions/0083-domain-front-doors.md).
export {
  type ParsedListQuery,
  parseAuditListQuery,
  parseLeadListQuery,
  parsePostListQuery,
} from "./list-query.server";
export { readMove } from "./reorder.server";
