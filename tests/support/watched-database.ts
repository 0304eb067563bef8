import { afterAll, beforeAll, expect } from "vitest";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/connection.server";
import { type ContentChangeFeed, watchContentChanges } from "~/server/db/content-changes.server";
import { startDatabase, stopDatabase } from "~/server/db/database.server";
import type { TestEngine } from "./test-database";

// A data test's database with the render cache's content-change feed watching it: what the
// triggers announce for a change, whoever makes it (the app, a script, another instance).

export interface WatchedDatabase {
  /** The app's own connection (`startDatabase`), which the feed watches. */
  server: DatabaseHandle;
  /** A second connection, writing as a script or another instance would. */
  other: DatabaseHandle;
  feed: ContentChangeFeed;
  /** The tags of each change announced ("*" for "everything"), oldest first. */
  announced: string[][];
  /** The tags announced for what `write` did, sorted, each once. */
  tagsAfter: (write: () => Promise<unknown>) => Promise<string[]>;
}

/**
 * Starts `engine`'s database before the suite's tests (migrated, with a second connection and
 * the feed) and stops and drops it after them. Call it in a `describe` body; the handles are
 * set once the suite's tests run.
 */
export function watchedDatabase(engine: TestEngine): WatchedDatabase {
  const announced: string[][] = [];
  const watched = {
    announced,
    async tagsAfter(write: () => Promise<unknown>) {
      await watched.feed.settle();
      watched.feed.isCurrent();
      announced.length = 0;
      await write();
      // settle: on PostgreSQL, every NOTIFY committed before it has arrived; isCurrent: on
      // SQLite, the rows the triggers wrote are read.
      await watched.feed.settle();
      expect(watched.feed.isCurrent()).toBe(true);
      return [...new Set(announced.flat())].sort();
    },
  } as WatchedDatabase;
  beforeAll(async () => {
    watched.server = await startDatabase(engine.env);
    watched.other = await openDatabase(databaseConfigFromEnv(engine.env));
    watched.feed = await watchContentChanges(watched.server, (change) => {
      announced.push(change === "everything" ? ["*"] : change.tags);
    });
  });
  afterAll(async () => {
    await watched.feed.stop();
    await watched.other.close();
    await stopDatabase();
    await engine.drop();
  });
  return watched;
}
