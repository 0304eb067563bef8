import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { dropSchema } from "../../harness/drop-schema";
import { testEngines } from "../support/test-database";

// Several sites (or test runs) in one PostgreSQL database, each in a schema of its own
// (DATABASE_SCHEMA): one site's start must not fail because another drops its schema meanwhile.
const postgres = testEngines().find((engine) => engine.name === "postgres");

describe.runIf(postgres)("sites sharing one PostgreSQL database", () => {
  const url = postgres?.env.DATABASE_URL ?? "";
  const schemas: string[] = [];
  const ownSchema = () => {
    const schema = `shared_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    schemas.push(schema);
    return schema;
  };
  afterAll(async () => {
    for (const schema of schemas) await dropSchema(url, schema);
    await postgres?.drop();
  });

  it("a site migrates while other schemas of the database come and go", { timeout: 120_000 }, async () => {
    // Another site's schemas, with tables and a serial column, created and dropped without pause.
    let churning = true;
    const churn = (async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        while (churning) {
          const schema = ownSchema();
          const name = client.escapeIdentifier(schema);
          await client.query(`CREATE SCHEMA ${name}`);
          for (const table of ["posts", "leads", "users"]) {
            await client.query(`CREATE TABLE ${name}.${table} (id serial PRIMARY KEY, note text)`);
          }
          await client.query(`DROP SCHEMA ${name} CASCADE`);
          // Dropped already: the clean-up (one connection per schema) is left with the sites' own.
          schemas.splice(schemas.indexOf(schema), 1);
        }
      } finally {
        await client.end();
      }
    })();

    const failures: string[] = [];
    try {
      for (let site = 0; site < 4; site++) {
        const schema = ownSchema();
        const handle = await openDatabase(
          databaseConfigFromEnv({ DATABASE_URL: url, DATABASE_SCHEMA: schema }),
        );
        try {
          await migrateToLatest(handle);
          // The migrator's own view of the database: the site's schema and its tables only.
          const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
          expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([schema]));
          expect(tables.map((table) => table.name)).toContain("schema_migrations");
        } catch (error) {
          failures.push((error as Error).message);
        } finally {
          await handle.close();
        }
      }
    } finally {
      churning = false;
      await churn;
    }
    expect(failures).toEqual([]);
  });
});
