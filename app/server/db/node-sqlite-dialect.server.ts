import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import {
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteStatement,
} from "kysely";

// Kysely's SqliteDialect expects a better-sqlite3-shaped database; node:sqlite is built into
// Node 24 and needs no native compile, so this adapts DatabaseSync to that shape.

function toSqliteValue(value: unknown): SQLInputValue {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? 1 : 0;
  return value as SQLInputValue;
}

class NodeSqliteStatement implements SqliteStatement {
  readonly reader: boolean;
  private readonly statement: StatementSync;
  constructor(statement: StatementSync) {
    this.statement = statement;
    this.reader = statement.columns().length > 0;
  }
  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.statement.all(...parameters.map(toSqliteValue));
  }
  run(parameters: ReadonlyArray<unknown>) {
    const { changes, lastInsertRowid } = this.statement.run(...parameters.map(toSqliteValue));
    return { changes, lastInsertRowid };
  }
  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.statement.iterate(...parameters.map(toSqliteValue));
  }
}

/** Prepared statements kept for reuse: the same few queries run on every page view. */
const STATEMENT_CACHE_SIZE = 256;

class NodeSqliteDatabase implements SqliteDatabase {
  private readonly statements = new Map<string, NodeSqliteStatement>();
  readonly native: DatabaseSync;
  constructor(native: DatabaseSync) {
    this.native = native;
  }
  close(): void {
    this.statements.clear();
    if (this.native.isOpen) this.native.close();
  }
  // Reuse is safe because node:sqlite runs each statement to completion synchronously (Kysely
  // only iterates for streamed queries, which this site does not use).
  prepare(sql: string): SqliteStatement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = new NodeSqliteStatement(this.native.prepare(sql));
      if (this.statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = this.statements.keys().next().value;
        if (oldest !== undefined) this.statements.delete(oldest);
      }
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/** SQLite runs DDL inside transactions, so migrations are all-or-nothing here too. */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

export interface NodeSqliteOptions {
  path: string;
  busyTimeoutMs?: number;
}

export function openNodeSqlite({ path, busyTimeoutMs = 5000 }: NodeSqliteOptions): DatabaseSync {
  const native = new DatabaseSync(path, { enableForeignKeyConstraints: true, timeout: busyTimeoutMs });
  native.exec("PRAGMA journal_mode = WAL");
  native.exec("PRAGMA synchronous = NORMAL");
  native.exec("PRAGMA foreign_keys = ON");
  // Deleted rows are overwritten with zeros instead of lingering in free space: a quote request
  // erased under LGPD must not stay readable in the file (lead-erasures.server.ts).
  native.exec("PRAGMA secure_delete = ON");
  return native;
}

export class NodeSqliteDialect implements Dialect {
  private readonly inner: SqliteDialect;
  constructor(native: DatabaseSync) {
    this.inner = new SqliteDialect({ database: new NodeSqliteDatabase(native) });
  }
  createDriver(): Driver {
    return this.inner.createDriver();
  }
  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new TransactionalSqliteAdapter();
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own signature
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}
