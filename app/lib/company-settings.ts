import type { PrivacyContact, SiteConfig, SocialLinks } from "~/config/site";
import type { WeeklyHours } from "./opening-hours";

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

/** The facts a page shows, with the owner's settings over the defaults. */
export function siteWithSettings(defaults: SiteConfig, saved: Partial<CompanySettings>): SiteConfig {
  const { quoteRecipients: _private, visitorConfirmation: _mail, address, ...facts } = saved;
  const site: SiteConfig = { ...defaults, ...definedOnly(facts) };
  if (address) site.address = { ...address, country: defaults.address.country };
  // The short name is the name's first word ("Alvorada"), as in the defaults.
  if (saved.name && saved.name !== defaults.name) site.shortName = saved.name.split(/\s+/)[0] ?? saved.name;
  return site;
}

/** The current values of every setting, for the form: `quoteRecipients` as they apply now. */
export function companySettingsOf(
  site: SiteConfig,
  quoteRecipients: string[],
  visitorConfirmation: VisitorConfirmation = defaultVisitorConfirmation,
): CompanySettings {
  const { country: _country, ...address } = site.address;
  return {
    name: site.name,
    legalName: site.legalName,
    cnpj: site.cnpj,
    phoneDisplay: site.phoneDisplay,
    phoneDigits: site.phoneDigits,
    whatsappDigits: site.whatsappDigits,
    whatsappMessage: site.whatsappMessage,
    email: site.email,
    address,
    hours: site.hours,
    social: site.social,
    quoteRecipients,
    privacyContact: site.privacyContact,
    quoteServices: site.quoteServices,
    visitorConfirmation,
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
