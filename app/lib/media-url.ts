// URLs of images stored by the site (uploaded or generated in the admin). Pure and client-safe:
// the public blog builds srcset from a stored URL alone, without asking the database.
//
// An image's files live under its content hash, so a URL never changes meaning and can be
// cached forever:
//   /media/<hash>/<W>x<H>.webp  the largest variant; the URL kept in posts, it carries the size
//   /media/<hash>/<w>.webp      every variant by width
//   /media/<hash>/<w>.avif      the same in AVIF (images stored before AVIF have WebP only)
//   /media/<hash>/1200x630.jpg  the link preview (og:image), made the first time it is asked for

/**
 * Widths the responsive variants are made at (never wider than the original). 720 and 1000 are
 * what phones draw a full-width picture at (about 380 CSS px at 1.75 and 2.625 device pixels per
 * CSS pixel; docs/decisions/0033). An image stored before a width joined the list is answered
 * with its next wider variant at that width's address (readMediaFile), so a `srcset` may name
 * every standard width whatever the image's age.
 */
export const MEDIA_VARIANT_WIDTHS: readonly number[] = [400, 720, 800, 1000, 1200, 1600];

/** The encodings the site stores, as they appear in file names. */
export const MEDIA_FORMATS = ["avif", "webp"] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

export const MEDIA_CONTENT_TYPES: Record<MediaFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
};

/**
 * The picture a link preview shows (og:image): 1200 × 630, the size Facebook, LinkedIn and
 * WhatsApp draw a large card at, filled and cropped around what stands out. JPEG, because some
 * preview readers (WhatsApp's among them) skip WebP and AVIF.
 */
export const SOCIAL_IMAGE = {
  width: 1200,
  height: 630,
  fileName: "1200x630.jpg",
  contentType: "image/jpeg",
} as const;

export const MEDIA_HASH_PATTERN = /^[a-f0-9]{32}$/;
export const MEDIA_FILE_NAME_PATTERN = /^(\d{2,5}(x\d{2,5})?\.(webp|avif)|1200x630\.jpg)$/;

const MEDIA_URL_PATTERN = /^\/media\/([a-f0-9]{32})\/(\d{2,5})x(\d{2,5})\.webp$/;

export interface MediaUrlParts {
  hash: string;
  width: number;
  height: number;
}

/**
 * A stored image as a page shows it: enough to write a responsive `<picture>` without asking
 * the database again. Plain JSON, safe to send to the browser.
 */
export interface MediaView extends MediaUrlParts {
  /** The owner's description; "" when none was written (the page then says what it shows). */
  alt: string;
  /** AVIF variants exist (images stored before the site made AVIF have WebP only). */
  avif: boolean;
}

/** The public URL of an image: its largest variant, with the size in the name. */
export function mediaUrl({ hash, width, height }: MediaUrlParts): string {
  return `/media/${hash}/${width}x${height}.webp`;
}

/** The URL of one variant of an image, by width. */
export function mediaVariantUrl(hash: string, width: number, format: MediaFormat = "webp"): string {
  return `/media/${hash}/${width}.${format}`;
}

/** The link preview of a stored image (SOCIAL_IMAGE). */
export function mediaSocialImageUrl(hash: string): string {
  return `/media/${hash}/${SOCIAL_IMAGE.fileName}`;
}

/** The hash and size of a stored image's URL, or null for any other URL. */
export function parseMediaUrl(url: string): MediaUrlParts | null {
  const match = MEDIA_URL_PATTERN.exec(url);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const width = Number(match[2]);
  const height = Number(match[3]);
  if (width < 1 || height < 1) return null;
  return { hash: match[1], width, height };
}

/**
 * The variant widths of an image whose largest variant is `largestWidth` wide: the standard
 * widths up to it, plus that width itself (an image narrower than 400 px has one variant).
 */
export function mediaVariantWidths(largestWidth: number): number[] {
  const widths = MEDIA_VARIANT_WIDTHS.filter((width) => width <= largestWidth);
  if (!widths.includes(largestWidth)) widths.push(largestWidth);
  return widths;
}

/** `srcset` of an image in one format ("…/400.avif 400w, …/800.avif 800w"). */
export function mediaFormatSrcSet({ hash, width }: MediaUrlParts, format: MediaFormat): string {
  return mediaVariantWidths(width)
    .map((variant) => `${mediaVariantUrl(hash, variant, format)} ${variant}w`)
    .join(", ");
}

/** `srcset` for a stored image URL ("…/400.webp 400w, …/800.webp 800w"), or "" for other URLs. */
export function mediaSrcSet(url: string): string {
  const parts = parseMediaUrl(url);
  return parts ? mediaFormatSrcSet(parts, "webp") : "";
}

/** The narrowest variant (a thumbnail for the admin's grid and picker). */
export function mediaThumbnailUrl({ hash, width }: MediaUrlParts, format: MediaFormat = "webp"): string {
  return mediaVariantUrl(hash, mediaVariantWidths(width)[0] ?? width, format);
}

/** The formats a `media.formats` column lists ("avif webp"), as a view's flag. */
export function hasAvif(formats: string | null | undefined): boolean {
  return (formats ?? "").split(" ").includes("avif");
}
