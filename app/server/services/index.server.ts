// The front door of services/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import services/'s files directly (docs/decisions/0083-domain-front-doors.md).
export { listServiceLinks, listServiceSections, pictureMediaHashes } from "./public-services.server";
export { saveServiceForm } from "./service-commands.server";
export type { ServiceFormFailure } from "./service-form.server";
export { removeService, reorderService } from "./service-list-commands.server";
export {
  type EditableService,
  getServiceForEdit,
  listServicesForAdmin,
  SERVICE_GONE_MESSAGE,
  serviceIdFromParam,
} from "./services-admin.server";
