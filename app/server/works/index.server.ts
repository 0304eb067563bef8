// The front door of works/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import works/'s files directly (docs/decisions/0083-domain-front-doors.md).
export {
  getPublishedWork,
  listPublishedWorkSlugs,
  listPublishedWorks,
  mediaHashesOf,
} from "./public-works.server";
export { saveWorkForm } from "./work-commands.server";
export { type EditableWork, getWorkForEdit } from "./work-for-edit.server";
export type { WorkFieldErrors, WorkFormFailure, WorkFormValues } from "./work-form.server";
export { WORK_GONE_MESSAGE, workIdFromParam } from "./work-id.server";
export { publishWork, removeWork, reorderWork } from "./work-list-commands.server";
export type { WorkPicture } from "./work-pictures.server";
export { listWorksForAdmin, worksQueryFrom } from "./works-admin-list.server";
