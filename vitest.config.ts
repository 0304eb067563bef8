import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so the React Router plugin does not load in unit tests.
//
// Two projects, so each test runs where it means something (README, "Which tests run where"):
// - "unit": pure functions and files that mean the same on both engines; the SQLite pass runs
//   them, the PostgreSQL pass does not.
// - "store": tests that read or write the database, each on the engines `testEngines()` gives
//   (TEST_ENGINES, or SQLite plus PostgreSQL when TEST_DATABASE_URL is set).
const engineIndependent = [
  // Configuration parsing, the backup and maintenance scripts of a SQLite site: no store of
  // the run's engine is involved.
  "tests/integration/configuration.test.ts",
  "tests/integration/maintenance-scripts.test.ts",
  "tests/integration/backup.test.ts",
  // Debian's sqlite3 on a SQLite site's file.
  "tests/integration/sqlite-tools.test.ts",
];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    globalSetup: ["tests/support/production-build.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "tests/unit/**/*.test.ts", ...engineIndependent],
        },
      },
      {
        extends: true,
        test: { name: "store", include: ["tests/integration/**/*.test.ts"], exclude: engineIndependent },
      },
    ],
  },
});
