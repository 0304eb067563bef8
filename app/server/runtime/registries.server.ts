import { readCompanyMailWith } from "../email/company-mail.server";
import { siteSettings } from "../settings/site-settings.server";

// What a lower domain asks of higher ones without importing them, filled in once at start: the
// outbox's company facts (settings). Kept in one place so that the folders of app/server stay
// acyclic and nothing is registered by an import's side effect.

let assembled = false;

/** Idempotent; the site's start calls it first, and so does the integration tests' setup. */
export function assembleRegistries(): void {
  if (assembled) return;
  assembled = true;
  readCompanyMailWith(async () => {
    const settings = await siteSettings();
    return { to: settings.quoteRecipients, site: settings.site };
  });
}
