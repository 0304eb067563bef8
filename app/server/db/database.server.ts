import type { Kysely } from "kysely";
import {
  configuration,
  configurationFrom,
  type EnvironmentVariables,
} from "../config/configuration.server.ts";
import { logEvent } from "../platform/log.server.ts";
import { describeDatabase } from "./config.server.ts";
import { type DatabaseHandle, openDatabase } from "./connection.server.ts";
import { databaseTlsWarning } from "./database-tls.server.ts";
import { migrateToLatest } from "./migrate.server.ts";
import type { Database } from "./schema";
import { seedDemoContentIfEmpty } from "./seed/seed-demo.server.ts";
import { takeSiteSecretFrom } from "./site-secret.server.ts";

let ready: Promise<DatabaseHandle> | undefined;

/**
 * Open the configured database, apply migrations and seed the demo content when the database
 * was just created.
 * Memoised: the server awaits it at start-up (and exits with a clear message if it fails);
 * elsewhere (scripts, tests) the first query that needs it does. The site's configuration
 * unless `env` (a test's database, a script's) names another.
 */
export function startDatabase(env?: EnvironmentVariables): Promise<DatabaseHandle> {
  ready ??= (async () => {
    const configured = env ? configurationFrom(env) : configuration();
    const config = configured.database;
    // The keys the data needs (site-secret.server.ts) come from the same DATA_DIR / SITE_SECRET.
    takeSiteSecretFrom(configured);
    const handle = await openDatabase(config);
    try {
      const applied = await migrateToLatest(handle);
      if (applied.length) logEvent("info", `Banco de dados atualizado (${applied.join(", ")}).`);
      // Only a brand-new database gets the demo content: an owner who later deletes every
      // post must not see the demo come back after a restart.
      const seed = applied.includes("0001-blog") ? await seedDemoContentIfEmpty(handle.db) : undefined;
      if (seed?.seeded) {
        logEvent(
          "info",
          `Conteúdo de demonstração criado: ${seed.categories} categorias, ${seed.posts} artigos.`,
        );
      }
      logEvent("info", `Banco de dados: ${describeDatabase(config)}.`);
      const withoutTls = databaseTlsWarning(config);
      if (withoutTls) logEvent("warn", withoutTls);
      return handle;
    } catch (error) {
      await handle.close();
      throw error;
    }
  })();
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}

/** The ready database for queries. */
export async function database(): Promise<Kysely<Database>> {
  return (await startDatabase()).db;
}

export async function stopDatabase(): Promise<void> {
  if (!ready) return;
  const pending = ready;
  ready = undefined;
  await (await pending.catch(() => undefined))?.close();
}
