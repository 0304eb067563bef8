import { siteDefaults } from "~/config/site-env.server";
import { defaultSite, type SiteConfig } from "~/lib/company-settings";
import {
  type Configuration,
  configuration,
  configurationFrom,
  type EnvironmentVariables,
} from "../config/configuration.server";

// The company facts before the owner's settings: the code's defaults with the environment's
// SITE_* values over them (checked at start, app/server/config/configuration.server.ts), and the
// deployment's PUBLIC_URL and HERO_VIDEO_URL. What the owner saves in /admin/configuracoes wins
// over all but the deployment (site-settings.server.ts).

/**
 * The facts when the owner's settings cannot be read (the database away) or before them (the
 * sender's name of the e-mail configuration). Pages read `siteSettings()`.
 */
export function companyDefaults(config: Configuration = configuration()): SiteConfig {
  const { site } = config;
  const email = site.email ?? defaultSite.email;
  return {
    ...defaultSite,
    ...siteDefaults(config),
    name: site.name ?? defaultSite.name,
    phoneDigits: site.phoneDigits ?? defaultSite.phoneDigits,
    phoneDisplay: site.phoneDisplay ?? defaultSite.phoneDisplay,
    whatsappDigits: site.whatsappDigits ?? site.phoneDigits ?? defaultSite.whatsappDigits,
    whatsappMessage: site.whatsappMessage ?? defaultSite.whatsappMessage,
    email,
    privacyContact: { ...defaultSite.privacyContact, email },
  };
}

/** The facts an environment map gives (tests); throws the configuration's pt-BR problems. */
export function siteFromEnv(env: EnvironmentVariables): SiteConfig {
  return companyDefaults(configurationFrom(env));
}
