import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./harness/chromium";
import { serverStartCommand } from "./harness/start-command";
import { E2E_ADMIN } from "./tests/support/e2e-admin";
import { e2eBaseUrl, e2eDatabaseEnv, e2eOnPostgres, e2ePort } from "./tests/support/e2e-env";

const start = serverStartCommand();
export const baseURL = e2eBaseUrl;
/**
 * The shared server's minimum fill time for the quote form: none, so tests that send a quote do
 * not each wait 3 seconds. The rule itself is tested on a server of its own
 * (tests/e2e/quote.spec.ts, "a form sent too fast").
 */
export const SHARED_SERVER_MIN_FILL_MS = 0;

// Each test runs where it means something (docs/testing.md, "Which tests run where"). The PostgreSQL
// pass leaves out what is the same on both engines: these files (public markup, SEO, headers,
// the dev server, React Router's seams, the typing guard) and every axe scan. Tests that go
// through the store run in both passes; a file can skip parts itself (SAME_ON_BOTH_ENGINES).
const sameOnBothEngines = [
  "accessibility.spec.ts",
  "layout.spec.ts",
  "pages.spec.ts",
  "seo.spec.ts",
  "security-headers.spec.ts",
  "dev-server.spec.ts",
  "react-router-seams.spec.ts",
  "typing-guard.spec.ts",
];
const axeScan = /axe violation|pass(es)? axe/;

export default defineConfig({
  testDir: "tests/e2e",
  testIgnore: e2eOnPostgres ? sameOnBothEngines : [],
  grepInvert: e2eOnPostgres ? axeScan : undefined,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : "list",
  use: {
    baseURL,
    // The site's smooth scrolling and transitions stop for a visitor who asks for less motion.
    // Tests assert what a page says and does, not how it moves: with motion on, every scroll into
    // view animates and Playwright waits frame after frame for the element to hold still, about a
    // tenth of the end-to-end run's CPU (docs/decisions/0085-tests-in-reduced-motion.md). A test
    // about motion itself sets `reducedMotion: "no-preference"`.
    reducedMotion: "reduce",
    launchOptions: chromiumLaunchOptions,
    // A trace records every action of every test, and its screencast alone costs a quarter of the
    // e2e run's CPU. CI prints text and keeps no files, so there it records none; on a developer's
    // machine a failed test keeps a trace of DOM snapshots (no screencast). `--trace on` records
    // everything for a run (docs/decisions/0049-test-run-overlaps-and-traces.md).
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false, snapshots: true },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions } },
  ],
  globalTeardown: "./tests/support/e2e-teardown.ts",
  webServer: {
    // Builds when sources changed, then serves the production build.
    command: `node scripts/build-if-needed.ts && node ${start.args.join(" ")}`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      ...start.env,
      PORT: String(e2ePort),
      HOST: "127.0.0.1",
      // A developer's .env never reaches the tests' server (scripts/env-file.js).
      ENV_FILE: "",
      PUBLIC_URL: "https://www.exemplo-condominio.com.br",
      // Every test posts the quote form from 127.0.0.1; the limit itself is tested on a
      // server of its own (tests/e2e/quote.spec.ts).
      QUOTE_RATE_LIMIT_PER_HOUR: "1000",
      QUOTE_MIN_FILL_SECONDS: String(SHARED_SERVER_MIN_FILL_MS / 1000),
      // The admin the server creates on its first start (the user table is empty).
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ...e2eDatabaseEnv,
    },
  },
});
