import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  encodeImage,
  ImageRejectedError,
  MAX_INPUT_PIXELS,
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
      IFD0: { Make: "CameraTeste", Model: "X1" },
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
  const error = await encodeImage(bytes).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImageRejectedError);
  expect((error as ImageRejectedError).reason).toBe(reason);
}

describe("variantWidthsFor", () => {
  it("uses the standard widths up to the original, never upscaling", () => {
    expect(variantWidthsFor(4000)).toEqual([400, 720, 800, 1000, 1200, 1600]);
    expect(variantWidthsFor(1200)).toEqual([400, 720, 800, 1000, 1200]);
    // The full resolution is kept when it falls between standard widths.
    expect(variantWidthsFor(1100)).toEqual([400, 720, 800, 1000, 1100]);
    expect(variantWidthsFor(399)).toEqual([399]);
  });
});

/**
 * What an EXIF block looks like in a file: the "Exif\0\0" APP1 header, the TIFF header that
 * starts the block (little-endian, as libexif writes it), the GPS IFD pointer tag (0x8825), and
 * the strings the fixture's camera tags carry; plus the XMP and ICC markers.
 */
const METADATA_NEEDLES: Array<[string, Buffer]> = [
  ["Exif header", Buffer.from("Exif\0\0", "latin1")],
  ["TIFF header", Buffer.from("II*\0", "latin1")],
  ["camera make", Buffer.from("CameraTeste")],
  ["XMP packet", Buffer.from("<x:xmpmeta")],
  ["ICC profile", Buffer.from("ICC_PROFILE")],
  ["PNG iCCP chunk", Buffer.from("iCCP")],
];
const GPS_IFD_POINTER = Buffer.from([0x25, 0x88]);

/** The bytes must carry no metadata block and none of the photo's camera or GPS data. */
function expectNoMetadataBytes(bytes: Uint8Array, label: string) {
  const buffer = Buffer.from(bytes);
  for (const [name, needle] of METADATA_NEEDLES) {
    expect(buffer.includes(needle), `${label} contains the ${name}`).toBe(false);
  }
}

const shapes = (image: Awaited<ReturnType<typeof encodeImage>>) =>
  image.variants.map((v) => [v.format, v.width, v.height]);

describe("encodeImage", () => {
  it("orients a JPEG upright and strips EXIF, GPS and every other metadata, in AVIF and WebP", async () => {
    const input = await jpegWithOrientationAndGps();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();
    // The fixture really carries what must go: the EXIF block and the camera's name in it.
    for (const [name, needle] of METADATA_NEEDLES.slice(0, 3)) {
      expect(Buffer.from(input).includes(needle), name).toBe(true);
    }
    expect(before.exif?.includes(GPS_IFD_POINTER)).toBe(true);

    const image = await encodeImage(input);
    // 1000×600 stored, 600×1000 upright: a 400 variant plus the 600 px original, in both formats.
    expect(shapes(image)).toEqual([
      ["avif", 400, 667],
      ["webp", 400, 667],
      ["avif", 600, 1000],
      ["webp", 600, 1000],
    ]);
    expect([image.width, image.height]).toEqual([600, 1000]);

    for (const variant of image.variants) {
      const label = `${variant.width}.${variant.format}`;
      const after = await sharp(variant.bytes).metadata();
      expect(after.format, label).toBe(variant.format === "avif" ? "heif" : "webp");
      expect([after.width, after.height], label).toEqual([variant.width, variant.height]);
      expect(after.orientation, label).toBeUndefined();
      expect(after.exif, label).toBeUndefined();
      expect(after.xmp, label).toBeUndefined();
      expect(after.iptc, label).toBeUndefined();
      expect(after.icc, label).toBeUndefined();
      expectNoMetadataBytes(variant.bytes, label);

      // Rotated 90° clockwise: the blue band that was on top is now on the right edge.
      const { data, info } = await sharp(variant.bytes)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
      ];
      const [rightR, , rightB] = pixel(info.width - 5, 300);
      const [leftR, , leftB] = pixel(5, 300);
      expect(rightB, label).toBeGreaterThan(180);
      expect(rightR, label).toBeLessThan(60);
      expect(leftR, label).toBeGreaterThan(150);
      expect(leftB, label).toBeLessThan(90);
    }
  });

  it("turns a PNG into AVIF and WebP variants at the standard widths, keeping the aspect ratio", async () => {
    const image = await encodeImage(await solid(2000, 1000).png().toBuffer());
    expect(shapes(image)).toEqual([
      ["avif", 400, 200],
      ["webp", 400, 200],
      ["avif", 720, 360],
      ["webp", 720, 360],
      ["avif", 800, 400],
      ["webp", 800, 400],
      ["avif", 1000, 500],
      ["webp", 1000, 500],
      ["avif", 1200, 600],
      ["webp", 1200, 600],
      ["avif", 1600, 800],
      ["webp", 1600, 800],
    ]);
    expect([image.width, image.height]).toEqual([1600, 800]);
    for (const variant of image.variants) {
      const format = (await sharp(variant.bytes).metadata()).format;
      expect(format).toBe(variant.format === "avif" ? "heif" : "webp");
    }
    const largest = image.variants.at(-1);
    if (!largest) throw new Error("no variant");
    expect(image.hash).toMatch(/^[a-f0-9]{32}$/);
    expect(image.hash).toBe(createHash("sha256").update(largest.bytes).digest("hex").slice(0, 32));
  });

  it("keeps one width, the original, for an image narrower than 400 px", async () => {
    const image = await encodeImage(await solid(300, 200).webp().toBuffer());
    expect(shapes(image)).toEqual([
      ["avif", 300, 200],
      ["webp", 300, 200],
    ]);
  });

  it("accepts an AVIF photo", async () => {
    const image = await encodeImage(await solid(640, 480).avif().toBuffer());
    expect([image.width, image.height]).toEqual([640, 480]);
  });

  it("gives the same hash to the same picture", async () => {
    const png = await solid(900, 500).png().toBuffer();
    expect((await encodeImage(png)).hash).toBe((await encodeImage(png)).hash);
  });

  it("refuses GIF, SVG and TIFF even though sharp can read them", async () => {
    await expectRejected(await solid(20, 20).gif().toBuffer(), "unsupported-format");
    await expectRejected(await solid(20, 20).tiff().toBuffer(), "unsupported-format");
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
    // A PNG header claiming 30 000 × 30 000 pixels around a tiny image's data: a decompression bomb's shape.
    const png = Buffer.from(await solid(8, 8).png().toBuffer());
    const ihdr = 8; // after the signature: length (4), "IHDR" (4), width (4), height (4)…
    png.writeUInt32BE(30_000, ihdr + 8);
    png.writeUInt32BE(30_000, ihdr + 12);
    png.writeUInt32BE(crc32(png.subarray(ihdr + 4, ihdr + 8 + 13)), ihdr + 8 + 13);
    expect(30_000 * 30_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    await expectRejected(png, "too-many-pixels");
  });
});
