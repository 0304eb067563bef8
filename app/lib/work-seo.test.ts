import { describe, expect, it } from "vitest";
import { defaultSite } from "~/config/site";
import type { ContentPicture } from "./site-content";
import { workShareImage } from "./work-seo";

const site = { ...defaultSite, publicUrl: "https://www.exemplo.com.br" };

const photo = (hash: string, alt: string): ContentPicture => ({
  kind: "media",
  image: { hash, width: 4000, height: 3000, alt, avif: true },
});

describe("workShareImage", () => {
  it("is the cover's 1200 px WebP when the work has a cover", () => {
    const image = workShareImage(site, {
      cover: photo("a".repeat(32), "Fachada restaurada"),
      photos: [{ title: "", picture: photo("b".repeat(32), "Outra foto") }],
    });
    expect(image).toEqual({
      url: `https://www.exemplo.com.br/media/${"a".repeat(32)}/1200.webp`,
      width: 1200,
      height: 900,
      alt: "Fachada restaurada",
      type: "image/webp",
    });
  });

  it("is the gallery's first photo when there is no cover", () => {
    const image = workShareImage(site, {
      cover: null,
      photos: [
        { title: "", picture: photo("c".repeat(32), "Primeira foto") },
        { title: "", picture: photo("d".repeat(32), "Segunda foto") },
      ],
    });
    expect(image?.url).toBe(`https://www.exemplo.com.br/media/${"c".repeat(32)}/1200.webp`);
    expect(image?.alt).toBe("Primeira foto");
  });

  it("is nothing (the site's own image) without cover or photos, or for an SVG illustration", () => {
    expect(workShareImage(site, { cover: null, photos: [] })).toBeNull();
    const illustration: ContentPicture = {
      kind: "file",
      file: { src: "/illustrations/obra.svg", alt: "Ilustração", width: 800, height: 600 },
    };
    expect(workShareImage(site, { cover: illustration, photos: [] })).toBeNull();
  });
});
