import type { ContentPicture } from "~/lib/site-content";
import { MediaImage } from "./media-image";
import { Picture } from "./picture";

export interface ContentPictureViewProps {
  picture: ContentPicture;
  /** How wide the picture is drawn at each viewport width (a library image's `sizes`). */
  sizes: string;
  className?: string;
  /** The page's LCP image: fetched first instead of lazily. */
  priority?: boolean;
}

/** A content picture: a library image responsive in AVIF and WebP, or a shipped file as it is. */
export function ContentPictureView({ picture, sizes, className, priority }: ContentPictureViewProps) {
  return picture.kind === "media" ? (
    <MediaImage
      image={picture.image}
      sizes={sizes}
      fallbackAlt=""
      className={className}
      priority={priority}
    />
  ) : (
    <Picture image={picture.file} className={className} priority={priority} />
  );
}
