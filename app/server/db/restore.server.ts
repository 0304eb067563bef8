import { chmodSync, copyFileSync, existsSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely } from "kysely";
import { backupTimestamp } from "./backup.server.ts";
import {
  appliedMigrations,
  BackupError,
  type CheckedDatabase,
  checkSiteDatabase,
  openForCheck,
  rowCounts,
  type TableCount,
  tableNames,
} from "./backup-checks.server.ts";
import { type ErasureLog, readErasureLog, reapplyErasures } from "./lead-erasures.server.ts";
import { migrateToLatest } from "./migrate.server.ts";
import { NodeSqliteDialect } from "./node-sqlite-dialect.server.ts";
import { ensurePrivateDirectory, PRIVATE_FILE_MODE } from "./private-files.server.ts";
import type { Database } from "./schema";
import {
  freePath,
  fsyncDirectory,
  fsyncFile,
  hasSqliteHeader,
  isBusy,
  isDatabaseOrSideFile,
  messageOf,
  removeWithSideFiles,
  SIDE_FILES,
  SQLITE_CORRUPT,
  SQLITE_NOTADB,
  sqliteCode,
} from "./sqlite-files.server.ts";

// Restore of a SQLite backup (`npm run db:restore <file>`), with the site stopped.
//
// The backup is copied next to the live database, checked there (integrity, our schema, not
// newer than this version of the site), the live database is moved aside, and the checked copy
// is renamed into place. A running site is detected through SQLite's own locks: in WAL mode
// every open connection keeps a shared lock on the database file for as long as it is open, so
// leaving WAL mode (which needs the file to itself) fails with SQLITE_BUSY while the site, the
// dev server, a backup or a sqlite3 shell has the database open.
//
// Before the copy takes the live database's place, the live database's LGPD erasure log is
// carried into it and every quote request and every other row that log names (audit entries,
// e-mails, invitations, rate-limit events) is deleted again (lead-erasures.server.ts), with
// secure_delete on and a VACUUM after: a backup taken before someone asked to be deleted never
// brings them back, not even in the file's free pages.

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
  /** The erasures re-applied to the restored database; null when it has no erasure log. */
  erasures: {
    /** Quote requests the backup still held, deleted again. */
    reErased: number;
    /** Other rows about erased people (audit entries, e-mails…) the backup held, deleted again. */
    otherRowsReErased: number;
    /** Entries in the restored database's erasure log. */
    logged: number;
    /** Migrations applied during the restore so that the log could be carried over. */
    migratedNow: string[];
  } | null;
}

/**
 * Replace the SQLite database at `targetPath` with the backup `file`, after checking the backup
 * and that nothing (the site above all) has the database open. The previous database is kept
 * as <target>.before-restore-<timestamp>; its erasure log is re-applied to the restored one.
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
  if (isDatabaseOrSideFile(target, backupFile)) {
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
    ensurePrivateDirectory(dir);
  } catch (error) {
    throw new BackupError(`Não foi possível criar a pasta ${dir}: ${messageOf(error)}.`);
  }

  // Check the very file that will be renamed into place, in the same directory (same file
  // system, so the rename is atomic).
  const staged = freePath(`${target}.restoring-${backupTimestamp(now)}`);
  let checked: CheckedDatabase;
  try {
    copyFileSync(backupFile, staged);
    chmodSync(staged, PRIVATE_FILE_MODE);
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
  } catch (error) {
    removeWithSideFiles(staged);
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${name} não pôde ser verificado: ${messageOf(error)}.`);
  }

  const movedAside: string[] = [];
  let previousDamaged: string | undefined;
  let erasures: RestoreResult["erasures"];
  let counts = checked.counts;
  let migrations = checked.migrations;
  let pending = checked.pending;
  try {
    let currentLog: ErasureLog | null = null;
    if (existsSync(target))
      ({ damaged: previousDamaged, erasureLog: currentLog } = await takeOverLiveDatabase(target));
    const carried = await carryErasuresOver(staged, currentLog ?? { leadErasures: [], erasedRows: [] });
    erasures = carried.erasures;
    if (carried.erasures?.migratedNow.length) {
      migrations = [...migrations, ...carried.erasures.migratedNow];
      pending = pending.filter((migration) => !migrations.includes(migration));
    }
    counts = carried.counts;
    fsyncFile(staged);
  } catch (error) {
    removeWithSideFiles(staged);
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `As exclusões registradas não puderam ser reaplicadas ao backup: ${messageOf(error)}; nada foi alterado.`,
    );
  }

  try {
    if (existsSync(target)) {
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
    counts,
    migrations,
    pending,
    movedAside,
    previousDamaged,
    erasures,
  };
}

/**
 * Refuse when anything has the live database open; otherwise fold its WAL into the main file
 * (so it can be moved aside as one file) and read its erasure log. `damaged` says why the
 * database could not be opened, when it is damaged (a damaged database is moved aside as it
 * is: nothing can be serving from it, and its log cannot be read).
 */
async function takeOverLiveDatabase(
  target: string,
): Promise<{ damaged: string | undefined; erasureLog: ErasureLog | null }> {
  let native: DatabaseSync;
  try {
    native = new DatabaseSync(target, { timeout: 1000 });
  } catch (error) {
    return { damaged: unlessDamaged(target, error), erasureLog: null };
  }
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect(native) });
  try {
    // Leaving WAL mode needs the database to itself: SQLITE_BUSY while any other connection
    // (the running site holds one for its whole life) has it open.
    native.exec("PRAGMA journal_mode = DELETE");
    return { damaged: undefined, erasureLog: await readErasureLog(db) };
  } catch (error) {
    return { damaged: unlessDamaged(target, error), erasureLog: null };
  } finally {
    await closeBoth(db, native);
  }
}

/** The error's message when it says the database is damaged; otherwise a refusal. */
function unlessDamaged(target: string, error: unknown): string {
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
}

/**
 * Merge `log` (the live database's erasure log) into the staged copy's and delete again every
 * quote request and other row it names. A copy from before the erasure log (or its erased_rows)
 * existed gets the site's pending migrations first, but only when there is a log to carry.
 */
async function carryErasuresOver(
  staged: string,
  log: ErasureLog,
): Promise<{ erasures: RestoreResult["erasures"]; counts: TableCount[] }> {
  const native = new DatabaseSync(staged);
  // The deleted rows' text must not stay behind in the restored file's free pages.
  native.exec("PRAGMA secure_delete = ON");
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect(native) });
  try {
    let migratedNow: string[] = [];
    const tables = tableNames(native);
    if (!tables.has("lead_erasures") || !tables.has("erased_rows")) {
      const empty = !log.leadErasures.length && !log.erasedRows.length;
      if (empty && !tables.has("lead_erasures")) return { erasures: null, counts: rowCounts(native) };
      const before = appliedMigrations(native) ?? [];
      await migrateToLatest({ db, config: { engine: "sqlite", path: staged }, close: () => db.destroy() });
      migratedNow = (appliedMigrations(native) ?? []).filter((migration) => !before.includes(migration));
    }
    const { reErased, otherRowsReErased, logged } = await reapplyErasures(db, log);
    // Rebuild the file: nothing deleted, now or before the backup, lingers in a free page.
    if (reErased + otherRowsReErased > 0) native.exec("VACUUM");
    return { erasures: { reErased, otherRowsReErased, logged, migratedNow }, counts: rowCounts(native) };
  } finally {
    await closeBoth(db, native);
  }
}

/** Kysely only closes the connection when it used it. */
async function closeBoth(db: Kysely<Database>, native: DatabaseSync): Promise<void> {
  await db.destroy();
  if (native.isOpen) native.close();
}
