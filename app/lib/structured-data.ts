import { formatAddress, type SiteConfig, socialNetworks, streetAddress } from "~/lib/company-settings";
import { openingHoursSpecification } from "./opening-hours";

/** schema.org description of the business, embedded on every page as JSON-LD. */
export function localBusinessJsonLd(site: SiteConfig) {
  const sameAs = socialNetworks.map((network) => site.social[network]).filter(Boolean);
  return {
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    "@id": `${site.publicUrl}/#empresa`,
    name: site.name,
    legalName: site.legalName,
    description: site.description,
    url: `${site.publicUrl}/`,
    logo: `${site.publicUrl}/favicon.svg`,
    image: `${site.publicUrl}${site.ogImagePath}`,
    telephone: `+${site.phoneDigits}`,
    email: site.email,
    // Where the site's chat buttons lead: the company's WhatsApp.
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      telephone: `+${site.whatsappDigits}`,
      url: `https://wa.me/${site.whatsappDigits}`,
      availableLanguage: "Portuguese",
    },
    foundingDate: String(site.foundingYear),
    areaServed: { "@type": "City", name: site.address.city },
    address: {
      "@type": "PostalAddress",
      streetAddress: `${streetAddress(site)} – ${site.address.district}`,
      addressLocality: site.address.city,
      addressRegion: site.address.state,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    openingHoursSpecification: openingHoursSpecification(site.hours),
    hasMap: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(formatAddress(site))}`,
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/**
 * Serialise JSON for a <script type="application/ld+json"> block. "<" is escaped so a value
 * can never close the script element.
 */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

const businessScripts = new WeakMap<SiteConfig, string>();

/**
 * The business's JSON-LD as its script's text, made once per company facts: the server hands
 * every page the same facts object until the owner changes them.
 */
export function localBusinessJsonLdScript(site: SiteConfig): string {
  let text = businessScripts.get(site);
  if (text === undefined) {
    text = jsonLdScript(localBusinessJsonLd(site));
    businessScripts.set(site, text);
  }
  return text;
}

export interface BlogPostingFacts {
  url: string;
  headline: string;
  description: string;
  /** Absolute URL, with the size when known (a library image). */
  image: { url: string; width?: number; height?: number };
  datePublished: string | null;
  dateModified: string;
  section: string;
  /** The author's name; without one the company is the author. */
  authorName: string | null;
}

/** JSON-LD BlogPosting of an article (schema.org), its publisher the company's LocalBusiness. */
export function blogPostingJsonLd(site: SiteConfig, facts: BlogPostingFacts) {
  const { image } = facts;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: facts.headline,
    description: facts.description,
    url: facts.url,
    mainEntityOfPage: facts.url,
    image:
      image.width && image.height
        ? { "@type": "ImageObject", url: image.url, width: image.width, height: image.height }
        : image.url,
    ...(facts.datePublished ? { datePublished: facts.datePublished } : {}),
    dateModified: facts.dateModified,
    articleSection: facts.section,
    inLanguage: "pt-BR",
    author: facts.authorName
      ? { "@type": "Person", name: facts.authorName }
      : { "@type": "Organization", name: site.name, url: `${site.publicUrl}/` },
    publisher: { "@id": `${site.publicUrl}/#empresa` },
  };
}
