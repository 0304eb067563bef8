import { defineConfig, devices } from "@playwright/test";
import { serverStartCommand } from "./scripts/start-command";
import { chromiumLaunchOptions } from "./tests/support/chromium";
import { E2E_ADMIN } from "./tests/support/e2e-admin";
import { e2eDatabaseEnv } from "./tests/support/e2e-env";

const port = Number(process.env.E2E_PORT ?? 4317);
const start = serverStartCommand();
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : "list",
  use: {
    baseURL,
    launchOptions: chromiumLaunchOptions,
    trace: "retain-on-failure",
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
      PORT: String(port),
      HOST: "127.0.0.1",
      // A developer's .env never reaches the tests' server (scripts/env-file.js).
      ENV_FILE: "",
      PUBLIC_URL: "https://www.exemplo-condominio.com.br",
      // Every test posts the quote form from 127.0.0.1; the limit itself is tested on a
      // server of its own (tests/e2e/quote.spec.ts).
      QUOTE_RATE_LIMIT_PER_HOUR: "1000",
      // The admin the server creates on its first start (the user table is empty).
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ...e2eDatabaseEnv,
    },
  },
});
