import type { Migration, MigrationProvider } from "kysely/migration";
import * as blog from "./0001-blog.server";
import * as admin from "./0002-admin.server";
import * as leads from "./0003-leads.server";

/** Every migration, in order. Names sort; never rename or edit one that has shipped. */
const migrations: Record<string, Migration> = {
  "0001-blog": blog,
  "0002-admin": admin,
  "0003-leads": leads,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
