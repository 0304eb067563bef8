import {
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  type PostgresDialectConfig,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from "kysely";

// Kysely's PostgreSQL introspector, which its migrator asks whether the migration tables
// exist, reads every schema of the database and calls has_schema_privilege() and
// pg_get_serial_sequence() by schema name on each. Those functions see schemas dropped after
// the query's snapshot: when another site of the same database, or a test run, drops its schema
// meanwhile, the site's migration fails with "schema … does not exist". This dialect's
// introspector only reads the site's own schema, by name in a plain filter, never calling a
// function on another schema.

interface ColumnRow {
  table: string;
  table_type: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  auto_incrementing: string | null;
  comment: string | null;
}

class SiteSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #schema: string;

  constructor(db: Kysely<unknown>, schema: string) {
    this.#db = db;
    this.#schema = schema;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`
      SELECT nspname AS name FROM pg_catalog.pg_namespace WHERE nspname = ${this.#schema}`.execute(this.#db);
    return rows;
  }

  /** The tables and views of the site's schema, with their columns, in name order. */
  async getTables(_options?: DatabaseMetadataOptions): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      SELECT c.relname AS table, c.relkind AS table_type, a.attname AS column,
        t.typname AS type, tns.nspname AS type_schema, a.attnotnull AS not_null,
        a.atthasdef AS has_default,
        pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname)
          AS auto_incrementing,
        col_description(a.attrelid, a.attnum) AS comment
      FROM pg_catalog.pg_class c
      JOIN pg_catalog.pg_namespace ns ON ns.oid = c.relnamespace
      JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid
      JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
      JOIN pg_catalog.pg_namespace tns ON tns.oid = t.typnamespace
      WHERE ns.nspname = ${this.#schema} AND c.relkind IN ('r', 'v', 'p', 'f')
        AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      let table = tables.get(row.table);
      if (!table) {
        table = {
          name: row.table,
          schema: this.#schema,
          isView: row.table_type === "v",
          isForeign: row.table_type === "f",
          columns: [],
        };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing !== null,
        comment: row.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }
}

/** PostgreSQL for one site's schema (DATABASE_SCHEMA, or public). */
export class SiteSchemaPostgresDialect extends PostgresDialect {
  readonly #schema: string;

  constructor(config: PostgresDialectConfig, schema: string) {
    super(config);
    this.#schema = schema;
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SiteSchemaIntrospector(db, this.#schema);
  }
}
