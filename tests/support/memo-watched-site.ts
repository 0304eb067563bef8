import { afterAll, beforeAll } from "vitest";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/connection.server";
import { type ContentChanges, startContentChanges } from "~/server/db/content-changes.server";
import { watchContentMemos } from "~/server/db/content-memo.server";
import { startDatabase, stopDatabase } from "~/server/db/database.server";
import type { TestEngine } from "./test-database";

// A data test's site as a running server has it: the database, the content-change feed and the
// memos following it (company settings, public reads); and a second connection that writes as
// another instance or a SQL console would.

export interface MemoWatchedSite {
  /** The app's own connection (`startDatabase`), which the feed watches. */
  server: DatabaseHandle;
  /** A second connection, writing as another instance would. */
  other: DatabaseHandle;
  changes: ContentChanges;
  /**
   * What the server knows when its next request arrives: on PostgreSQL every NOTIFY committed
   * so far has been delivered (settle), on SQLite a new turn of the event loop reads the table.
   */
  nextRequest: () => Promise<void>;
}

/**
 * Starts `engine`'s database, its feed and the memos before the suite's tests, and stops and
 * drops them after. Call it in a `describe` body; the handles are set once the tests run.
 */
export function memoWatchedSite(engine: TestEngine): MemoWatchedSite {
  let stopMemos = () => {};
  const site = {
    async nextRequest() {
      await site.changes.settle();
      await new Promise((resolve) => setImmediate(resolve));
    },
  } as MemoWatchedSite;
  beforeAll(async () => {
    site.server = await startDatabase(engine.env);
    site.other = await openDatabase(databaseConfigFromEnv(engine.env));
    site.changes = await startContentChanges(site.server);
    stopMemos = watchContentMemos(site.changes);
  });
  afterAll(async () => {
    stopMemos();
    await site.changes.stop();
    await site.other.close();
    await stopDatabase();
    await engine.drop();
  });
  return site;
}
