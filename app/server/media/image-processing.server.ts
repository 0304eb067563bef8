import { createHash } from "node:crypto";
import type { Metadata } from "sharp";
import { MEDIA_VARIANT_WIDTHS } from "~/lib/media-url";

// Every image the site stores is re-encoded here: whatever came in (a phone photo with GPS in
// its EXIF, a PNG screenshot, a provider's WebP) leaves as WebP variants without metadata.

/** Formats the admin accepts, as sharp's decoder names them. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);
/**
 * Refuse decompression bombs before decoding: a 5 MB PNG can claim 100 000 × 100 000 pixels.
 * 40 MP is more than any phone camera produces.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 80;

export type ImageRejectionReason = "not-an-image" | "unsupported-format" | "too-many-pixels";

/** The bytes are not an image the site accepts. Always the client's fault (4xx), never a bug. */
export class ImageRejectedError extends Error {
  constructor(
    readonly reason: ImageRejectionReason,
    message: string,
  ) {
    super(message);
    this.name = "ImageRejectedError";
  }
}

export interface ImageVariant {
  width: number;
  height: number;
  bytes: Uint8Array;
}

export interface ProcessedImage {
  /** First 32 hex digits of the SHA-256 of the largest variant: names the image's URLs. */
  hash: string;
  /** Size of the largest variant. */
  width: number;
  height: number;
  /** WebP variants, narrowest first. */
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

// sharp and libvips add about 25 MB to the process: load them with the first image, not at
// start (most requests never touch an image).
let sharpModule: Promise<typeof import("sharp")> | undefined;
async function loadSharp() {
  sharpModule ??= import("sharp");
  return (await sharpModule).default;
}

function decoder(sharp: Awaited<ReturnType<typeof loadSharp>>, bytes: Uint8Array) {
  // failOn "error": refuse truncated or corrupt pixel data, but accept files whose only fault
  // is a decoder warning (common in camera JPEGs, e.g. extraneous bytes before a marker).
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
}

/**
 * Verify that `bytes` really are a JPEG, PNG or WebP by decoding them (the client's MIME type
 * and file name prove nothing), orient the image upright, and re-encode it as WebP variants.
 * Sharp writes no metadata unless asked, so EXIF (GPS, camera, orientation) and XMP are gone.
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // Reading the header decodes no pixels; the limit is lifted here only so that an oversize
    // image is reported as such below, not as "not an image".
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError("not-an-image", "The file is not an image sharp can read.");
  }
  if (!ACCEPTED_FORMATS.has(metadata.format)) {
    throw new ImageRejectedError("unsupported-format", `Unsupported image format: ${metadata.format}.`);
  }
  // The header's size; the decoder below refuses it too (limitInputPixels), as a second line.
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw new ImageRejectedError(
      "too-many-pixels",
      `Image of ${metadata.width}×${metadata.height} exceeds ${MAX_INPUT_PIXELS} pixels.`,
    );
  }

  const upright = metadata.autoOrient;
  const variants: ImageVariant[] = [];
  try {
    // Decode once; each variant resizes a clone of the same upright pipeline.
    const pipeline = decoder(sharp, bytes).rotate();
    for (const width of variantWidthsFor(upright.width)) {
      const { data, info } = await pipeline
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: info.width, height: info.height, bytes: data });
    }
  } catch {
    // The header was fine but the pixels are not (a truncated or corrupt file).
    throw new ImageRejectedError("not-an-image", "The image data could not be decoded.");
  }

  const largest = variants.at(-1);
  if (!largest) throw new ImageRejectedError("not-an-image", "The image has no pixels.");
  return {
    hash: createHash("sha256").update(largest.bytes).digest("hex").slice(0, 32),
    width: largest.width,
    height: largest.height,
    variants,
  };
}
