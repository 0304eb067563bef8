import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// Kept apart from vite.config.ts so the React Router plugin does not load in unit tests.
//
// Three projects, so each test runs where it means something (docs/testing.md, "Which tests run where"):
// - "unit": pure functions and files that mean the same on both engines; the SQLite pass runs
//   them, the PostgreSQL pass does not.
// - "store": tests that read or write the database, each on the engines `testEngines()` gives
//   (TEST_ENGINES, or SQLite plus PostgreSQL when TEST_DATABASE_URL is set).
// - "resilience": the clock-bound scenarios (a database outage, a rolling restart, a crash,
//   two instances publishing on schedule), each on the engines it is about. They mostly wait.
const engineIndependent = [
  // Configuration parsing, the backup and maintenance scripts of a SQLite site: no store of
  // the run's engine is involved.
  "tests/integration/configuration.test.ts",
  "tests/integration/maintenance-scripts.test.ts",
  "tests/integration/backup.test.ts",
  // Debian's sqlite3 on a SQLite site's file.
  "tests/integration/sqlite-tools.test.ts",
  // The pruned production install serving a SQLite site.
  "tests/integration/production-install.test.ts",
  // The image process: no store.
  "tests/integration/image-worker.test.ts",
  // A render-cache hit's bytes, whoever sends them: the HTTP layer, on a SQLite site.
  "tests/integration/stored-page-answer.test.ts",
];
const clockBound = [
  "tests/integration/database-outage.test.ts",
  "tests/integration/rolling-restart.test.ts",
  "tests/integration/crash.test.ts",
  "tests/integration/scheduling-instances.test.ts",
];

/**
 * The clock-bound files first, so their waits overlap everything else instead of ending the
 * run; then Vitest's own order (slowest known first).
 */
class ClockBoundFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waits = (file: TestSpecification) => file.project.name === "resilience";
    return [...sorted.filter(waits), ...sorted.filter((file) => !waits(file))];
  }
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    globalSetup: ["tests/support/production-build.ts"],
    // Every file has its own database (a temporary directory, a PostgreSQL schema) and ports,
    // and most of their time is spent waiting on servers, so files run side by side, more of
    // them than there are cores (Vitest's default is one fewer than the cores: 1 on 2 cores).
    maxWorkers: Math.max(4, availableParallelism()),
    sequence: { sequencer: ClockBoundFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/unit/**/*.test.ts",
            ...engineIndependent,
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "store",
          include: ["tests/integration/**/*.test.ts"],
          // The domains' registries, which the site's start fills in (app/server/runtime/registries.server.ts).
          setupFiles: ["tests/support/assemble-registries.ts"],
          exclude: [...engineIndependent, ...clockBound],
        },
      },
      {
        extends: true,
        test: {
          name: "resilience",
          include: clockBound,
          setupFiles: ["tests/support/assemble-registries.ts"],
        },
      },
    ],
  },
});
