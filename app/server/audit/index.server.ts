// The front door of audit/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import audit/'s files directly (docs/decisions/0083-domain-front-doors.md).
export { exportAuditLog } from "./audit-export.server";
export { listAuditEntries, listAuditUsers } from "./audit-list.server";
