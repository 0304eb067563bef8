// The database engines a test run covers, for the test runner (scripts/test.ts) and for the
// tests themselves (tests/support/test-database.ts). No imports: both load it.

export type EngineName = "sqlite" | "postgres";

/**
 * The engines asked for: `TEST_ENGINES` ("sqlite", "postgres" or both, comma-separated), or by
 * default SQLite always and PostgreSQL when TEST_DATABASE_URL is set. CI's PostgreSQL pass sets
 * `TEST_ENGINES=postgres`: its SQLite side already ran in the SQLite pass.
 */
export function requestedEngines(env: Record<string, string | undefined> = process.env): EngineName[] {
  const listed = env.TEST_ENGINES?.split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (!listed?.length) return env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
  for (const name of listed) {
    if (name !== "sqlite" && name !== "postgres") {
      throw new Error(`TEST_ENGINES: unknown engine "${name}" (sqlite or postgres)`);
    }
  }
  // Asked for and not reachable is an error, never a silent skip.
  if (listed.includes("postgres") && !env.TEST_DATABASE_URL) {
    throw new Error("TEST_ENGINES names postgres but TEST_DATABASE_URL is not set");
  }
  return listed as EngineName[];
}
