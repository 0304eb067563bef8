import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { Kysely } from "kysely";
import { logEvent } from "../platform/log.server.ts";
import type { DatabaseConfig } from "./config.server";
import { NodeSqliteDialect, openNodeSqlite } from "./node-sqlite-dialect.server.ts";
import { ensurePrivateDatabaseFile, ensurePrivateDirectory } from "./private-files.server.ts";
import type { Database } from "./schema";
import { SiteSchemaPostgresDialect } from "./site-schema-dialect.server.ts";
import { SIDE_FILES } from "./sqlite-files.server.ts";

/**
 * The PostgreSQL driver, loaded when a PostgreSQL database is opened: a site on SQLite never
 * holds it in memory. PostgreSQL hands back timestamptz as Date and bigint (count) as string;
 * they are made to match what SQLite returns (ISO text with a Z, as the application writes it,
 * and numbers), once, at the edge of the data layer, so the row types in schema.ts hold on both
 * engines.
 */
export async function postgresDriver(): Promise<typeof import("pg").default> {
  const { default: pg } = await import("pg");
  pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (value) => new Date(value).toISOString());
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  return pg;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  config: DatabaseConfig;
  /** The SQLite connection itself, for the few synchronous reads that must cost microseconds. */
  sqlite?: DatabaseSync;
  /** PostgreSQL's pool: connections open, idle, and queries waiting for one (for /metrics). */
  poolUse?: () => { total: number; idle: number; waiting: number };
  close: () => Promise<void>;
}

export class DatabaseOpenError extends Error {}

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.engine === "sqlite") {
    try {
      // Personal data (LGPD): the directory 0700 and the files 0600, whatever the umask.
      ensurePrivateDirectory(path.dirname(config.path));
      ensurePrivateDatabaseFile(config.path, SIDE_FILES);
      const native = openNodeSqlite({ path: config.path });
      const db = new Kysely<Database>({ dialect: new NodeSqliteDialect(native) });
      return { db, config, sqlite: native, close: () => db.destroy() };
    } catch (error) {
      throw new DatabaseOpenError(
        `Não foi possível abrir o banco SQLite em ${config.path}: ${(error as Error).message}`,
      );
    }
  }

  const schema = config.schema;
  try {
    const pg = await postgresDriver();
    if (schema) {
      const admin = new pg.Client({ connectionString: config.url });
      await admin.connect();
      try {
        await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      } finally {
        await admin.end();
      }
    }
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      options: schema ? `-c search_path="${schema}"` : undefined,
    });
    // An idle connection the server dropped (a restart, a network cut) is reported here; without a
    // listener it would end the process. The pool opens a new one for the next query.
    const connectionLost = (error: Error) => {
      logEvent("warn", "database connection lost; the next query opens a new one", { error: error.message });
    };
    pool.on("error", connectionLost);
    // A connection in use between two queries (inside a transaction) reports its loss on the
    // client itself; the transaction's next query fails and is rolled back by the server.
    pool.on("connect", (client) => {
      client.on("error", connectionLost);
    });
    // Fail now, with a clear message, rather than on the first page view.
    const client = await pool.connect();
    client.release();
    const db = new Kysely<Database>({ dialect: new SiteSchemaPostgresDialect({ pool }, schema ?? "public") });
    const poolUse = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, config, poolUse, close: () => db.destroy() };
  } catch (error) {
    throw new DatabaseOpenError(`Não foi possível conectar ao PostgreSQL: ${(error as Error).message}`);
  }
}
