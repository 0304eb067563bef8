import { DatabaseSync } from "node:sqlite";
import { Kysely } from "kysely";
import { migrateToLatest } from "./migrate.server.ts";
import { migrationProvider } from "./migrations/index.server.ts";
import { NodeSqliteDialect, openNodeSqlite } from "./node-sqlite-dialect.server.ts";
import type { Database } from "./schema";
import { messageOf } from "./sqlite-files.server.ts";

// What backup and restore check in a SQLite database file: integrity, that it is this site's
// database at a version this site knows, and how many rows the important tables hold.

/** An expected failure: the message is for the person at the terminal, pt-BR, no stack trace. */
export class BackupError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = "BackupError";
    this.exitCode = exitCode;
  }
}

/** The tables whose row counts are shown after a backup or restore. */
export const SUMMARY_TABLES = [
  { table: "blog_posts", label: "artigos" },
  { table: "categories", label: "categorias" },
  { table: "media", label: "mídias" },
  { table: "leads", label: "pedidos de orçamento" },
  { table: "users", label: "usuários" },
] as const satisfies ReadonlyArray<{ table: keyof Database; label: string }>;

export interface TableCount {
  table: string;
  label: string;
  /** null when the table does not exist (a backup made before the migration that adds it). */
  rows: number | null;
}

export function tableNames(db: DatabaseSync): Set<string> {
  const rows = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
    .all() as Array<{ name: string }>;
  return new Set(rows.map((row) => row.name));
}

function columnNames(db: DatabaseSync, table: string): Set<string> {
  const rows = db.prepare("SELECT name FROM pragma_table_info(?)").all(table) as Array<{ name: string }>;
  return new Set(rows.map((row) => row.name));
}

/** [] when PRAGMA integrity_check says "ok"; otherwise its first problems. */
export function integrityProblems(db: DatabaseSync): string[] {
  const rows = db.prepare("PRAGMA integrity_check(20)").all() as Array<Record<string, unknown>>;
  const lines = rows.map((row) => String(Object.values(row)[0]));
  return lines.length === 1 && lines[0] === "ok" ? [] : lines;
}

export function rowCounts(db: DatabaseSync): TableCount[] {
  const tables = tableNames(db);
  return SUMMARY_TABLES.map(({ table, label }) => {
    if (!tables.has(table)) return { table, label, rows: null };
    const row = db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number };
    return { table, label, rows: Number(row.n) };
  });
}

/** Applied migrations, oldest first; null when there is no schema_migrations table. */
export function appliedMigrations(db: DatabaseSync): string[] | null {
  if (!tableNames(db).has("schema_migrations")) return null;
  const rows = db.prepare("SELECT name FROM schema_migrations ORDER BY name").all() as Array<{
    name: string;
  }>;
  return rows.map((row) => row.name);
}

async function knownMigrations(): Promise<string[]> {
  return Object.keys(await migrationProvider.getMigrations()).sort();
}

/**
 * The tables and columns this version of the site creates with the given migrations: they are
 * applied to an empty in-memory database, so the answer can never drift from the migrations.
 */
async function expectedSchema(migrations: string[]): Promise<Map<string, Set<string>>> {
  const all = await migrationProvider.getMigrations();
  const subset = Object.fromEntries(migrations.map((name) => [name, all[name]]).filter(([, m]) => m));
  const native = openNodeSqlite({ path: ":memory:" });
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect(native) });
  const handle = { db, config: { engine: "sqlite" as const, path: ":memory:" }, close: () => db.destroy() };
  try {
    await migrateToLatest(handle, { getMigrations: async () => subset });
    const schema = new Map<string, Set<string>>();
    for (const table of tableNames(native)) {
      if (table.startsWith("schema_migrations")) continue;
      schema.set(table, columnNames(native, table));
    }
    return schema;
  } finally {
    await handle.close();
  }
}

export interface CheckedDatabase {
  counts: TableCount[];
  migrations: string[];
  /** Migrations this version of the site has and the database has not yet applied. */
  pending: string[];
}

/**
 * Everything a restore needs to trust a database file: it opens, passes integrity_check, was
 * made by this site (schema_migrations, every table and column its migrations create) and no
 * newer version of it. `name` is how the file is called in messages.
 */
export async function checkSiteDatabase(db: DatabaseSync, name: string): Promise<CheckedDatabase> {
  let problems: string[];
  try {
    problems = integrityProblems(db);
  } catch (error) {
    throw new BackupError(`${name} está corrompido e não pode ser lido (${messageOf(error)}).`);
  }
  if (problems.length) {
    throw new BackupError(
      `${name} não passou na verificação de integridade (PRAGMA integrity_check):\n  ${problems.slice(0, 5).join("\n  ")}`,
    );
  }

  const migrations = appliedMigrations(db);
  if (!migrations?.length) {
    throw new BackupError(
      `${name} é um banco SQLite, mas não é um banco deste site (não tem a tabela schema_migrations com as migrações aplicadas).`,
    );
  }
  const known = await knownMigrations();
  const unknown = migrations.filter((migration) => !known.includes(migration));
  if (unknown.length) {
    throw new BackupError(
      `${name} foi feito por uma versão mais nova do site (migrações ${unknown.join(", ")}, que esta versão não conhece).\n` +
        "Atualize o site para a versão que fez o backup e restaure de novo.",
    );
  }
  if (migrations.some((migration, index) => known[index] !== migration)) {
    throw new BackupError(
      `${name} tem um histórico de migrações que não confere com o do site (${migrations.join(", ")}; esperado: ${known.slice(0, migrations.length).join(", ")}).`,
    );
  }

  const actual = tableNames(db);
  const missing: string[] = [];
  for (const [table, columns] of await expectedSchema(migrations)) {
    if (!actual.has(table)) {
      missing.push(`tabela ${table}`);
      continue;
    }
    const present = columnNames(db, table);
    for (const column of columns) if (!present.has(column)) missing.push(`coluna ${table}.${column}`);
  }
  if (missing.length) {
    throw new BackupError(
      `${name} não tem o esquema esperado para as migrações que registra (falta: ${missing.slice(0, 8).join(", ")}${missing.length > 8 ? "…" : ""}).`,
    );
  }
  return { counts: rowCounts(db), migrations, pending: known.slice(migrations.length) };
}

export function openForCheck(file: string, name: string): DatabaseSync {
  try {
    return new DatabaseSync(file, { timeout: 5000 });
  } catch (error) {
    throw new BackupError(`Não foi possível abrir ${name}: ${messageOf(error)}.`);
  }
}
