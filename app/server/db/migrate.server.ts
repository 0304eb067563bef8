import { type MigrationProvider, Migrator } from "kysely/migration";
import type { DatabaseHandle } from "./connection.server";
import { migrationProvider } from "./migrations/index.server.ts";

export class MigrationError extends Error {}

/**
 * Apply pending migrations. Each runs in a transaction on both engines, so a failure leaves
 * the schema as it was before that migration, never half-changed.
 */
export async function migrateToLatest(
  handle: DatabaseHandle,
  provider: MigrationProvider = migrationProvider,
): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider,
    migrationTableName: "schema_migrations",
    // Kysely checks whether its tables exist across every schema, so another site's (or test
    // run's) tables in the same PostgreSQL database would fool it: name ours explicitly.
    migrationTableSchema:
      handle.config.engine === "postgres" ? (handle.config.schema ?? "public") : undefined,
    migrationLockTableName: "schema_migrations_lock",
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === "Error");
  if (error || failed) {
    const which = failed ? ` na migração ${failed.migrationName}` : "";
    throw new MigrationError(
      `Falha ao atualizar o banco de dados${which}: ${(error as Error | undefined)?.message ?? error}`,
    );
  }
  return results.filter((r) => r.status === "Success").map((r) => r.migrationName);
}
