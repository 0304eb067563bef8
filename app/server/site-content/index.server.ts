// The front door of site-content/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import site-content/'s files directly (docs/decisions/0083-domain-front-doors.md).
export {
  type AdminReason,
  type AdminStat,
  type AdminTestimonial,
  homeContentForAdmin,
} from "./home-content-admin.server";
export {
  addTestimonial,
  changeReason,
  changeStats,
  changeTestimonial,
  removeTestimonial,
  reorderHomeItem,
} from "./home-content-commands.server";
export type { HomeFormFailure } from "./home-content-form.server";
export { homeContent, listVisibleTestimonials } from "./public-home-content.server";
