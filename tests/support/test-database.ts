import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { dropSchema } from "../../harness/drop-schema";
import { type EngineName, requestedEngines } from "../../harness/test-engines";

export interface TestEngine {
  name: EngineName;
  /** Environment that points the app at a fresh, empty database. */
  env: Record<string, string>;
  /** Remove the database (temporary directory or schema). */
  drop: () => Promise<void>;
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
