// URLs of images stored by the site (uploaded or generated in the admin). Pure and client-safe:
// the public blog builds srcset from a stored URL alone, without asking the database.
//
// An image's files live under its content hash, so a URL never changes meaning and can be
// cached forever:
//   /media/<hash>/<W>x<H>.webp  the largest variant; the URL kept in posts, it carries the size
//   /media/<hash>/<w>.webp      every variant by width

/** Widths the responsive variants are made at (never wider than the original). */
export const MEDIA_VARIANT_WIDTHS: readonly number[] = [400, 800, 1200, 1600];

export const MEDIA_HASH_PATTERN = /^[a-f0-9]{32}$/;
export const MEDIA_FILE_NAME_PATTERN = /^\d{2,5}(x\d{2,5})?\.webp$/;

const MEDIA_URL_PATTERN = /^\/media\/([a-f0-9]{32})\/(\d{2,5})x(\d{2,5})\.webp$/;

export interface MediaUrlParts {
  hash: string;
  width: number;
  height: number;
}

/** The public URL of an image: its largest variant, with the size in the name. */
export function mediaUrl({ hash, width, height }: MediaUrlParts): string {
  return `/media/${hash}/${width}x${height}.webp`;
}

/** The URL of one variant of an image, by width. */
export function mediaVariantUrl(hash: string, width: number): string {
  return `/media/${hash}/${width}.webp`;
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

/** `srcset` for a stored image URL ("…/400.webp 400w, …/800.webp 800w"), or "" for other URLs. */
export function mediaSrcSet(url: string): string {
  const parts = parseMediaUrl(url);
  if (!parts) return "";
  return mediaVariantWidths(parts.width)
    .map((width) => `${mediaVariantUrl(parts.hash, width)} ${width}w`)
    .join(", ");
}
