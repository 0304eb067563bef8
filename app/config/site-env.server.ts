import type { SiteConfig } from "~/lib/company-settings";
import { type Configuration, configuration } from "~/server/config/index.server";

// What the deployment decides about the site, not the owner (docs/decisions/0082): the address
// it answers at and the hero video it serves, from PUBLIC_URL and HERO_VIDEO_URL. The company
// facts (name, phones, e-mail, address…) are the settings service's (app/server/settings/).

/** The site's deployment: where it is published, and its optional hero video. */
export type SiteDeployment = Pick<SiteConfig, "publicUrl" | "heroVideoUrl">;

/** The deployment's part of the site, as the configuration (checked at start) sets it. */
export function siteDefaults({ site }: Configuration = configuration()): SiteDeployment {
  return { publicUrl: site.publicUrl, heroVideoUrl: site.heroVideoUrl ?? null };
}
