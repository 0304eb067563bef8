import { statfsSync } from "node:fs";
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

/** At least this much free in /dev/shm and Chromium keeps its shared memory there. */
const ROOMY_DEV_SHM_BYTES = 1024 ** 3;

/**
 * Whether /dev/shm can hold Chromium's shared memory. Playwright moves it to /tmp
 * (`--disable-dev-shm-usage`) for containers whose /dev/shm is 64 MB; where /tmp is on disk,
 * every frame and message a renderer shares becomes a file there, and a test file took about
 * 13 % longer (docs/decisions/0067-chromium-shared-memory.md).
 */
function devShmIsRoomy(): boolean {
  try {
    const fs = statfsSync("/dev/shm");
    return fs.bavail * fs.bsize >= ROOMY_DEV_SHM_BYTES;
  } catch {
    return false;
  }
}

/**
 * Debian's headless shell: the same Chromium (Blink, V8, the network stack) without the desktop
 * browser around it, which the tests never show and paid for in every context: a third of the
 * end-to-end run's CPU (docs/decisions/0086-tests-in-the-headless-shell.md). It is what
 * Playwright itself runs headless.
 */
export const DEBIAN_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const DEBIAN_HEADLESS_SHELL_PACKAGE = "chromium-headless-shell";

/**
 * The Chromium binary the tests start: `CHROMIUM_PATH`, or Debian's headless shell.
 * harness/chromium-launcher makes the same choice in the shell.
 */
export function chromiumPath(env: Record<string, string | undefined> = process.env): string {
  return env.CHROMIUM_PATH || DEBIAN_HEADLESS_SHELL;
}

/** Debian's Chromium headless shell for Playwright (`CHROMIUM_PATH` names another binary). */
export const chromiumLaunchOptions: LaunchOptions = {
  // Joins Playwright's --disable-features list and ours into one switch.
  executablePath: path.join(import.meta.dirname, "chromium-launcher"),
  ignoreDefaultArgs: devShmIsRoomy() ? ["--disable-dev-shm-usage"] : [],
  args: [...chromiumFlags, `--disable-features=${unusedFeatures.join(",")}`],
};
