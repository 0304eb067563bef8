import { describe, expect, it } from "vitest";
import { defaultSite } from "~/lib/company-settings";
import { absoluteUrl, pageMeta, previewImageFor, siteFromMatches } from "./seo";

const site = { ...defaultSite, publicUrl: "https://www.exemplo.com.br" };

describe("absoluteUrl", () => {
  it("joins root-relative paths to the public origin", () => {
    expect(absoluteUrl(site, "/servicos")).toBe("https://www.exemplo.com.br/servicos");
    expect(absoluteUrl(site, "obras")).toBe("https://www.exemplo.com.br/obras");
  });
  it("keeps absolute URLs", () => {
    expect(absoluteUrl(site, "https://cdn.exemplo.com/x.png")).toBe("https://cdn.exemplo.com/x.png");
  });
});

describe("pageMeta", () => {
  it("adds the company name to the title once and sets canonical and Open Graph tags", () => {
    const tags = pageMeta(site, { title: "Serviços", description: "Descrição", path: "/servicos" });
    expect(tags).toContainEqual({ title: "Serviços | Alvorada Engenharia Predial" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://www.exemplo.com.br/servicos",
    });
    // The site's own picture, a JPEG at the link-preview size, with what Open Graph says of it.
    expect(tags).toContainEqual({ property: "og:image", content: "https://www.exemplo.com.br/og-image.jpg" });
    expect(tags).toContainEqual({ property: "og:image:type", content: "image/jpeg" });
    expect(tags).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(tags).toContainEqual({ property: "og:image:height", content: "630" });
    expect(tags).not.toContainEqual({ name: "robots", content: "noindex" });

    const home = pageMeta(site, {
      title: "Alvorada Engenharia Predial | Início",
      description: "d",
      path: "/",
    });
    expect(home).toContainEqual({ title: "Alvorada Engenharia Predial | Início" });
  });

  it("marks pages that must not be indexed", () => {
    expect(pageMeta(site, { title: "x", description: "y", path: "/z", noindex: true })).toContainEqual({
      name: "robots",
      content: "noindex",
    });
  });
});

describe("previewImageFor", () => {
  const hash = "f".repeat(32);

  it("gives a library image's JPEG rendition at the link-preview size", () => {
    expect(previewImageFor(`/media/${hash}/1600x900.webp`, "Fachada")).toEqual({
      url: `/media/${hash}/1200x630.jpg`,
      width: 1200,
      height: 630,
      type: "image/jpeg",
      alt: "Fachada",
    });
    const tags = pageMeta(site, {
      title: "t",
      description: "d",
      path: "/blog/x",
      image: previewImageFor(`/media/${hash}/1600x900.webp`),
    });
    expect(tags).toContainEqual({
      property: "og:image",
      content: `https://www.exemplo.com.br/media/${hash}/1200x630.jpg`,
    });
  });

  it("keeps a shipped raster file and gives nothing for an SVG or no picture", () => {
    expect(previewImageFor("/fotos/fachada.jpg")).toEqual({ url: "/fotos/fachada.jpg" });
    expect(previewImageFor("/illustrations/obra-01.svg")).toBeUndefined();
    expect(previewImageFor(null)).toBeUndefined();
  });
});

describe("siteFromMatches", () => {
  it("reads the root loader's site and falls back to the defaults", () => {
    expect(siteFromMatches([{ id: "root", loaderData: { site } }]).publicUrl).toBe(
      "https://www.exemplo.com.br",
    );
    expect(siteFromMatches([undefined]).name).toBe(defaultSite.name);
  });
});
