import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import path from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { Kysely } from "kysely";
import { databaseConfigFromEnv, describeDatabase } from "./config.server";
import { migrateToLatest } from "./migrate.server";
import { migrationProvider } from "./migrations/index.server";
import { NodeSqliteDialect, openNodeSqlite } from "./node-sqlite-dialect.server";
import type { Database } from "./schema";

// Backup and restore of the SQLite database (`npm run db:backup`, `npm run db:restore`).
//
// Backup: SQLite's online backup API copies every page in ONE step, inside one read
// transaction. In WAL mode that read transaction is a snapshot: the running site keeps writing
// (to the WAL) and the copy holds exactly what was committed when the step began. (Copying in
// small steps would restart whenever another connection writes, and may never finish on a busy
// site.) The copy is checked, switched to a single self-contained file (journal_mode DELETE) and
// only then renamed to its final name, so a file named site-*.db is always a finished backup.
//
// Restore: the backup is copied next to the live database, checked there (integrity, our
// schema, not newer than this version of the site), the live database is moved aside, and the
// checked copy is renamed into place. A running site is detected through SQLite's own locks: in
// WAL mode every open connection keeps a shared lock on the database file for as long as it is
// open, so leaving WAL mode (which needs the file to itself) fails with SQLITE_BUSY while the
// site, the dev server, a backup or a sqlite3 shell has the database open.

/** An expected failure: the message is for the person at the terminal, pt-BR, no stack trace. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = "BackupError";
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

export interface BackupResult {
  file: string;
  bytes: number;
  counts: TableCount[];
  migrations: string[];
  milliseconds: number;
}

export interface RestoreResult {
  file: string;
  target: string;
  bytes: number;
  counts: TableCount[];
  migrations: string[];
  /** Migrations the site will apply when it starts (the backup came from an older version). */
  pending: string[];
  /** Where the previous database (and its -wal/-shm files) went. */
  movedAside: string[];
  /** Set when the previous database could not be opened; it was moved aside as it was. */
  previousDamaged: string | undefined;
}

const SQLITE_HEADER = "SQLite format 3\0";
const SIDE_FILES = ["-wal", "-shm", "-journal"] as const;
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;
/** Every page in one backup step (the API wants a positive 32-bit integer). */
const ALL_PAGES = 2_147_483_647;

/** Local time as YYYYMMDD-HHMMSS: sorts like the dates it names. */
export function backupTimestamp(date: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return (
    `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}-` +
    `${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`
  );
}

/** $DATA_DIR/backups/site-YYYYMMDD-HHMMSS.db for the database at $DATA_DIR/site.db. */
export function defaultBackupPath(databasePath: string, date: Date = new Date()): string {
  return path.join(path.dirname(databasePath), "backups", `site-${backupTimestamp(date)}.db`);
}

/** The path itself, or with -2, -3… before the extension when it is taken. */
function freePath(file: string): string {
  if (!existsSync(file)) return file;
  const ext = path.extname(file);
  const base = file.slice(0, file.length - ext.length);
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}${ext}`;
    if (!existsSync(candidate)) return candidate;
  }
}

function sqliteCode(error: unknown): number | undefined {
  const code = (error as { errcode?: unknown }).errcode;
  return typeof code === "number" ? code & 0xff : undefined;
}

function isBusy(error: unknown): boolean {
  const code = sqliteCode(error);
  return code === SQLITE_BUSY || code === SQLITE_LOCKED;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function formatBytes(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${new Intl.NumberFormat("pt-BR", { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

function fsyncFile(file: string): void {
  const fd = openSync(file, "r+");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Make a rename durable. Some platforms cannot open a directory; the rename stands anyway. */
function fsyncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, "r");
    fsyncSync(fd);
  } catch {
    // best effort
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function removeWithSideFiles(file: string): void {
  for (const suffix of ["", ...SIDE_FILES]) rmSync(`${file}${suffix}`, { force: true });
}

function hasSqliteHeader(file: string): boolean {
  const fd = openSync(file, "r");
  try {
    const header = Buffer.alloc(16);
    return readSync(fd, header, 0, 16, 0) === 16 && header.toString("latin1") === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}

function tableNames(db: DatabaseSync): Set<string> {
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
function integrityProblems(db: DatabaseSync): string[] {
  const rows = db.prepare("PRAGMA integrity_check(20)").all() as Array<Record<string, unknown>>;
  const lines = rows.map((row) => String(Object.values(row)[0]));
  return lines.length === 1 && lines[0] === "ok" ? [] : lines;
}

function rowCounts(db: DatabaseSync): TableCount[] {
  const tables = tableNames(db);
  return SUMMARY_TABLES.map(({ table, label }) => {
    if (!tables.has(table)) return { table, label, rows: null };
    const row = db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number };
    return { table, label, rows: Number(row.n) };
  });
}

/** Applied migrations, oldest first; null when there is no schema_migrations table. */
function appliedMigrations(db: DatabaseSync): string[] | null {
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

interface CheckedDatabase {
  counts: TableCount[];
  migrations: string[];
  pending: string[];
}

/**
 * Everything a restore needs to trust a database file: it opens, passes integrity_check, was
 * made by this site (schema_migrations, every table and column its migrations create) and no
 * newer version of it. `name` is how the file is called in messages.
 */
async function checkSiteDatabase(db: DatabaseSync, name: string): Promise<CheckedDatabase> {
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

function openForCheck(file: string, name: string): DatabaseSync {
  try {
    return new DatabaseSync(file, { timeout: 5000 });
  } catch (error) {
    throw new BackupError(`Não foi possível abrir ${name}: ${messageOf(error)}.`);
  }
}

/**
 * Copy the SQLite database at `sourcePath` to `out` (default $DATA_DIR/backups/site-<timestamp>.db;
 * a directory gets the default name inside it) while the site keeps serving, then check the copy.
 */
export async function backupSqliteDatabase(
  sourcePath: string,
  options: { out?: string; now?: Date } = {},
): Promise<BackupResult> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const source = path.resolve(sourcePath);
  if (!existsSync(source)) {
    throw new BackupError(
      `Não há banco de dados em ${source}: nada para copiar.\n` +
        "Confira DATA_DIR (o site guarda o banco em $DATA_DIR/site.db; sem DATA_DIR, em data/site.db).",
    );
  }

  let destination: string;
  if (!options.out) {
    destination = freePath(defaultBackupPath(source, now));
  } else {
    destination = path.resolve(options.out);
    if (existsSync(destination) && statSync(destination).isDirectory()) {
      destination = freePath(path.join(destination, `site-${backupTimestamp(now)}.db`));
    } else if (existsSync(destination)) {
      throw new BackupError(`${destination} já existe; escolha outro nome (um backup nunca é sobrescrito).`);
    }
  }
  if ([source, ...SIDE_FILES.map((suffix) => source + suffix)].includes(destination)) {
    throw new BackupError("O destino do backup não pode ser o próprio banco de dados.");
  }

  try {
    mkdirSync(path.dirname(destination), { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new BackupError(
      `Não foi possível criar a pasta ${path.dirname(destination)}: ${messageOf(error)}.`,
    );
  }

  // Written under a temporary name and renamed once checked.
  const partial = `${destination}.partial`;
  removeWithSideFiles(partial);

  let sourceDb: DatabaseSync;
  try {
    // Read-only in effect, but a normal connection: when the site is stopped it is the last
    // one, and closing it tidies up the -wal/-shm files as usual (a readOnly one cannot).
    sourceDb = new DatabaseSync(source, { timeout: 10_000 });
    sourceDb.exec("PRAGMA query_only = ON");
  } catch (error) {
    throw new BackupError(`Não foi possível abrir o banco de dados ${source}: ${messageOf(error)}.`);
  }
  try {
    await backup(sourceDb, partial, { rate: ALL_PAGES });
  } catch (error) {
    removeWithSideFiles(partial);
    throw new BackupError(
      isBusy(error)
        ? `O banco esteve ocupado por tempo demais para copiar (${messageOf(error)}); tente de novo.`
        : `A cópia do banco de dados falhou: ${messageOf(error)}.`,
    );
  } finally {
    sourceDb.close();
  }

  let counts: TableCount[];
  let migrations: string[];
  try {
    const copy = new DatabaseSync(partial);
    try {
      // One self-contained file: no -wal to forget when the backup is moved around.
      copy.exec("PRAGMA journal_mode = DELETE");
      const problems = integrityProblems(copy);
      if (problems.length) {
        throw new BackupError(
          "A cópia não passou na verificação de integridade (PRAGMA integrity_check), o que indica " +
            `que o próprio banco ${source} está danificado:\n  ${problems.slice(0, 5).join("\n  ")}`,
        );
      }
      counts = rowCounts(copy);
      migrations = appliedMigrations(copy) ?? [];
    } finally {
      copy.close();
    }
    chmodSync(partial, 0o600); // leads and users are personal data (LGPD)
    fsyncFile(partial);
    renameSync(partial, destination);
    fsyncDirectory(path.dirname(destination));
  } catch (error) {
    removeWithSideFiles(partial);
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Não foi possível verificar e gravar a cópia: ${messageOf(error)}.`);
  }

  return {
    file: destination,
    bytes: statSync(destination).size,
    counts,
    migrations,
    milliseconds: Date.now() - started,
  };
}

/**
 * Replace the SQLite database at `targetPath` with the backup `file`, after checking the backup
 * and that nothing (the site above all) has the database open. The previous database is kept
 * as <target>.before-restore-<timestamp>.
 */
export async function restoreSqliteBackup(
  file: string,
  targetPath: string,
  options: { now?: Date } = {},
): Promise<RestoreResult> {
  const now = options.now ?? new Date();
  const backupFile = path.resolve(file);
  const target = path.resolve(targetPath);
  const name = `O arquivo ${backupFile}`;

  if (!existsSync(backupFile)) throw new BackupError(`Arquivo não encontrado: ${backupFile}.`);
  const stats = statSync(backupFile);
  if (!stats.isFile()) throw new BackupError(`${backupFile} não é um arquivo.`);
  if ([target, ...SIDE_FILES.map((suffix) => target + suffix)].includes(backupFile)) {
    throw new BackupError(`${backupFile} é o próprio banco do site; escolha um arquivo de backup.`);
  }
  if (!hasSqliteHeader(backupFile)) {
    throw new BackupError(`${name} não é um banco de dados SQLite (cabeçalho não reconhecido).`);
  }
  const wal = `${backupFile}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0) {
    throw new BackupError(
      `Existe ${wal} ao lado do backup: parte dos dados pode estar nele, e não no arquivo principal.\n` +
        "Use um arquivo gerado por npm run db:backup (um arquivo só), ou abra esse banco uma vez com o sqlite3 para consolidá-lo.",
    );
  }

  const dir = path.dirname(target);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new BackupError(`Não foi possível criar a pasta ${dir}: ${messageOf(error)}.`);
  }

  // Check the very file that will be renamed into place, in the same directory (same file
  // system, so the rename is atomic).
  const staged = freePath(`${target}.restoring-${backupTimestamp(now)}`);
  let checked: CheckedDatabase;
  try {
    copyFileSync(backupFile, staged);
    const db = openForCheck(staged, name);
    try {
      checked = await checkSiteDatabase(db, name);
      // Sign-ins recorded in an old copy may have ended since (a 'Sair', a password change):
      // a restored site starts with no open sessions, and the admin signs in again.
      if (tableNames(db).has("sessions")) db.exec("DELETE FROM sessions");
      db.exec("PRAGMA journal_mode = DELETE");
    } finally {
      db.close();
    }
    fsyncFile(staged);
  } catch (error) {
    removeWithSideFiles(staged);
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${name} não pôde ser verificado: ${messageOf(error)}.`);
  }

  const movedAside: string[] = [];
  let previousDamaged: string | undefined;
  try {
    if (existsSync(target)) {
      previousDamaged = takeOverLiveDatabase(target);
      const aside = freePath(`${target}.before-restore-${backupTimestamp(now)}`);
      // Side files first and under matching names, so the set stays an openable database and
      // no stale -wal is ever left next to the restored file.
      for (const suffix of SIDE_FILES) {
        if (existsSync(target + suffix)) {
          renameSync(target + suffix, aside + suffix);
          movedAside.push(aside + suffix);
        }
      }
      renameSync(target, aside);
      movedAside.unshift(aside);
    } else {
      for (const suffix of SIDE_FILES) rmSync(target + suffix, { force: true });
    }
    renameSync(staged, target);
    fsyncDirectory(dir);
  } catch (error) {
    removeWithSideFiles(staged);
    if (error instanceof BackupError) throw error;
    throw new BackupError(`A restauração falhou: ${messageOf(error)}.`);
  }

  return {
    file: backupFile,
    target,
    bytes: statSync(target).size,
    counts: checked.counts,
    migrations: checked.migrations,
    pending: checked.pending,
    movedAside,
    previousDamaged,
  };
}

/**
 * Refuse when anything has the live database open; otherwise fold its WAL into the main file
 * so it can be moved aside as one file. Returns why the database could not be opened, when it
 * is damaged (a damaged database is moved aside as it is: nothing can be serving from it).
 */
function takeOverLiveDatabase(target: string): string | undefined {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(target, { timeout: 1000 });
    // Leaving WAL mode needs the database to itself: SQLITE_BUSY while any other connection
    // (the running site holds one for its whole life) has it open.
    db.exec("PRAGMA journal_mode = DELETE");
    return undefined;
  } catch (error) {
    if (isBusy(error)) {
      throw new BackupError(
        `O banco ${target} está em uso: o site (ou outro programa, como npm run dev ou um backup) está no ar.\n` +
          "Pare o site e rode a restauração de novo; nada foi alterado.",
      );
    }
    const code = sqliteCode(error);
    if (code === SQLITE_CORRUPT || code === SQLITE_NOTADB) return messageOf(error);
    throw new BackupError(
      `Não foi possível verificar se o banco ${target} está livre (${messageOf(error)}); nada foi alterado.`,
    );
  } finally {
    db?.close();
  }
}

/** The pg_dump / pg_restore commands for a PostgreSQL site, in pt-BR. */
export function postgresBackupGuide(
  env: Record<string, string | undefined>,
  command: "backup" | "restore",
): string {
  const config = databaseConfigFromEnv(env);
  if (config.engine !== "postgres") throw new Error("postgresBackupGuide: the site is not on PostgreSQL");
  const schema = config.schema ? ` --schema=${config.schema}` : "";
  const what = command === "backup" ? "npm run db:backup" : "npm run db:restore";
  return [
    `Este site usa ${describeDatabase(config)}, e ${what} só trabalha com bancos SQLite.`,
    "No PostgreSQL, use as ferramentas do próprio PostgreSQL. O pg_dump tira uma cópia consistente com o site no ar:",
    "",
    `  pg_dump --format=custom --no-owner${schema} --file=site.dump "$DATABASE_URL"`,
    "",
    "Para restaurar (com o site parado; as tabelas do backup são apagadas e recriadas):",
    "",
    `  pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" site.dump`,
    "",
    "Os comandos leem a URL da variável DATABASE_URL do terminal (export DATABASE_URL='postgres://…' antes).",
    "Use pg_dump e pg_restore da mesma versão principal do servidor PostgreSQL, ou mais nova.",
  ].join("\n");
}

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Where relative paths on the command line are resolved (npm's INIT_CWD). */
  cwd: string;
}

const BACKUP_USAGE = [
  "Uso: npm run db:backup [-- --out <arquivo ou pasta>]",
  "Copia o banco SQLite do site (pode estar no ar) para $DATA_DIR/backups/site-AAAAMMDD-HHMMSS.db, ou para --out.",
].join("\n");

const RESTORE_USAGE = [
  "Uso: npm run db:restore <arquivo>",
  "Restaura um backup feito por npm run db:backup no banco do site, que precisa estar parado.",
].join("\n");

function countLines(counts: TableCount[]): string[] {
  return counts.map(
    ({ label, rows }) =>
      `  ${label}: ${rows === null ? "— (tabela ainda não existia)" : rows.toLocaleString("pt-BR")}`,
  );
}

/** What a CLI prints for an error: expected ones as one clear message, bugs with their stack. */
function reportFailure(error: unknown, io: CliIo): number {
  if (error instanceof BackupError) {
    io.err(error.message);
    return error.exitCode;
  }
  if (error instanceof Error && "syscall" in error) {
    io.err(`Falha ao acessar arquivos: ${error.message}`);
    return 1;
  }
  io.err(`Erro inesperado: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return 1;
}

function parse(
  args: string[],
  usage: string,
  io: CliIo,
  positionals: boolean,
): { out?: string; help: boolean; positionals: string[] } | number {
  try {
    const parsed = parseArgs({
      args,
      allowPositionals: positionals,
      options: {
        help: { type: "boolean", short: "h", default: false },
        ...(positionals ? {} : { out: { type: "string", short: "o" } }),
      },
    });
    if (parsed.values.help) {
      io.out(usage);
      return 0;
    }
    return {
      out: (parsed.values as { out?: string }).out,
      help: false,
      positionals: parsed.positionals,
    };
  } catch (error) {
    io.err(`${messageOf(error)}\n${usage}`);
    return 2;
  }
}

/** `npm run db:backup`: returns the exit code. */
export async function runBackupCli(
  args: string[],
  env: Record<string, string | undefined>,
  io: CliIo,
): Promise<number> {
  const options = parse(args, BACKUP_USAGE, io, false);
  if (typeof options === "number") return options;
  try {
    const config = databaseConfigFromEnv(env);
    if (config.engine === "postgres") {
      io.err(postgresBackupGuide(env, "backup"));
      return 2;
    }
    io.out(`Copiando ${describeDatabase(config)}...`);
    const result = await backupSqliteDatabase(config.path, {
      out: options.out ? path.resolve(io.cwd, options.out) : undefined,
    });
    io.out(
      [
        `Backup concluído em ${(result.milliseconds / 1000).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} s: ${result.file}`,
        `Tamanho: ${formatBytes(result.bytes)}. Verificação de integridade: ok.`,
        ...countLines(result.counts),
        `Migrações: ${result.migrations.join(", ") || "nenhuma"}.`,
        "Guarde uma cópia fora deste servidor; o arquivo tem dados pessoais (pedidos de orçamento, usuários).",
      ].join("\n"),
    );
    return 0;
  } catch (error) {
    return reportFailure(error, io);
  }
}

/** `npm run db:restore <file>`: returns the exit code. */
export async function runRestoreCli(
  args: string[],
  env: Record<string, string | undefined>,
  io: CliIo,
): Promise<number> {
  const options = parse(args, RESTORE_USAGE, io, true);
  if (typeof options === "number") return options;
  const [file, ...extra] = options.positionals;
  if (!file || extra.length) {
    io.err(RESTORE_USAGE);
    return 2;
  }
  try {
    const config = databaseConfigFromEnv(env);
    if (config.engine === "postgres") {
      io.err(postgresBackupGuide(env, "restore"));
      return 2;
    }
    const result = await restoreSqliteBackup(path.resolve(io.cwd, file), config.path);
    const lines = [
      `Backup verificado (integridade ok, esquema do site): ${result.file}`,
      result.movedAside.length
        ? `O banco anterior foi guardado em ${result.movedAside.join(", ")}.`
        : "Não havia banco anterior.",
    ];
    if (result.previousDamaged) {
      lines.push(
        `(O banco anterior não pôde ser aberto: ${result.previousDamaged}; foi guardado como estava.)`,
      );
    }
    lines.push(
      `Banco restaurado em ${result.target} (${formatBytes(result.bytes)}):`,
      ...countLines(result.counts),
    );
    lines.push(
      result.pending.length
        ? `O backup é de uma versão anterior do site: as migrações ${result.pending.join(", ")} serão aplicadas quando o site iniciar.`
        : `Migrações: ${result.migrations.join(", ")}.`,
      "Inicie o site (npm start).",
    );
    io.out(lines.join("\n"));
    return 0;
  } catch (error) {
    return reportFailure(error, io);
  }
}
