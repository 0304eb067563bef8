import type { SiteConfig } from "~/lib/company-settings";
import { mediaVariantUrl, mediaVariantWidths } from "./media-url";
import { absoluteUrl, libraryPreviewImage, type PreviewImage } from "./seo";
import type { ContentPicture } from "./site-content";
import { type WorkDetail, workHref, workLocation } from "./works";

// What a work's page tells search engines and link previews (WhatsApp, social networks).

/**
 * The picture a shared link shows: the cover, or without one the gallery's first photo, so a link
 * to a work sent in WhatsApp shows the work rather than the site's generic image.
 */
export function workShareImage(work: Pick<WorkDetail, "cover" | "photos">): PreviewImage | undefined {
  return workPreviewImage(work.cover ?? work.photos[0]?.picture ?? null);
}

/**
 * A picture as a link preview: a library image's JPEG rendition, or a shipped
 * raster file. An SVG illustration is no preview (readers ignore SVG): the site's own image then.
 */
function workPreviewImage(cover: ContentPicture | null): PreviewImage | undefined {
  if (cover?.kind === "media") return libraryPreviewImage(cover.image.hash, cover.image.alt);
  if (cover?.kind === "file" && !cover.file.src.endsWith(".svg")) {
    const { src, width, height, alt } = cover.file;
    return { url: src, width, height, alt };
  }
  return undefined;
}

/** Search engines take WebP and want the whole picture, not a preview's crop. */
const STRUCTURED_DATA_IMAGE_MAX_WIDTH = 1200;

/** The cover (or first photo) for the work's structured data: its variant closest to 1200 px. */
function workStructuredDataImage(cover: ContentPicture | null): string | null {
  if (cover?.kind === "media") {
    const { hash, width } = cover.image;
    const fitting = mediaVariantWidths(width).filter((w) => w <= STRUCTURED_DATA_IMAGE_MAX_WIDTH);
    return mediaVariantUrl(hash, Math.max(...fitting, 0) || width, "webp");
  }
  if (cover?.kind === "file" && !cover.file.src.endsWith(".svg")) return cover.file.src;
  return null;
}

/** The meta description: the description's start, or a sentence from the facts. */
export function workDescription(site: SiteConfig, work: WorkDetail): string {
  const text = work.description.replace(/\s+/g, " ").trim();
  if (text) return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
  const location = workLocation(work);
  return `${work.title}: obra da ${site.name}${location ? ` em ${location}` : ""}.`;
}

/** The work as schema.org data (a CreativeWork made by the company) and its breadcrumb. */
export function workJsonLd(site: SiteConfig, work: WorkDetail) {
  const url = absoluteUrl(site, workHref(work.slug));
  const picture = workStructuredDataImage(work.cover ?? work.photos[0]?.picture ?? null);
  const images = [
    ...(picture ? [absoluteUrl(site, picture)] : []),
    ...work.photos.flatMap((photo) =>
      photo.picture.kind === "media"
        ? [
            absoluteUrl(
              site,
              mediaVariantUrl(
                photo.picture.image.hash,
                mediaVariantWidths(photo.picture.image.width).at(-1) ?? photo.picture.image.width,
              ),
            ),
          ]
        : [],
    ),
  ];
  const location = workLocation(work);
  return [
    {
      "@context": "https://schema.org",
      "@type": "CreativeWork",
      "@id": `${url}#obra`,
      name: work.title,
      headline: work.title,
      description: workDescription(site, work),
      url,
      mainEntityOfPage: url,
      inLanguage: "pt-BR",
      ...(images.length ? { image: images } : {}),
      ...(location
        ? {
            locationCreated: {
              "@type": "Place",
              name: location,
              address: {
                "@type": "PostalAddress",
                ...(work.city ? { addressLocality: work.city } : {}),
                addressCountry: "BR",
              },
            },
          }
        : {}),
      ...(work.services.length ? { about: work.services.map((name) => ({ "@type": "Thing", name })) } : {}),
      ...(work.period ? { temporalCoverage: work.period } : {}),
      ...(work.buildingType ? { genre: work.buildingType } : {}),
      ...(work.publishedAt ? { datePublished: work.publishedAt } : {}),
      dateModified: work.updatedAt,
      creator: { "@id": `${site.publicUrl}/#empresa` },
      publisher: { "@id": `${site.publicUrl}/#empresa` },
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Início", item: absoluteUrl(site, "/") },
        { "@type": "ListItem", position: 2, name: "Obras Realizadas", item: absoluteUrl(site, "/obras") },
        { "@type": "ListItem", position: 3, name: work.title, item: url },
      ],
    },
  ];
}
