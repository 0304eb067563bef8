import { type MediaView, mediaFormatSrcSet, parseMediaUrl } from "~/lib/media-url";

// Library images inside a post's HTML (inserted with the rich-text editor as
// `<img src="/media/<hash>/<W>x<H>.webp">`). On the public page they get what the library knows
// now: its alt text (edited after the post was written) and an AVIF <source> when the image
// has AVIF variants. Works on the sanitiser's output, whose tags and attributes are
// normalised (`<img a="…" />`, values HTML-escaped), so a pattern can read it safely.

const IMG_TAG = /<img\b[^>]*>/g;
const ATTRIBUTE = /([a-z-]+)="([^"]*)"/g;
const MEDIA_SRC = /\bsrc="(\/media\/[a-f0-9]{32}\/\d+x\d+\.webp)"/;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The hashes of the library images in sanitised HTML. */
export function mediaHashesInHtml(html: string): string[] {
  const hashes = new Set<string>();
  for (const tag of html.match(IMG_TAG) ?? []) {
    const src = MEDIA_SRC.exec(tag)?.[1];
    const parts = src ? parseMediaUrl(src) : null;
    if (parts) hashes.add(parts.hash);
  }
  return [...hashes];
}

/**
 * Sanitised HTML with each library image's alt text taken from the library (when it has one)
 * and, for images with AVIF variants, wrapped in a `<picture>` with an AVIF `<source>` of the
 * same `sizes`. Images the library does not know are left as they are.
 */
export function withLibraryImages(html: string, views: ReadonlyMap<string, MediaView>): string {
  if (views.size === 0) return html;
  return html.replace(IMG_TAG, (tag) => {
    const src = MEDIA_SRC.exec(tag)?.[1];
    const parts = src ? parseMediaUrl(src) : null;
    const view = parts ? views.get(parts.hash) : undefined;
    if (!parts || !view) return tag;
    const attributes = new Map([...tag.matchAll(ATTRIBUTE)].map((match) => [match[1] ?? "", match[2] ?? ""]));
    if (view.alt) attributes.set("alt", escapeAttribute(view.alt));
    const img = `<img ${[...attributes].map(([name, value]) => `${name}="${value}"`).join(" ")} />`;
    if (!view.avif) return img;
    const sizes = attributes.get("sizes");
    const source = `<source type="image/avif" srcset="${mediaFormatSrcSet(parts, "avif")}"${sizes ? ` sizes="${sizes}"` : ""} />`;
    return `<picture>${source}${img}</picture>`;
  });
}
