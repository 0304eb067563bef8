import type { MediaUsageFinder } from "../media/media-usage-finder.server";

/**
 * Posts: the featured image (its URL, `/media/<hash>/<W>x<H>.webp`) and every image in the
 * content (`<img src="/media/<hash>/…">`). Drafts and archived posts count: deleting the image
 * would break them when they are published again.
 */
export const findPostUsages: MediaUsageFinder = async (db, media) => {
  const rows = await db
    .selectFrom("blog_posts")
    .select(["id", "title", "featured_image_url", "content"])
    .where((eb) =>
      eb.or(
        media.flatMap(({ hash }) => [
          eb("featured_image_url", "like", `/media/${hash}/%`),
          eb("content", "like", `%/media/${hash}/%`),
        ]),
      ),
    )
    .execute();
  return rows.flatMap((post) =>
    media
      .filter(({ hash }) => {
        const path = `/media/${hash}/`;
        return (post.featured_image_url ?? "").startsWith(path) || post.content.includes(path);
      })
      .map((image) => ({ mediaId: image.id, place: `Post: ${post.title}`, href: `/admin/posts/${post.id}` })),
  );
};
