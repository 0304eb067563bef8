import { crc32 } from "node:zlib";
import sharp from "sharp";

// Images the media tests upload: plain colours, a photo as a phone saves it, and a pixel bomb.

/** A plain-colour image of `width` × `height`, to encode as PNG, JPEG, WebP… */
export function solidImage(width: number, height: number, background = "#c85028") {
  return sharp({ create: { width, height, channels: 3, background } });
}

/**
 * A photo as a phone saves it: the sensor's landscape pixels (a blue band along the top) with
 * "rotate 90° clockwise" in EXIF, the camera's make and model and a GPS position. Served
 * upright it is taller than wide, with the band down its right side. Photos of different
 * `background`s are different library images (the same pixels would be one).
 */
export async function phonePhoto(width = 1200, height = 800, background?: string): Promise<Buffer> {
  const band = await solidImage(width, Math.round(height * 0.15), "#0000ff")
    .png()
    .toBuffer();
  return solidImage(width, height, background)
    .composite([{ input: band, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: "CameraDoCelular", Model: "Modelo X" },
      IFD3: {
        GPSLatitudeRef: "S",
        GPSLatitude: "25/1 25/1 30/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "49/1 16/1 15/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * Signs of metadata in a served file: the EXIF APP1 header, a TIFF header, the phone's camera
 * strings, XMP, an ICC profile.
 */
export const METADATA_NEEDLES = [
  "Exif\0\0",
  "II*\0",
  "MM\0*",
  "CameraDoCelular",
  "Modelo X",
  "<x:xmpmeta",
  "ICC_PROFILE",
];

/** The needles of METADATA_NEEDLES found in `bytes` (none for a clean file). */
export function metadataFoundIn(bytes: Uint8Array): string[] {
  const haystack = Buffer.from(bytes).toString("latin1");
  return METADATA_NEEDLES.filter((needle) => haystack.includes(needle));
}

/** A PNG whose header claims 30 000 × 30 000 pixels (900 MP) around a tiny image's data. */
export async function pixelBomb(): Promise<Buffer> {
  const png = Buffer.from(await solidImage(8, 8).png().toBuffer());
  png.writeUInt32BE(30_000, 16);
  png.writeUInt32BE(30_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
