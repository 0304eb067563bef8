import type { MetaDescriptor } from "react-router";
import { defaultSite, type SiteConfig } from "~/config/site";

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/servicos". */
  path: string;
  /** Absolute or root-relative image for social previews; defaults to the site's. */
  image?: string;
  type?: "website" | "article";
  noindex?: boolean;
  /** The title as given, without " | site name" (a post's own meta title, written to fit). */
  exactTitle?: boolean;
  /** Extra tags (article:published_time, …). */
  extra?: MetaDescriptor[];
}

export function absoluteUrl(site: SiteConfig, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${site.publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Title, description, canonical and Open Graph tags for one page. */
export function pageMeta(site: SiteConfig, seo: PageSeo): MetaDescriptor[] {
  const url = absoluteUrl(site, seo.path);
  const title = seo.exactTitle || seo.title.includes(site.name) ? seo.title : `${seo.title} | ${site.name}`;
  const image = absoluteUrl(site, seo.image ?? site.ogImagePath);
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
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    ...(seo.extra ?? []),
  ];
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
