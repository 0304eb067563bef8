import { rmSync } from "node:fs";
import pg from "pg";

/** Drop the run's PostgreSQL schema and SQLite directory. */
export default async function teardown() {
  const schema = process.env.E2E_DATABASE_SCHEMA;
  if (process.env.DATABASE_URL && schema) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await client.end();
    }
  }
  if (process.env.E2E_DATA_DIR) rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
}
