import { type Weekday, weekdays } from "./opening-hours";

// The fields of the company settings form (/admin/configuracoes), shared by the page and the
// server that checks them.

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
