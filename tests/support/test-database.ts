import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { dropSchema } from "../../harness/drop-schema";

export interface TestEngine {
  name: "sqlite" | "postgres";
  /** Environment that points the app at a fresh, empty database. */
  env: Record<string, string>;
  /** Remove the database (temporary directory or schema). */
  drop: () => Promise<void>;
}

type EngineName = TestEngine["name"];

/**
 * The engines asked for: `TEST_ENGINES` ("sqlite", "postgres" or both, comma-separated), or by
 * default SQLite always and PostgreSQL when TEST_DATABASE_URL is set. CI's PostgreSQL pass sets
 * `TEST_ENGINES=postgres`: its SQLite side already ran in the SQLite pass.
 */
function requestedEngines(env: Record<string, string | undefined> = process.env): EngineName[] {
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

/** The engines data tests run on (see `requestedEngines`), each with a fresh database. */
export function testEngines(): TestEngine[] {
  const engines: TestEngine[] = [];
  const names = requestedEngines();
  if (names.includes("sqlite")) {
    const dir = mkdtempSync(path.join(tmpdir(), "site-test-"));
    engines.push({
      name: "sqlite",
      env: { DATA_DIR: dir },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    });
  }
  const url = process.env.TEST_DATABASE_URL;
  if (url && names.includes("postgres")) {
    const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    engines.push({
      name: "postgres",
      env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
      drop: () => dropSchema(url, schema),
    });
  }
  return engines;
}

/**
 * A fresh database for a server a test starts itself: a temporary SQLite directory (always set
 * as DATA_DIR, where the server also keeps its files), and a schema of its own in PostgreSQL
 * when the run is on PostgreSQL (DATABASE_URL set, as for the end-to-end suite).
 */
export function ownDatabase(prefix: string): { env: Record<string, string>; drop: () => Promise<void> } {
  const dir = mkdtempSync(path.join(tmpdir(), `site-${prefix}-`));
  const url = process.env.DATABASE_URL;
  const schema = `${prefix.replaceAll("-", "_")}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  return {
    env: url ? { DATA_DIR: dir, DATABASE_URL: url, DATABASE_SCHEMA: schema } : { DATA_DIR: dir },
    drop: async () => {
      if (url) await dropSchema(url, schema);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
