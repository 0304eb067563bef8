import { preload } from "react-dom";
import type { Illustration } from "~/content/types";

export interface PictureProps {
  image: Illustration;
  className?: string;
  /** The page's largest above-the-fold image: load it first instead of lazily. */
  priority?: boolean;
  sizes?: string;
}

/** An image with its intrinsic size set (no layout shift), lazy unless it is the LCP image. */
export function Picture({ image, className, priority = false, sizes }: PictureProps) {
  // React hoists this into <head>, so the browser fetches the LCP image before it parses the body.
  if (priority) preload(image.src, { as: "image", fetchPriority: "high" });
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      sizes={sizes}
      className={className}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
    />
  );
}
