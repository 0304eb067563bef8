import { rmSync } from "node:fs";
import { dropSchema } from "../../harness/drop-schema";

/** Drop the run's PostgreSQL schema and SQLite directory. */
export default async function teardown() {
  const schema = process.env.E2E_DATABASE_SCHEMA;
  if (process.env.DATABASE_URL && schema) await dropSchema(process.env.DATABASE_URL, schema);
  if (process.env.E2E_DATA_DIR) rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
}
