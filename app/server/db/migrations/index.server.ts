import type { Migration, MigrationProvider } from "kysely/migration";
import * as blog from "./0001-blog.server";

/** Every migration, in order. Names sort; never rename or edit one that has shipped. */
const migrations: Record<string, Migration> = {
  "0001-blog": blog,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
