import { configuration } from "../config/configuration.server";
import { mailConfig } from "../email/mail-config.server";
import { companyDefaults } from "../settings/company-defaults.server";
import type { SiteSettings } from "../settings/site-settings.server";

/**
 * The text of the confirmation e-mail a new request sends its visitor, or null when none goes:
 * the owner turned it off, or e-mail is not configured (a message queued without SMTP would
 * reach the visitor days late, whenever SMTP is set up).
 */
export function visitorConfirmationText(settings: Pick<SiteSettings, "visitorConfirmation">): string | null {
  if (!settings.visitorConfirmation.enabled) return null;
  return mailConfig(configuration(), companyDefaults()).enabled ? settings.visitorConfirmation.text : null;
}
