// The front door of render-cache/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import render-cache/'s files directly (docs/decisions/0083-domain-front-doors.md).
export {
  categoryTag,
  mediaTags,
  postTag,
  RENDER_SLOTS_HEADER,
  RENDER_TAGS_HEADER,
  renderTagsInit,
} from "./cache-policy.server";
export { slotPlaceholder } from "./render-slots.server";
