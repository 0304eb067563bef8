import { quoteServiceOptions } from "~/content/quote-services";
import { type Weekday, type WeeklyHours, weekdays } from "./opening-hours";

// The company facts, in one place for both sides (docs/decisions/0082): their shape, the code's
// defaults, and the fields of the settings form. Components read the facts in force through
// useSite(); nothing else may spell out the name, phone, e-mail or address. The settings
// service (app/server/settings/) lays the environment's SITE_* values over these defaults, and
// what the owner saves in /admin/configuracoes over both. The deployment's part (PUBLIC_URL,
// HERO_VIDEO_URL) comes from app/config/site-env.server.ts.

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

/**
 * The company facts the owner edits in /admin/configuracoes, as stored (one JSON row of the
 * `settings` table). Saved values win over the environment's SITE_* and LEADS_TO defaults.
 */
export interface CompanySettings {
  name: string;
  legalName: string;
  cnpj: string;
  phoneDisplay: string;
  phoneDigits: string;
  whatsappDigits: string;
  whatsappMessage: string;
  email: string;
  address: Omit<SiteConfig["address"], "country">;
  hours: WeeklyHours;
  social: SocialLinks;
  /** Who receives the quote requests by e-mail (at least one). */
  quoteRecipients: string[];
  privacyContact: PrivacyContact;
  quoteServices: string[];
  /** The e-mail that tells a visitor their request arrived (sent only when SMTP is set up). */
  visitorConfirmation: VisitorConfirmation;
}

export interface VisitorConfirmation {
  enabled: boolean;
  /** The message's own words; the greeting, the request's summary and the signature frame it. */
  text: string;
}

export const DEFAULT_CONFIRMATION_TEXT =
  "Recebemos o seu pedido de orçamento. Nossa equipe vai analisá-lo e entrar em contato em até 24 horas para agendar uma visita técnica.";

/** On by default: it goes out as soon as e-mail is configured. */
export const defaultVisitorConfirmation: VisitorConfirmation = {
  enabled: true,
  text: DEFAULT_CONFIRMATION_TEXT,
};

// The settings form's fields (/admin/configuracoes), shared by the page and the server that
// checks them.

const hourFieldOf = (day: Weekday) => `hours${day[0]?.toUpperCase()}${day.slice(1)}` as HoursField;
type HoursField = `hours${Capitalize<Weekday>}`;

/** The field holding a weekday's ranges, e.g. "hoursMonday". */
export const hoursField: Record<Weekday, HoursField> = Object.fromEntries(
  weekdays.map((day) => [day, hourFieldOf(day)]),
) as Record<Weekday, HoursField>;

export const settingsFields = [
  "name",
  "legalName",
  "cnpj",
  "phoneDisplay",
  "whatsappDigits",
  "whatsappMessage",
  "email",
  "street",
  "number",
  "district",
  "city",
  "state",
  "postalCode",
  ...weekdays.map(hourFieldOf),
  "instagram",
  "facebook",
  "linkedin",
  "youtube",
  "quoteRecipients",
  "quoteServices",
  "privacyName",
  "privacyEmail",
  "confirmationEnabled",
  "confirmationText",
] as const;

export type SettingsField = (typeof settingsFields)[number];
export type SettingsValues = Record<SettingsField, string>;

/** Longest accepted value per field, in characters (the inputs carry the same maxlength). */
export const settingsMaxLength: Record<SettingsField, number> = {
  name: 120,
  legalName: 200,
  cnpj: 20,
  phoneDisplay: 40,
  whatsappDigits: 25,
  whatsappMessage: 300,
  email: 254,
  street: 160,
  number: 20,
  district: 100,
  city: 100,
  state: 2,
  postalCode: 9,
  ...(Object.fromEntries(weekdays.map((day) => [hourFieldOf(day), 100])) as Record<HoursField, number>),
  instagram: 300,
  facebook: 300,
  linkedin: 300,
  youtube: 300,
  quoteRecipients: 2000,
  quoteServices: 2000,
  privacyName: 120,
  privacyEmail: 254,
  confirmationEnabled: 10,
  confirmationText: 2000,
};

/** Most e-mail addresses that receive the quote requests. */
export const MAX_QUOTE_RECIPIENTS = 10;
/** Most service options in the quote form. */
export const MAX_QUOTE_SERVICES = 20;
