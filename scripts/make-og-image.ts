// Renders the default social-sharing image (public/og-image.png, 1200×630) from the hero
// illustration. Social networks ignore SVG, so this one picture is a raster. Run it again
// after replacing public/illustrations/hero.svg: `node scripts/make-og-image.ts`.
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
await sharp(path.join(root, "public/illustrations/hero.svg"), { density: 144 })
  .resize(1200, 630, { fit: "cover", position: "right" })
  .png({ compressionLevel: 9, palette: true, quality: 90 })
  .toFile(path.join(root, "public/og-image.png"));
console.log("public/og-image.png gerado.");
