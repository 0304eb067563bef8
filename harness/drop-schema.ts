import pg from "pg";

/**
 * Drop a PostgreSQL schema and everything in it, if it exists: the clean-up of every test,
 * end-to-end run and benchmark that worked in a schema of its own.
 */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${client.escapeIdentifier(schema)} CASCADE`);
  } finally {
    await client.end();
  }
}
