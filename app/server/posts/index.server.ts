// The front door of posts/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import posts/'s files directly (docs/decisions/0083-domain-front-doors.md).
export { listCategoriesWithCounts } from "./categories-admin.server";
export { addCategory, changeCategoryName, removeCategory } from "./category-commands.server";
export { sanitizeArticleHtml } from "./html-sanitizer.server";
export {
  type PostAutosaved,
  type PostFormFailure,
  removePost,
  restorePostRevision,
  savePostForm,
} from "./post-commands.server";
export type { PostConflict } from "./post-conflict.server";
export type { DiffPart, PostDiff, TextDiff } from "./post-diff.server";
export { savedPostArticle } from "./post-preview.server";
export { compareRevisions, type RevisionLabel } from "./post-revision-comparison.server";
export { listRevisions, type RevisionListItem } from "./post-revisions.server";
export type { PostSeoForm } from "./post-seo-form.server";
export {
  type EditablePost,
  getPostForEdit,
  listPosts,
  POST_GONE_MESSAGE,
  postIdFromParam,
} from "./posts-admin.server";
export { type DraftPreview, PREVIEW_HEADERS, previewPostedDraft } from "./preview-form.server";
export {
  getBlogListing,
  getPublishedArticle,
  listCategories,
  listPublicCategories,
  listPublishedForIndex,
  listPublishedSlugs,
} from "./public-posts.server";
export { searchPublishedPosts } from "./search-posts.server";
export {
  createPostShareLink,
  revokePostShareLink,
  type ShareLinksAnswer,
} from "./share-link-commands.server";
export { listShareLinks, postIdForShareToken } from "./share-links.server";
