import { preload } from "react-dom";
import { type MediaView, mediaFormatSrcSet, mediaUrl } from "~/lib/media-url";

export interface MediaImageProps {
  image: MediaView;
  /**
   * `sizes`: how wide the image is drawn at each viewport width, matching the layout's CSS, so
   * the browser downloads the smallest variant that is still sharp.
   */
  sizes: string;
  /** What the image shows when the library has no alt text for it ("" only for decoration). */
  fallbackAlt: string;
  className?: string;
  /** The page's largest above-the-fold image (its LCP): fetched first instead of lazily. */
  priority?: boolean;
}

/**
 * A library image, responsive: a `<picture>` with an AVIF `<source>` (when the image has AVIF
 * variants; images stored before the site made AVIF have WebP only) and a WebP `<img>` with
 * `srcset`, `sizes`, its intrinsic width and height (no layout shift), lazy loading unless it
 * is the page's LCP image. The `<picture>` takes no box of its own (`display: contents`), so
 * `className` sizes the image exactly as it would a bare `<img>` in a grid or flex layout.
 */
export function MediaImage({ image, sizes, fallbackAlt, className, priority = false }: MediaImageProps) {
  const webp = mediaFormatSrcSet(image, "webp");
  const avif = image.avif ? mediaFormatSrcSet(image, "avif") : undefined;
  if (priority) {
    // React hoists this into <head>: the LCP image starts loading before the body is parsed.
    // The preload names the format the <picture> will pick, and a browser without AVIF
    // skips an AVIF preload by its type.
    preload(mediaUrl(image), {
      as: "image",
      imageSrcSet: avif ?? webp,
      imageSizes: sizes,
      type: avif ? "image/avif" : "image/webp",
      fetchPriority: "high",
    });
  }
  return (
    <picture className="contents">
      {avif ? <source type="image/avif" srcSet={avif} sizes={sizes} /> : null}
      <img
        src={mediaUrl(image)}
        srcSet={webp}
        sizes={sizes}
        alt={image.alt || fallbackAlt}
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={priority ? "high" : undefined}
        className={className}
      />
    </picture>
  );
}
