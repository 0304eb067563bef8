// Renders the default social-sharing image (public/og-image.jpg, 1200×630) from the hero
// illustration. Link previews ignore SVG, and some of them WebP too: this one picture is a JPEG. Run it again
// after replacing public/illustrations/hero.svg: `node scripts/make-og-image.ts`.
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
await sharp(path.join(root, "public/illustrations/hero.svg"), { density: 144 })
  .resize(1200, 630, { fit: "cover", position: "right" })
  .flatten({ background: "#ffffff" })
  .jpeg({ quality: 85, mozjpeg: true })
  .toFile(path.join(root, "public/og-image.jpg"));
console.log("public/og-image.jpg gerado.");
