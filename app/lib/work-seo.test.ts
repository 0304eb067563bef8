import { describe, expect, it } from "vitest";
import type { ContentPicture } from "./site-content";
import { workShareImage } from "./work-seo";

const photo = (hash: string, alt: string): ContentPicture => ({
  kind: "media",
  image: { hash, width: 4000, height: 3000, alt, avif: true },
});

describe("workShareImage", () => {
  it("is the cover's link-preview JPEG (1200 × 630) when the work has a cover", () => {
    const image = workShareImage({
      cover: photo("a".repeat(32), "Fachada restaurada"),
      photos: [{ title: "", picture: photo("b".repeat(32), "Outra foto") }],
    });
    expect(image).toEqual({
      url: `/media/${"a".repeat(32)}/1200x630.jpg`,
      width: 1200,
      height: 630,
      alt: "Fachada restaurada",
      type: "image/jpeg",
    });
  });

  it("is the gallery's first photo when there is no cover", () => {
    const image = workShareImage({
      cover: null,
      photos: [
        { title: "", picture: photo("c".repeat(32), "Primeira foto") },
        { title: "", picture: photo("d".repeat(32), "Segunda foto") },
      ],
    });
    expect(image?.url).toBe(`/media/${"c".repeat(32)}/1200x630.jpg`);
    expect(image?.alt).toBe("Primeira foto");
  });

  it("is nothing (the site's own image) without cover or photos, or for an SVG illustration", () => {
    expect(workShareImage({ cover: null, photos: [] })).toBeUndefined();
    const illustration: ContentPicture = {
      kind: "file",
      file: { src: "/illustrations/obra.svg", alt: "Ilustração", width: 800, height: 600 },
    };
    expect(workShareImage({ cover: illustration, photos: [] })).toBeUndefined();
  });
});
