import type { MetaDescriptor } from "react-router";
import { defaultSite, type SiteConfig } from "~/lib/company-settings";
import { mediaSocialImageUrl, parseMediaUrl, SOCIAL_IMAGE } from "./media-url";

/** The picture a link preview shows (og:image), and what Open Graph says of it. */
export interface PreviewImage {
  /** Absolute or root-relative. */
  url: string;
  width?: number;
  height?: number;
  alt?: string;
  type?: string;
}

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/servicos". */
  path: string;
  /** The page's picture for link previews; the site's own (public/og-image.jpg) when none. */
  image?: PreviewImage;
  type?: "website" | "article";
  noindex?: boolean;
  /** The title as given, without " | site name" (a post's own meta title, written to fit). */
  exactTitle?: boolean;
  /** Extra tags (article:published_time, …). */
  extra?: MetaDescriptor[];
}

export function absoluteUrl(site: Pick<SiteConfig, "publicUrl">, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${site.publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Title, description, canonical and Open Graph tags for one page. */
export function pageMeta(site: SiteConfig, seo: PageSeo): MetaDescriptor[] {
  const url = absoluteUrl(site, seo.path);
  const title = seo.exactTitle || seo.title.includes(site.name) ? seo.title : `${seo.title} | ${site.name}`;
  const image = seo.image ?? sitePreviewImage(site);
  return [
    { title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: url },
    ...(seo.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:title", content: title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: url },
    { property: "og:image", content: absoluteUrl(site, image.url) },
    ...(image.type ? [{ property: "og:image:type", content: image.type }] : []),
    ...(image.width && image.height
      ? [
          { property: "og:image:width", content: String(image.width) },
          { property: "og:image:height", content: String(image.height) },
        ]
      : []),
    ...(image.alt ? [{ property: "og:image:alt", content: image.alt }] : []),
    { name: "twitter:card", content: "summary_large_image" },
    ...(seo.extra ?? []),
  ];
}

/** What every preview the site renders is: a JPEG at the link-preview size (SOCIAL_IMAGE). */
const SOCIAL_PREVIEW = {
  width: SOCIAL_IMAGE.width,
  height: SOCIAL_IMAGE.height,
  type: SOCIAL_IMAGE.contentType,
} as const;

/** The site's own preview picture (scripts/make-og-image.ts renders it at that size). */
function sitePreviewImage(site: SiteConfig): PreviewImage {
  return { url: site.ogImagePath, ...SOCIAL_PREVIEW };
}

/** A library image's preview: its JPEG rendition (SOCIAL_IMAGE). */
export function libraryPreviewImage(hash: string, alt = ""): PreviewImage {
  return { url: mediaSocialImageUrl(hash), ...SOCIAL_PREVIEW, ...(alt ? { alt } : {}) };
}

/**
 * The preview for a picture a page shows, by its address: an image of the library gives its
 * JPEG rendition, a shipped raster file itself, and an SVG (which preview readers ignore) or no
 * picture nothing, so the site's own picture stands in.
 */
export function previewImageFor(url: string | null | undefined, alt = ""): PreviewImage | undefined {
  if (!url || url.endsWith(".svg")) return undefined;
  const media = parseMediaUrl(url);
  if (media) return libraryPreviewImage(media.hash, alt);
  return alt ? { url, alt } : { url };
}

interface MatchWithData {
  id: string;
  loaderData?: unknown;
}

/** The site facts the root loader provided, read from a meta function's matches. */
export function siteFromMatches(matches: ReadonlyArray<MatchWithData | undefined>): SiteConfig {
  const root = matches.find((match) => match?.id === "root");
  const data = root?.loaderData as { site?: SiteConfig } | undefined;
  return data?.site ?? defaultSite;
}
