import { describe, expect, it } from "vitest";
import { mediaSrcSet, mediaUrl, mediaVariantWidths, parseMediaUrl } from "./media-url";

const hash = "0123456789abcdef0123456789abcdef";

describe("parseMediaUrl", () => {
  it("reads the hash and size of a stored image's URL", () => {
    expect(parseMediaUrl(`/media/${hash}/1600x1200.webp`)).toEqual({ hash, width: 1600, height: 1200 });
    expect(parseMediaUrl(mediaUrl({ hash, width: 300, height: 200 }))).toEqual({
      hash,
      width: 300,
      height: 200,
    });
  });

  it("returns null for any other URL", () => {
    for (const url of [
      "/illustrations/fachada.svg",
      `/media/${hash}/800.webp`,
      `/media/${hash.toUpperCase()}/800x600.webp`,
      `/media/${hash.slice(1)}/800x600.webp`,
      `/media/${hash}/800x600.png`,
      `/media/${hash}/800x600.webp?x=1`,
      `https://example.com/media/${hash}/800x600.webp`,
      `/media/${hash}/0x0.webp`,
      `/media/${hash}/../800x600.webp`,
      "",
    ]) {
      expect(parseMediaUrl(url), url).toBeNull();
    }
  });
});

describe("mediaVariantWidths", () => {
  it("lists the standard widths up to the largest, plus the largest", () => {
    expect(mediaVariantWidths(1600)).toEqual([400, 720, 800, 1000, 1200, 1600]);
    expect(mediaVariantWidths(800)).toEqual([400, 720, 800]);
    expect(mediaVariantWidths(320)).toEqual([320]);
    expect(mediaVariantWidths(1100)).toEqual([400, 720, 800, 1000, 1100]);
  });
});

describe("mediaSrcSet", () => {
  it("lists every variant with its width", () => {
    expect(mediaSrcSet(`/media/${hash}/1200x900.webp`)).toBe(
      `/media/${hash}/400.webp 400w, /media/${hash}/720.webp 720w, /media/${hash}/800.webp 800w, ` +
        `/media/${hash}/1000.webp 1000w, /media/${hash}/1200.webp 1200w`,
    );
    expect(mediaSrcSet(`/media/${hash}/250x100.webp`)).toBe(`/media/${hash}/250.webp 250w`);
  });

  it("is empty for other URLs", () => {
    expect(mediaSrcSet("/illustrations/fachada.svg")).toBe("");
  });
});
