// The front door of media/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import media/'s files directly (docs/decisions/0083-domain-front-doors.md).
export { mediaHashesInHtml, withLibraryImages } from "./content-images.server";
export {
  BATCH_BODY_LIMIT_BYTES,
  multipartText,
  readMultipart,
  UPLOAD_BODY_LIMIT_BYTES,
} from "./image-uploads.server";
export { ImageProcessFailedError } from "./image-worker.server";
export { changeMediaDetails, removeMedia, uploadImage, uploadImages } from "./media-commands.server";
export {
  getMediaDetail,
  listMedia,
  type MediaListItem,
  type MediaPage,
  mediaIdFrom,
  publishedMediaViewsByHash,
} from "./media-library.server";
export { MEDIA_MESSAGES, UPLOAD_MESSAGES } from "./media-messages.server";
export { readMediaFile } from "./media-store.server";
export type { MediaUsage } from "./media-usage-finder.server";
