import { siteDefaults } from "~/config/site-env.server";
import { loadSessionKeyForCache } from "../accounts/session-token.server";
import { ensureFirstAdmin } from "../accounts/users.server";
import { configuration } from "../config/configuration.server";
import { startContentChanges } from "../db/content-changes.server";
import { watchContentMemos } from "../db/content-memo.server";
import { startDatabase, stopDatabase } from "../db/database.server";
import { type RenderCache, startRenderCache } from "../render-cache/render-cache.server";
import { setActiveVisitCounter, startVisitCounter, type VisitCounter } from "../visits/visit-counter.server";
import { startBackgroundWork } from "./background.server";
import { assembleRegistries } from "./registries.server";

// What a running site keeps going besides answering requests: the database connection, the
// change feed, the render cache, the content memos' hook on the feed, and the background work
// (the jobs: the outbox, housekeeping, the visit counts' writes). `npm run dev` starts them again
// exactly when this module or one it imports changed (scripts/dev.ts reads that from Vite's
// module graph), so no list of modules has to be kept by hand.

export interface ProcessServices {
  /** The cache the app is built with (`npm run dev` builds the app again on code changes). */
  renderCache: RenderCache;
  /** Counts page views and contact taps; undefined when counting is off. */
  visits: VisitCounter | undefined;
  stop: () => Promise<void>;
}

export interface ProcessServiceOptions {
  /** Count visits and contact taps (default). Off only for the benchmark's comparison run. */
  countVisits?: boolean;
}

/**
 * Open and migrate the database (seeding a new one), start the rest. The configuration was
 * checked before (serve-site.server.ts, scripts/dev.ts): here a malformed one would throw its
 * pt-BR list before anything is opened.
 */
export async function startProcessServices({
  countVisits = true,
}: ProcessServiceOptions = {}): Promise<ProcessServices> {
  assembleRegistries();
  const config = configuration();
  const handle = await startDatabase();
  // The render cache checks session cookies' signatures with this key, without a query.
  await loadSessionKeyForCache(handle.db);
  const changes = await startContentChanges(handle);
  const renderCache = startRenderCache(changes, config.renderCache);
  const stopMemos = watchContentMemos(changes);
  await ensureFirstAdmin(config.firstAdmin, siteDefaults(config).publicUrl);
  const visits = countVisits ? startVisitCounter() : undefined;
  const stopBackground = startBackgroundWork(config, visits ? [visits.job] : []);
  setActiveVisitCounter(visits);
  return {
    renderCache,
    visits,
    stop: async () => {
      // The last counts are written while the database is still open, after the jobs' last runs.
      setActiveVisitCounter(undefined);
      await stopBackground();
      await visits?.stop();
      stopMemos();
      await renderCache.stop();
      await changes.stop();
      await stopDatabase();
    },
  };
}
