import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BenchServer, startBenchServer } from "../../harness/bench-server.ts";
import { buildIfNeeded } from "../../harness/built-site.ts";
import { type BenchDatabase, postgresDatabase, sqliteDatabase } from "../bench-database.ts";
import { type MachineReference, measureMachine } from "../bench-machine.ts";
import { cleanups } from "../cleanups.ts";
import type { Options } from "./options.ts";

/** What every scenario of a run shares: its options, its scratch directory, database and servers. */
export interface BenchRun {
  options: Options;
  workDir: string;
  database: BenchDatabase;
  /** Measured while the machine is otherwise idle, before the database and the servers. */
  machine: MachineReference;
  /** Servers whose log to show when requests failed. */
  servers: Array<{ name: string; server: BenchServer }>;
  startServer: (
    name: string,
    env: Record<string, string>,
    logName: string,
    entry?: string,
  ) => Promise<BenchServer>;
}

/** Builds if needed and makes the run's directory and database (removed by `cleanUp`). */
export function startBenchRun(options: Options): BenchRun {
  // The "cached" server must run with the render cache's default, whatever this shell says.
  delete process.env.RENDER_CACHE;

  buildIfNeeded();
  const workDir = mkdtempSync(path.join(os.tmpdir(), "site-bench-"));
  cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));
  const database = options.pg ? postgresDatabase() : sqliteDatabase(workDir);
  cleanups.push(database.drop);

  const servers: BenchRun["servers"] = [];
  async function startServer(name: string, env: Record<string, string>, logName: string, entry?: string) {
    const server = await startBenchServer(env, path.join(workDir, logName), entry);
    cleanups.push(() => server.stop());
    servers.push({ name, server });
    return server;
  }
  return { options, workDir, database, machine: measureMachine(), servers, startServer };
}
