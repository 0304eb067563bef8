import { MediaImage } from "~/components/ui/media-image";
import { Picture } from "~/components/ui/picture";
import type { WorkImage } from "~/lib/works";

export interface WorkImageViewProps {
  image: WorkImage;
  /** How wide the image is drawn at each viewport width (library images pick a variant by it). */
  sizes: string;
  className?: string;
  /** The page's LCP image: fetched first instead of lazily. */
  priority?: boolean;
}

/** A work's picture: a responsive library image (AVIF/WebP) or a shipped illustration. */
export function WorkImageView({ image, sizes, className, priority = false }: WorkImageViewProps) {
  if (image.kind === "media") {
    return (
      <MediaImage
        image={image.media}
        sizes={sizes}
        fallbackAlt={image.media.alt}
        className={className}
        priority={priority}
      />
    );
  }
  return <Picture image={image.file} className={className} priority={priority} />;
}
