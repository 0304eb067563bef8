// What the maintenance scripts use (scripts/db*.ts, scripts/admin-create.ts, the benchmark's
// database set-up). Node runs these modules as they are, TypeScript included, without building
// the site: they and everything they import use explicit .ts extensions, no ~/ alias and only
// erasable TypeScript (docs/decisions/0016-maintenance-scripts-without-build.md).

export { upsertAdmin } from "../accounts/users.server.ts";
export { adminCredentialsSchema } from "../config/admin-credentials.server.ts";
export { loadConfiguration } from "../config/configuration.server.ts";
export { runBackupCli, runRestoreCli } from "../db/backup-cli.server.ts";
export { databaseConfigFromEnv, describeDatabase } from "../db/config.server.ts";
export { openDatabase } from "../db/connection.server.ts";
export { startDatabase, stopDatabase } from "../db/database.server.ts";
export { migrateToLatest } from "../db/migrate.server.ts";
export { runReapplyErasuresCli } from "../db/reapply-erasures-cli.server.ts";
export { seedDemoContentIfEmpty } from "../db/seed/seed-demo.server.ts";
