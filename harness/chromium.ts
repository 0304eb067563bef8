import path from "node:path";
import type { LaunchOptions } from "@playwright/test";

/** What Debian's Chromium needs on this machine: no downloads, no sandbox as root, no display. */
export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * What a test's browser context never uses but pays for: every new context (one per test)
 * starts the address bar's popups as web pages in a renderer of their own, and a spare renderer
 * for a next site that never comes. Without them a context costs about half the CPU
 * (docs/decisions/0050-a-lighter-browser-context.md).
 */
const unusedFeatures = [
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
  "WebUIOmniboxFullPopup",
  "SpareRendererForSitePerProcess",
];

/** Debian's Chromium for Playwright (`CHROMIUM_PATH` names another binary). */
export const chromiumLaunchOptions: LaunchOptions = {
  // Joins Playwright's --disable-features list and ours into one switch.
  executablePath: path.join(import.meta.dirname, "chromium-launcher"),
  args: [...chromiumFlags, `--disable-features=${unusedFeatures.join(",")}`],
};
