// The front door of settings/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import settings/'s files directly (docs/decisions/0083-domain-front-doors.md).
export { companyDefaults } from "./company-defaults.server";
export { saveSettings } from "./settings-commands.server";
export { settingsFormValues } from "./settings-form.server";
export { companySettingsInForce, siteSettings } from "./site-settings.server";
