import { configurationFrom, replaceConfiguration } from "~/server/config/configuration.server";

// The site reads its configuration once; a test that changes a setting mid-file installs a new
// one, from the process's environment with the test's own values on top.

let overrides: Record<string, string | undefined> = {};

/** From now on, the configuration with these variables set (or unset, with undefined). */
export function configureWith(values: Record<string, string | undefined>): void {
  overrides = { ...overrides, ...values };
  replaceConfiguration(configurationFrom({ ...process.env, ...overrides }));
}

/** Back to the process's environment alone. */
export function resetConfiguration(): void {
  overrides = {};
  replaceConfiguration(configurationFrom(process.env));
}
