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
  constructor(private readonly statement: StatementSync) {
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

class NodeSqliteDatabase implements SqliteDatabase {
  constructor(readonly native: DatabaseSync) {}
  close(): void {
    if (this.native.isOpen) this.native.close();
  }
  prepare(sql: string): SqliteStatement {
    return new NodeSqliteStatement(this.native.prepare(sql));
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
