import { rateLimitEventsFinder, teamAccountsFinder } from "../accounts/account-personal-data.server";
import { readCompanyMailWith } from "../email/company-mail.server";
import { outboxFinder } from "../email/outbox-personal-data.server";
import { leadEventsFinder, quoteRequestsFinder } from "../leads/lead-personal-data.server";
import { addMediaUsageFinder } from "../media/media-usage.server";
import { addPersonalDataFinder, auditEntriesFinder } from "../personal-data/personal-data-finders.server";
import { findPostUsages } from "../posts/post-media-usages.server";
import { findServiceUsages } from "../services/service-media-usages.server";
import { siteSettings } from "../settings/site-settings.server";
import { invitationsFinder } from "../team/invitation-personal-data.server";
import { findWorkUsages } from "../works/work-media-usages.server";

// What a lower domain asks of higher ones without importing them, filled in once at start: the
// outbox's company facts (settings), where library images are used (posts, services, works), where personal data is kept (leads,
// e-mail, team, accounts, each in its own folder). Kept in one place so that the folders of app/server stay
// acyclic and nothing is registered by an import's side effect.

let assembled = false;

/** Idempotent; the site's start calls it first, and so does the integration tests' setup. */
export function assembleRegistries(): void {
  if (assembled) return;
  assembled = true;
  for (const finder of [findPostUsages, findServiceUsages, findWorkUsages]) addMediaUsageFinder(finder);
  // In the erasure's order: a request's outbox rows and events go with it, the audit entries last.
  for (const finder of [
    quoteRequestsFinder,
    leadEventsFinder,
    outboxFinder,
    invitationsFinder,
    rateLimitEventsFinder,
    teamAccountsFinder,
    auditEntriesFinder,
  ]) {
    addPersonalDataFinder(finder);
  }
  readCompanyMailWith(async () => {
    const settings = await siteSettings();
    return { to: settings.quoteRecipients, site: settings.site };
  });
}
