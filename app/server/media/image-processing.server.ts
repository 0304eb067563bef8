import { createHash } from "node:crypto";
import type { Metadata } from "sharp";
import { MEDIA_VARIANT_WIDTHS, type MediaFormat, SOCIAL_IMAGE } from "../../lib/media-url.ts";

// Every image the site stores is re-encoded here: whatever came in (a phone photo with GPS in
// its EXIF, a PNG screenshot, a provider's WebP, an AVIF) leaves as AVIF and WebP variants
// without any metadata: no EXIF, GPS, XMP, IPTC or ICC profile reaches a visitor.
//
// The site runs this in a process of its own (image-worker.server.ts), which Node starts from
// the sources when the site runs from them: relative imports with their .ts extension and
// erasable TypeScript only.

/**
 * Refuse decompression bombs before decoding: a 1 MB PNG can claim 30 000 × 30 000 pixels.
 * 40 MP is more than any phone camera produces (a 48 MP sensor saves 12 MP photos by default).
 */
export const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 80;
/**
 * sharp's default AVIF quality: still close to WebP at 80 for a photo, and a phone's full-width
 * picture fits the budget of a work page's LCP image (docs/decisions/0033; 55 before).
 */
const AVIF_QUALITY = 50;
/**
 * sharp's AVIF effort (0 fastest … 9 slowest; its default is 4). For a 4000 × 3000 photo, all
 * widths in both formats, on 2 cores: effort 4 cost 6.3 s of CPU, effort 3 1.55 s, for AVIF
 * files within 0.3 % of the same size (docs/decisions/0021).
 */
export const AVIF_EFFORT = 3;

export type ImageRejectionReason = "not-an-image" | "unsupported-format" | "too-many-pixels";

/** The bytes are not an image the site accepts. Always the client's fault (4xx), never a bug. */
export class ImageRejectedError extends Error {
  readonly reason: ImageRejectionReason;
  constructor(reason: ImageRejectionReason, message: string) {
    super(message);
    this.name = "ImageRejectedError";
    this.reason = reason;
  }
}

export interface ImageVariant {
  format: MediaFormat;
  width: number;
  height: number;
  bytes: Uint8Array;
}

export interface ProcessedImage {
  /** First 32 hex digits of the SHA-256 of the largest WebP variant: names the image's URLs. */
  hash: string;
  /** Size of the largest variant. */
  width: number;
  height: number;
  /** AVIF and WebP variants, narrowest first (AVIF before WebP at each width). */
  variants: ImageVariant[];
}

/** Widths to produce for an image `originalWidth` pixels wide (upright): never upscale. */
export function variantWidthsFor(originalWidth: number): number[] {
  const widths = MEDIA_VARIANT_WIDTHS.filter((width) => width <= originalWidth);
  // Keep the full resolution too when it falls between two standard widths (a 1024 px AI
  // image stays 1024 px wide instead of dropping to 800), up to the largest standard width.
  const largestStandard = MEDIA_VARIANT_WIDTHS[MEDIA_VARIANT_WIDTHS.length - 1] ?? originalWidth;
  if (originalWidth < largestStandard && !widths.includes(originalWidth)) widths.push(originalWidth);
  return widths;
}

/**
 * The formats a decoded header may have. AVIF is HEIF with AV1 inside; HEIF with HEVC inside
 * (an iPhone's HEIC) is not something the bundled libvips decodes, so it is refused here with
 * the same message as any other unsupported file.
 */
function isAcceptedFormat(metadata: Metadata): boolean {
  if (metadata.format === "heif") return metadata.compression === "av1";
  return metadata.format === "jpeg" || metadata.format === "png" || metadata.format === "webp";
}

// sharp and libvips add about 25 MB to the process: load them with the first image.
let sharpModule: Promise<typeof import("sharp")> | undefined;
async function loadSharp() {
  sharpModule ??= import("sharp");
  return (await sharpModule).default;
}

/**
 * Verify that `bytes` really are a JPEG, PNG, WebP or AVIF by decoding them (the client's MIME
 * type and file name prove nothing), orient the image upright (EXIF orientation), and re-encode
 * it as AVIF and WebP variants. Sharp writes no metadata unless asked, so EXIF (GPS, camera,
 * orientation), XMP, IPTC and ICC profiles are gone; pixels are converted to sRGB first.
 */
export async function encodeImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // Reading the header decodes no pixels; the limit is lifted here only so that an oversize
    // image is reported as such below, not as "not an image".
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError("not-an-image", "The file is not an image sharp can read.");
  }
  if (!isAcceptedFormat(metadata)) {
    throw new ImageRejectedError("unsupported-format", `Unsupported image format: ${metadata.format}.`);
  }
  // The header's size; the decoder below refuses it too (limitInputPixels), as a second line.
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw new ImageRejectedError(
      "too-many-pixels",
      `Image of ${metadata.width}×${metadata.height} exceeds ${MAX_INPUT_PIXELS} pixels.`,
    );
  }

  const widths = variantWidthsFor(metadata.autoOrient.width);
  const largestWidth = widths.at(-1) ?? metadata.autoOrient.width;
  const variants: ImageVariant[] = [];
  try {
    // Decode once, upright and already at the largest width, to 8-bit sRGB pixels; every
    // variant is resized from those (a 4000 px JPEG is not decoded eight times).
    // failOn "error": refuse truncated or corrupt pixel data, but accept files whose only fault
    // is a decoder warning (common in camera JPEGs, e.g. extraneous bytes before a marker).
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: largestWidth, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    const pixels = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    for (const width of widths) {
      const resized = pixels.clone().resize({ width, withoutEnlargement: true });
      const avif = await resized
        .clone()
        .avif({ quality: AVIF_QUALITY, effort: AVIF_EFFORT })
        .toBuffer({ resolveWithObject: true });
      variants.push({ format: "avif", width: avif.info.width, height: avif.info.height, bytes: avif.data });
      const webp = await resized.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
      variants.push({ format: "webp", width: webp.info.width, height: webp.info.height, bytes: webp.data });
    }
  } catch {
    // The header was fine but the pixels are not (a truncated or corrupt file).
    throw new ImageRejectedError("not-an-image", "The image data could not be decoded.");
  }

  const largest = variants.filter((variant) => variant.format === "webp").at(-1);
  if (!largest) throw new ImageRejectedError("not-an-image", "The image has no pixels.");
  return {
    hash: createHash("sha256").update(largest.bytes).digest("hex").slice(0, 32),
    width: largest.width,
    height: largest.height,
    variants,
  };
}

/** JPEG quality of a link preview: a 1200 × 630 photo around 100–150 KB, under the readers' limits. */
const SOCIAL_JPEG_QUALITY = 82;

/**
 * A stored image as a link preview (SOCIAL_IMAGE): filled to 1200 × 630, cropped around its
 * most salient part, transparency on white, JPEG without metadata. `bytes` is a variant the
 * site made itself (decoded before), so nothing here can be a bomb.
 */
export async function renderSocialImage(bytes: Uint8Array): Promise<Uint8Array> {
  const sharp = await loadSharp();
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize(SOCIAL_IMAGE.width, SOCIAL_IMAGE.height, { fit: "cover", position: sharp.strategy.attention })
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .jpeg({ quality: SOCIAL_JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
}
