import { preload } from "react-dom";
import type { Illustration } from "~/content/types";

export interface PictureProps {
  /** A shipped illustration, or a library image with its widths (`srcSet`). */
  image: Illustration & { srcSet?: string };
  className?: string;
  /** The page's largest above-the-fold image: load it first instead of lazily. */
  priority?: boolean;
  sizes?: string;
}

/** An image with its intrinsic size set (no layout shift), lazy unless it is the LCP image. */
export function Picture({ image, className, priority = false, sizes }: PictureProps) {
  const srcSet = image.srcSet || undefined;
  // React hoists this into <head>, so the browser fetches the LCP image before it parses the body.
  if (priority) {
    preload(image.src, {
      as: "image",
      fetchPriority: "high",
      ...(srcSet ? { imageSrcSet: srcSet, imageSizes: sizes } : {}),
    });
  }
  return (
    <img
      src={image.src}
      srcSet={srcSet}
      alt={image.alt}
      width={image.width}
      height={image.height}
      sizes={srcSet ? sizes : undefined}
      className={className}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
    />
  );
}
