import { chmodSync, existsSync, mkdirSync, renameSync, statSync } from "node:fs";
import path from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import {
  appliedMigrations,
  BackupError,
  integrityProblems,
  rowCounts,
  type TableCount,
} from "./backup-checks.server.ts";
import { deleteRowsLeftOutOfBackups } from "./rows-left-out-of-backups.server.ts";
import {
  freePath,
  fsyncDirectory,
  fsyncFile,
  isBusy,
  isDatabaseOrSideFile,
  messageOf,
  removeWithSideFiles,
} from "./sqlite-files.server.ts";

// Backup of the SQLite database (`npm run db:backup`), while the site keeps serving.
//
// SQLite's online backup API copies every page in ONE step, inside one read transaction. In
// WAL mode that read transaction is a snapshot: the running site keeps writing (to the WAL) and
// the copy holds exactly what was committed when the step began. (Copying in small steps would
// restart whenever another connection writes, and may never finish on a busy site.) The copy
// is switched to a single self-contained file (journal_mode DELETE), loses the rows no backup
// holds (visit counting's salts, rows-left-out-of-backups.server.ts), is checked, and only then
// renamed to its final name, so a file named site-*.db is always a finished backup.

export interface BackupResult {
  file: string;
  bytes: number;
  counts: TableCount[];
  migrations: string[];
  milliseconds: number;
}

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
  if (isDatabaseOrSideFile(source, destination)) {
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
      // Before the checks: what is checked and named is the copy without them.
      deleteRowsLeftOutOfBackups(copy);
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
