import {
  type Configuration,
  configuration,
  configurationFrom,
  type EnvironmentVariables,
} from "~/server/config/configuration.server";
import { defaultSite, type SiteConfig } from "./site";

// The company facts as the environment sets them: the code's defaults with the SITE_* overrides
// of the configuration (checked at start, app/server/config/configuration.server.ts).
// PUBLIC_URL and HERO_VIDEO_URL belong to the deployment; the SITE_* values are only defaults:
// what the owner saves in /admin/configuracoes wins (app/server/settings/site-settings.server.ts).

export function siteFromConfiguration({ site }: Configuration): SiteConfig {
  const email = site.email ?? defaultSite.email;
  return {
    ...defaultSite,
    publicUrl: site.publicUrl,
    name: site.name ?? defaultSite.name,
    phoneDigits: site.phoneDigits ?? defaultSite.phoneDigits,
    phoneDisplay: site.phoneDisplay ?? defaultSite.phoneDisplay,
    whatsappDigits: site.whatsappDigits ?? site.phoneDigits ?? defaultSite.whatsappDigits,
    whatsappMessage: site.whatsappMessage ?? defaultSite.whatsappMessage,
    email,
    privacyContact: { ...defaultSite.privacyContact, email },
    heroVideoUrl: site.heroVideoUrl ?? defaultSite.heroVideoUrl,
  };
}

/** The facts an environment map gives (tests); throws the configuration's pt-BR problems. */
export function siteFromEnv(env: EnvironmentVariables): SiteConfig {
  return siteFromConfiguration(configurationFrom(env));
}

const memo = new WeakMap<Configuration, SiteConfig>();
/**
 * The facts before the owner's settings: the code's defaults with the environment's overrides.
 * Read it directly only for what the environment alone decides (PUBLIC_URL); the company facts
 * a page or an e-mail shows come from `siteSettings()`.
 */
export function siteDefaults(config: Configuration = configuration()): SiteConfig {
  let site = memo.get(config);
  if (!site) {
    site = siteFromConfiguration(config);
    memo.set(config, site);
  }
  return site;
}
