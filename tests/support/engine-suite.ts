import { afterAll, beforeAll, describe } from "vitest";
import { startDatabase, stopDatabase } from "~/server/db/database.server";
import { type TestEngine, testEngines } from "./test-database";

// Vitest only (Playwright must not load it): the set-up every store test repeated.

/**
 * A suite run once per engine (`testEngines()`), titled "<title> on <engine>", with the app's
 * database started on a fresh database before it, and stopped and dropped after it.
 */
export function describeOnEachEngine(title: string, suite: (engine: TestEngine) => void): void {
  describe.each(testEngines())(`${title} on $name`, (engine) => {
    beforeAll(async () => {
      await startDatabase(engine.env);
    });
    afterAll(async () => {
      await stopDatabase();
      await engine.drop();
    });
    suite(engine);
  });
}
