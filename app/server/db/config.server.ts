import {
  configurationFrom,
  type DatabaseConfig,
  type EnvironmentVariables,
} from "../config/configuration.server.ts";

export type { DatabaseConfig };

/**
 * The database an environment map names (tests and the maintenance commands that take one):
 * SQLite at $DATA_DIR/site.db, or PostgreSQL when DATABASE_URL is set, checked by the one
 * configuration schema.
 */
export function databaseConfigFromEnv(env: EnvironmentVariables): DatabaseConfig {
  return configurationFrom(env).database;
}

/** For logs: never print a password. */
export function describeDatabase(config: DatabaseConfig): string {
  if (config.engine === "sqlite") return `SQLite em ${config.path}`;
  const url = new URL(config.url);
  const schema = config.schema ? `, schema ${config.schema}` : "";
  return `PostgreSQL em ${url.hostname}:${url.port || 5432}${url.pathname}${schema}`;
}
