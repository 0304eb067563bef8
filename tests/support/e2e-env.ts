import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// One fresh database per end-to-end run: a temporary SQLite directory, or, when DATABASE_URL
// points at PostgreSQL, a fresh schema in it. Set once in the runner process; workers inherit
// the environment, so the server and the tests open the same database.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "site-e2e-"));
process.env.E2E_DATABASE_SCHEMA ??= `e2e_${Date.now().toString(36)}_${process.pid}`;

/** Where the shared end-to-end server listens (playwright.config.ts starts it). */
export const e2ePort = Number(process.env.E2E_PORT ?? 4317);
export const e2eBaseUrl = `http://127.0.0.1:${e2ePort}`;

export const e2eDatabaseEnv: Record<string, string> = {
  DATA_DIR: process.env.E2E_DATA_DIR,
  ...(process.env.DATABASE_URL
    ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: process.env.E2E_DATABASE_SCHEMA }
    : {}),
};

/** This end-to-end run is the PostgreSQL pass (DATABASE_URL set), not the SQLite one. */
export const e2eOnPostgres = Boolean(process.env.DATABASE_URL);

/**
 * Why a test is skipped in the PostgreSQL pass: what it checks (markup, headers, a browser's
 * behaviour, a refusal before any query) is the same on both engines, and the SQLite pass
 * runs it.
 */
export const SAME_ON_BOTH_ENGINES = "the same on both engines: runs once, in the SQLite pass";
