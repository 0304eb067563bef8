import { quoteServiceOptions } from "~/content/quote-services";
import type { WeeklyHours } from "~/lib/opening-hours";

// The company's facts, in one place. Components read them through useSite(); nothing else
// may spell out the name, phone, e-mail or address. These are the defaults: SITE_* environment
// variables override them (app/config/site-env.server.ts), and what the owner saves in
// /admin/configuracoes overrides both (app/server/settings/site-settings.server.ts).

/** Social profiles; "" when the company has none there. */
export interface SocialLinks {
  instagram: string;
  facebook: string;
  linkedin: string;
  youtube: string;
}

export const socialNetworks = [
  "instagram",
  "facebook",
  "linkedin",
  "youtube",
] as const satisfies ReadonlyArray<keyof SocialLinks>;

export const socialNetworkNames: Record<keyof SocialLinks, string> = {
  instagram: "Instagram",
  facebook: "Facebook",
  linkedin: "LinkedIn",
  youtube: "YouTube",
};

/** Who answers questions about personal data (LGPD); name "" means "a nossa equipe". */
export interface PrivacyContact {
  name: string;
  email: string;
}

export interface SiteConfig {
  name: string;
  shortName: string;
  legalName: string;
  /** CNPJ shown in the footer and privacy policy. */
  cnpj: string;
  tagline: string;
  description: string;
  /** E.164 digits without "+", used in tel: links, e.g. "5541998765432". */
  phoneDigits: string;
  phoneDisplay: string;
  /** Digits for https://wa.me/<digits>. */
  whatsappDigits: string;
  whatsappMessage: string;
  email: string;
  address: {
    /** Street (or highway and km), without the number. */
    street: string;
    /** "1500", "s/n"; "" when the street already says it. */
    number: string;
    district: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  };
  hours: WeeklyHours;
  social: SocialLinks;
  privacyContact: PrivacyContact;
  /** The quote form's service options, in order (at least one). */
  quoteServices: string[];
  /** Founding year, for the "10+ anos" claims and JSON-LD. */
  foundingYear: number;
  copyrightYear: number;
  /** Absolute origin used for canonical URLs, e.g. "https://www.example.com.br". */
  publicUrl: string;
  /** Optional hero video (same origin); the poster illustration shows when absent. */
  heroVideoUrl: string | null;
  heroPosterUrl: string;
  /** Default social-sharing image (a raster: social networks ignore SVG). */
  ogImagePath: string;
}

export const defaultSite: SiteConfig = {
  name: "Alvorada Engenharia Predial",
  shortName: "Alvorada",
  legalName: "Alvorada Engenharia e Manutenção Predial Ltda.",
  cnpj: "00.000.000/0001-00",
  tagline: "Manutenção predial em condomínios",
  description:
    "Engenharia de manutenção predial em Curitiba: impermeabilização, restauração e lavagem de fachadas, pintura, rejuntamento e tratamento de ferragens para condomínios.",
  phoneDigits: "5541998765432",
  phoneDisplay: "(41) 99876-5432",
  whatsappDigits: "5541998765432",
  whatsappMessage: "Olá! Gostaria de solicitar um orçamento.",
  email: "contato@alvoradaengenharia.com.br",
  address: {
    street: "Rodovia BR-277, km 2",
    number: "1500",
    district: "Orleans",
    city: "Curitiba",
    state: "PR",
    postalCode: "82305-100",
    country: "BR",
  },
  hours: {
    monday: [{ opens: "08:00", closes: "18:00" }],
    tuesday: [{ opens: "08:00", closes: "18:00" }],
    wednesday: [{ opens: "08:00", closes: "18:00" }],
    thursday: [{ opens: "08:00", closes: "18:00" }],
    friday: [{ opens: "08:00", closes: "18:00" }],
    saturday: [{ opens: "08:00", closes: "12:00" }],
    sunday: [],
  },
  social: { instagram: "", facebook: "", linkedin: "", youtube: "" },
  privacyContact: { name: "", email: "contato@alvoradaengenharia.com.br" },
  quoteServices: [...quoteServiceOptions],
  foundingYear: 2014,
  copyrightYear: 2024,
  publicUrl: "http://localhost:3000",
  heroVideoUrl: null,
  heroPosterUrl: "/illustrations/hero.svg",
  ogImagePath: "/og-image.jpg",
};

/** "Rodovia BR-277, km 2, nº 1500" */
export function streetAddress(site: SiteConfig): string {
  const { street, number } = site.address;
  if (!number) return street;
  return /^\d/.test(number) ? `${street}, nº ${number}` : `${street}, ${number}`;
}

/** "Rodovia BR-277, km 2, nº 1500 – Orleans, Curitiba – PR, CEP 82305-100" */
export function formatAddress(site: SiteConfig): string {
  const a = site.address;
  return `${streetAddress(site)} – ${a.district}, ${a.city} – ${a.state}, CEP ${a.postalCode}`;
}
