import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { childEnvironment } from "../config/configuration.server.ts";
import { backupTimestamp } from "./backup.server.ts";
import { BackupError } from "./backup-checks.server.ts";
import type { DatabaseConfig } from "./config.server.ts";
import { pgDumpExclusions } from "./rows-left-out-of-backups.server.ts";

// `npm run db:backup -- --pg-dump` on PostgreSQL: pg_dump's custom format (consistent while the
// site runs), checked by reading its table of contents back with pg_restore, then renamed to
// its final name, as the SQLite backup does; without the rows no backup holds (visit counting's
// salts, rows-left-out-of-backups.server.ts). The connection's password goes to pg_dump in its
// environment, never on a command line another user could read.

type PostgresConfig = Extract<DatabaseConfig, { engine: "postgres" }>;

export interface PostgresBackupResult {
  file: string;
  bytes: number;
  milliseconds: number;
  /** Tables whose rows the dump holds. */
  tables: number;
}

/** libpq's variables for a postgres:// URL. */
export function libpqEnvironment(url: string): Record<string, string> {
  const parsed = new URL(url);
  const env: Record<string, string> = {};
  const socketDir = parsed.searchParams.get("host");
  if (parsed.hostname || socketDir) env.PGHOST = parsed.hostname || (socketDir as string);
  if (parsed.port) env.PGPORT = parsed.port;
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ""));
  if (database) env.PGDATABASE = database;
  const sslmode = parsed.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

function run(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: childEnvironment(env),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Dump the site's PostgreSQL database (its schema only, with DATABASE_SCHEMA) into `folder`. */
export async function backupPostgresDatabase(
  config: PostgresConfig,
  folder: string,
  now: Date = new Date(),
): Promise<PostgresBackupResult> {
  const started = Date.now();
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new BackupError(`Não foi possível criar a pasta ${folder}: ${(error as Error).message}.`);
  }
  let file = path.join(folder, `site-${backupTimestamp(now)}.dump`);
  for (let n = 2; existsSync(file); n++) file = path.join(folder, `site-${backupTimestamp(now)}-${n}.dump`);
  const partial = `${file}.partial`;
  const env = libpqEnvironment(config.url);
  const schema = config.schema ? [`--schema=${config.schema}`] : [];
  let dump: { code: number; output: string };
  try {
    dump = await run(
      "pg_dump",
      ["--format=custom", "--no-owner", ...schema, ...pgDumpExclusions, `--file=${partial}`],
      env,
    );
  } catch {
    throw new BackupError(
      "O pg_dump não foi encontrado. Instale o cliente do PostgreSQL (apt install postgresql-client) na mesma versão principal do servidor, ou mais nova.",
    );
  }
  if (dump.code !== 0) {
    rmSync(partial, { force: true });
    throw new BackupError(`O pg_dump falhou: ${dump.output.trim()}`);
  }
  const list = await run("pg_restore", ["--list", partial], {});
  const tables = list.output.split("\n").filter((line) => / TABLE DATA /.test(line)).length;
  if (list.code !== 0 || tables === 0) {
    rmSync(partial, { force: true });
    throw new BackupError(`O backup não pôde ser lido de volta pelo pg_restore: ${list.output.trim()}`);
  }
  renameSync(partial, file);
  return { file, bytes: statSync(file).size, milliseconds: Date.now() - started, tables };
}

/**
 * Keep the newest `keep` finished backups (site-*.db or site-*.dump) in `folder`, delete the
 * rest; returns what was deleted. Names sort by date (backupTimestamp).
 */
export function pruneBackups(folder: string, keep: number): string[] {
  if (!existsSync(folder)) return [];
  const finished = readdirSync(folder)
    .filter((name) => /^site-\d{8}-\d{6}(-\d+)?\.(db|dump)$/.test(name))
    .sort();
  const old = finished.slice(0, Math.max(0, finished.length - keep));
  for (const name of old) rmSync(path.join(folder, name), { force: true });
  return old;
}
