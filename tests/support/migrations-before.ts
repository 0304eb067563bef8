import type { MigrationProvider } from "kysely/migration";
import { migrationProvider } from "~/server/db/migrations/index.server";

/** The migrations before `first` ("0030"): a site as it was before that version. */
export function migrationsBefore(first: string): MigrationProvider {
  return {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries(await migrationProvider.getMigrations()).filter(([name]) => name < first),
      ),
  };
}
