import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  ImageRejectedError,
  MAX_INPUT_PIXELS,
  processImage,
  variantWidthsFor,
} from "./image-processing.server";

function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
}

/** A phone-style photo: stored landscape with "rotate 90°" in EXIF, plus camera and GPS tags. */
async function jpegWithOrientationAndGps(): Promise<Buffer> {
  // A distinct top band, to check which way the pixels end up.
  const band = await sharp({ create: { width: 1000, height: 100, channels: 3, background: "#0000ff" } })
    .png()
    .toBuffer();
  return solid(1000, 600)
    .composite([{ input: band, left: 0, top: 0 }])
    .jpeg()
    .withExif({
      IFD0: { Make: "CâmeraTeste", Model: "X1" },
      IFD3: {
        GPSLatitudeRef: "S",
        GPSLatitude: "25/1 25/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "49/1 16/1 0/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function expectRejected(bytes: Uint8Array, reason: ImageRejectedError["reason"]) {
  const error = await processImage(bytes).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImageRejectedError);
  expect((error as ImageRejectedError).reason).toBe(reason);
}

describe("variantWidthsFor", () => {
  it("uses the standard widths up to the original, never upscaling", () => {
    expect(variantWidthsFor(4000)).toEqual([400, 800, 1200, 1600]);
    expect(variantWidthsFor(1200)).toEqual([400, 800, 1200]);
    // The full resolution is kept when it falls between standard widths.
    expect(variantWidthsFor(1024)).toEqual([400, 800, 1024]);
    expect(variantWidthsFor(399)).toEqual([399]);
  });
});

describe("processImage", () => {
  it("orients a JPEG upright and strips EXIF, GPS and every other metadata", async () => {
    const input = await jpegWithOrientationAndGps();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();

    const image = await processImage(input);
    // 1000×600 stored, 600×1000 upright: a 400 variant plus the 600 px original.
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [400, 667],
      [600, 1000],
    ]);
    expect([image.width, image.height]).toEqual([600, 1000]);

    const variant = image.variants[0];
    if (!variant) throw new Error("no variant");
    const after = await sharp(variant.bytes).metadata();
    expect(after.format).toBe("webp");
    expect([after.width, after.height]).toEqual([400, 667]);
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(Buffer.from(variant.bytes).includes("CâmeraTeste")).toBe(false);

    // Rotated 90° clockwise: the blue band that was on top is now on the right edge.
    const { data, info } = await sharp(variant.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const [rightR, , rightB] = pixel(info.width - 5, 300);
    const [leftR, , leftB] = pixel(5, 300);
    expect(rightB).toBeGreaterThan(180);
    expect(rightR).toBeLessThan(60);
    expect(leftR).toBeGreaterThan(150);
    expect(leftB).toBeLessThan(90);
  });

  it("turns a PNG into WebP variants at the standard widths, keeping the aspect ratio", async () => {
    const image = await processImage(await solid(2000, 1000).png().toBuffer());
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [400, 200],
      [800, 400],
      [1200, 600],
      [1600, 800],
    ]);
    expect([image.width, image.height]).toEqual([1600, 800]);
    for (const variant of image.variants) {
      expect((await sharp(variant.bytes).metadata()).format).toBe("webp");
    }
    const largest = image.variants.at(-1);
    if (!largest) throw new Error("no variant");
    expect(image.hash).toMatch(/^[a-f0-9]{32}$/);
    expect(image.hash).toBe(createHash("sha256").update(largest.bytes).digest("hex").slice(0, 32));
  });

  it("keeps one variant at the original width for an image narrower than 400 px", async () => {
    const image = await processImage(await solid(300, 200).webp().toBuffer());
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([[300, 200]]);
  });

  it("gives the same hash to the same picture", async () => {
    const png = await solid(900, 500).png().toBuffer();
    expect((await processImage(png)).hash).toBe((await processImage(png)).hash);
  });

  it("refuses GIF, SVG and HEIF/AVIF even though sharp can read them", async () => {
    await expectRejected(await solid(20, 20).gif().toBuffer(), "unsupported-format");
    await expectRejected(await solid(64, 64).avif().toBuffer(), "unsupported-format");
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    await expectRejected(Buffer.from(svg), "unsupported-format");
  });

  it("refuses text, empty and truncated files", async () => {
    await expectRejected(Buffer.from("isto não é uma imagem, só texto com extensão .jpg\n"), "not-an-image");
    await expectRejected(new Uint8Array(), "not-an-image");
    const jpeg = await jpegWithOrientationAndGps();
    await expectRejected(jpeg.subarray(0, Math.floor(jpeg.length / 2)), "not-an-image");
  });

  it("refuses an image that claims more pixels than allowed, before decoding it", async () => {
    // A PNG header claiming 10 000 × 10 000 pixels around a tiny image's data: a decompression bomb's shape.
    const png = Buffer.from(await solid(8, 8).png().toBuffer());
    const ihdr = 8; // after the signature: length (4), "IHDR" (4), width (4), height (4)…
    png.writeUInt32BE(10_000, ihdr + 8);
    png.writeUInt32BE(10_000, ihdr + 12);
    png.writeUInt32BE(crc32(png.subarray(ihdr + 4, ihdr + 8 + 13)), ihdr + 8 + 13);
    expect(10_000 * 10_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    await expectRejected(png, "too-many-pixels");
  });
});
