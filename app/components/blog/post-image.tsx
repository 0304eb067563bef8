import { Icon } from "~/components/ui/icon";
import { MediaImage } from "~/components/ui/media-image";
import type { PostSummary } from "~/lib/blog-types";
import { parseMediaUrl } from "~/lib/media-url";

/**
 * `sizes` for where a post image appears, matching the layouts' CSS: the browser picks the
 * smallest variant that is still sharp. Pass the one that fits; the default assumes full width.
 */
export const POST_IMAGE_SIZES = {
  /** A card in the blog grid: one, two or four columns of an 80rem page. */
  card: "(min-width: 80rem) 18rem, (min-width: 64rem) 23vw, (min-width: 40rem) 46vw, 100vw",
  /** The featured card on /blog: half of an 80rem page from lg up. */
  featured: "(min-width: 80rem) 40rem, (min-width: 64rem) 50vw, 100vw",
  /** The article's header image, in a 48rem column. */
  article: "(min-width: 48rem) 48rem, 100vw",
} as const;

export interface PostImageProps {
  post: Pick<PostSummary, "title" | "featuredImageUrl" | "featuredImage">;
  className?: string;
  priority?: boolean;
  /** `sizes` for a stored (/media/…) image; see POST_IMAGE_SIZES. */
  sizes?: string;
}

/**
 * A post's featured image (the library's alt text when it has one, else "Imagem do artigo: …"),
 * or a drawn placeholder when it has none.
 */
export function PostImage({ post, className = "", priority = false, sizes = "100vw" }: PostImageProps) {
  if (!post.featuredImageUrl) {
    return (
      <div
        className={`flex items-center justify-center bg-gradient-to-br from-brand-100 to-brand-200 text-brand-800 dark:from-brand-900 dark:to-slate-900 dark:text-brand-200 ${className}`}
      >
        <Icon name="building" className="size-14 opacity-60" />
      </div>
    );
  }

  const alt = `Imagem do artigo: ${post.title}`;
  const imageClassName = `bg-slate-100 object-cover dark:bg-slate-800 ${className}`;
  // A library image (its alt text and formats read with the post), or one the library no
  // longer knows but whose URL still says its size (WebP variants only).
  const parts = parseMediaUrl(post.featuredImageUrl);
  const stored = post.featuredImage ?? (parts ? { ...parts, alt: "", avif: false } : null);
  if (stored) {
    return (
      <MediaImage
        image={stored}
        sizes={sizes}
        fallbackAlt={alt}
        priority={priority}
        className={imageClassName}
      />
    );
  }

  return (
    <img
      src={post.featuredImageUrl}
      alt={alt}
      width={1200}
      height={675}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      className={imageClassName}
    />
  );
}
