import { ConfigurationError, loadConfiguration } from "~/server/config/configuration.server";
import { listenSite } from "~/server/http/listen-site.server";
import { logEvent } from "~/server/platform/log.server";
import type { ProcessServiceOptions } from "~/server/runtime/process-services.server";
import { startSite } from "./site.server";

// What server.js runs from the server bundle (server-bundle.server.ts). `npm run dev`
// (scripts/dev.ts) loads this same module through Vite, for the app and the listener.
export { listenSite } from "~/server/http/listen-site.server";
export { createSiteApp } from "./site.server";

/**
 * The production server (`npm start` runs server.js, which calls this): checks the configuration,
 * opens the site, listens on PORT and HOST, and shuts down gracefully on SIGTERM or SIGINT.
 * `options` are for the benchmark's comparison runs (scripts/bench-uncounted-server.js);
 * production passes none.
 */
export async function serveSite(options: ProcessServiceOptions = {}): Promise<void> {
  try {
    loadConfiguration();
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    // Every malformed variable at once, in plain lines, before anything is opened.
    process.stderr.write(`${error.message}
`);
    process.exit(1);
  }
  let site: Awaited<ReturnType<typeof startSite>>;
  try {
    site = await startSite(options);
  } catch (error) {
    logEvent("error", `Não foi possível iniciar o site.\n${(error as Error).message}`);
    process.exit(1);
  }
  listenSite({ fetch: site.app.fetch, answerStored: site.app.answerStored, stop: site.stop });
}
