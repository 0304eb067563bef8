import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import {
  type CompanySettings,
  defaultVisitorConfirmation,
  type SiteConfig,
  type VisitorConfirmation,
} from "~/lib/company-settings";
import { weekdays } from "~/lib/opening-hours";
import { configuration } from "../config/configuration.server";
import { contentMemo, forgetContent } from "../db/content-memo.server";
import { database } from "../db/database.server";
import { COMPANY_SETTINGS_KEY } from "../db/migrations/0007-company-settings.server";
import type { Database } from "../db/schema";
import { mailConfig } from "../email/mail-config.server";
import { logEvent } from "../platform/log.server";
import { companyDefaults } from "./company-defaults.server";

// The company facts in force, read through one function with one cache (docs/decisions/0082):
// the code's defaults, the environment's, the owner's saved row over both. The row is the
// `settings` table's "company" key; its trigger announces every change on the content-change
// feed, so each instance drops the memo when any of them (or a SQL console) saves.

/** The company facts in force: the code's defaults, the environment's, the owner's settings. */
export interface SiteSettings {
  /** What pages show (never carries the recipients: it reaches the browser). */
  site: SiteConfig;
  /**
   * Where quote requests are e-mailed, once the owner saved them; until then the
   * environment's LEADS_TO (or the site's e-mail) applies.
   */
  quoteRecipients: string[] | undefined;
  /** The visitor's confirmation e-mail: on or off, and its text. */
  visitorConfirmation: VisitorConfirmation;
}

// The stored row is read leniently: a value that does not fit (written by hand, or by an older
// version) falls back to its default instead of breaking every page. The admin's form
// (settings-form.server.ts) is where values are checked strictly.
const text = z.string().min(1).max(2000);
const range = z.object({
  opens: z.string().regex(/^\d{2}:\d{2}$/),
  closes: z.string().regex(/^\d{2}:\d{2}$/),
});
const profileUrl = z.string().regex(/^(?:https:\/\/[^\s"'<>]+)?$/);
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const storedSchema = z.object({
  name: lenient(text),
  legalName: lenient(text),
  cnpj: lenient(text),
  phoneDisplay: lenient(text),
  phoneDigits: lenient(z.string().regex(/^\d{10,15}$/)),
  whatsappDigits: lenient(z.string().regex(/^\d{10,15}$/)),
  whatsappMessage: lenient(text),
  email: lenient(z.email()),
  address: lenient(
    z.object({
      street: text,
      number: z.string().max(2000),
      district: text,
      city: text,
      state: text,
      postalCode: text,
    }),
  ),
  hours: lenient(z.object(Object.fromEntries(weekdays.map((day) => [day, z.array(range)])))),
  // Links go into href attributes: only https:// (or nothing), whoever wrote the row.
  social: lenient(
    z.object({
      instagram: profileUrl,
      facebook: profileUrl,
      linkedin: profileUrl,
      youtube: profileUrl,
    }),
  ),
  quoteRecipients: lenient(z.array(z.email()).min(1)),
  privacyContact: lenient(z.object({ name: z.string().max(2000), email: z.email() })),
  quoteServices: lenient(z.array(text).min(1)),
  visitorConfirmation: lenient(z.object({ enabled: z.boolean(), text })),
});

/** The saved settings in a stored row; the parts that do not fit are left out. */
export function parseStoredSettings(json: string): Partial<CompanySettings> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    logEvent("error", "company settings unreadable; using the defaults", {});
    return {};
  }
  const parsed = storedSchema.safeParse(value);
  if (!parsed.success) return {};
  return parsed.data as Partial<CompanySettings>;
}

/** The facts a page shows, with the owner's settings over the defaults. */
function siteWithSettings(defaults: SiteConfig, saved: Partial<CompanySettings>): SiteConfig {
  const { quoteRecipients: _private, visitorConfirmation: _mail, address, ...facts } = saved;
  const site: SiteConfig = { ...defaults, ...definedOnly(facts) };
  if (address) site.address = { ...address, country: defaults.address.country };
  // The short name is the name's first word ("Alvorada"), as in the defaults.
  if (saved.name && saved.name !== defaults.name) site.shortName = saved.name.split(/\s+/)[0] ?? saved.name;
  return site;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
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

/** Every setting as it applies now (the recipients from LEADS_TO until the owner saves them). */
export function companySettingsInForce(settings: SiteSettings): CompanySettings {
  const recipients = settings.quoteRecipients ?? mailConfig(configuration(), companyDefaults()).to;
  return companySettingsOf(settings.site, recipients, settings.visitorConfirmation);
}

async function loadSiteSettings(): Promise<SiteSettings> {
  const db = await database();
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", COMPANY_SETTINGS_KEY)
    .executeTakeFirst();
  const saved = row ? parseStoredSettings(row.value) : {};
  return {
    site: siteWithSettings(companyDefaults(), saved),
    quoteRecipients: saved.quoteRecipients,
    visitorConfirmation: saved.visitorConfirmation ?? defaultVisitorConfirmation,
  };
}

const memoised: () => Promise<SiteSettings> = contentMemo(loadSiteSettings);
const perRequest = new WeakMap<object, Promise<SiteSettings>>();

/**
 * The settings in force now: no query while nothing changed, memoised until the change feed
 * announces a change, whoever made it (this instance, another one, a SQL console). Given a
 * request's context (React Router's), the request keeps the value it read first, so its root
 * loader, its page's loader and its action all see the same facts.
 */
export function siteSettings(requestContext?: object): Promise<SiteSettings> {
  if (!requestContext) return memoised();
  let settings = perRequest.get(requestContext);
  if (!settings) {
    settings = memoised();
    perRequest.set(requestContext, settings);
  }
  return settings;
}

/**
 * Save every company setting at once (one statement: all or nothing). Within a transaction (a
 * command's, with its audit entry) the caller forgets the memo once it committed; on its own,
 * this instance sees the new values on its next request. The others see them when the change
 * feed tells them.
 */
export async function saveCompanySettings(
  settings: CompanySettings,
  within?: Kysely<Database> | Transaction<Database>,
): Promise<void> {
  const db = within ?? (await database());
  const value = JSON.stringify(settings);
  const updatedAt = new Date().toISOString();
  await db
    .insertInto("settings")
    .values({ key: COMPANY_SETTINGS_KEY, value, updated_at: updatedAt })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: updatedAt }))
    .execute();
  if (!within) forgetContent();
}
