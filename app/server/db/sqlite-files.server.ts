import { closeSync, existsSync, fsyncSync, openSync, readSync, rmSync } from "node:fs";
import path from "node:path";

// A SQLite database on disk, as backup and restore handle it: a main file, the files SQLite
// keeps beside it, and the error codes its driver reports.

const SQLITE_HEADER = "SQLite format 3\0";
/** What SQLite may keep next to a database file: they belong to it and move with it. */
export const SIDE_FILES = ["-wal", "-shm", "-journal"] as const;

const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
export const SQLITE_CORRUPT = 11;
export const SQLITE_NOTADB = 26;

/** The primary result code of a node:sqlite error, when it is one. */
export function sqliteCode(error: unknown): number | undefined {
  const code = (error as { errcode?: unknown }).errcode;
  return typeof code === "number" ? code & 0xff : undefined;
}

/** Another connection holds a lock the operation needed. */
export function isBusy(error: unknown): boolean {
  const code = sqliteCode(error);
  return code === SQLITE_BUSY || code === SQLITE_LOCKED;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The path itself, or with -2, -3… before the extension when it is taken. */
export function freePath(file: string): string {
  if (!existsSync(file)) return file;
  const ext = path.extname(file);
  const base = file.slice(0, file.length - ext.length);
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}${ext}`;
    if (!existsSync(candidate)) return candidate;
  }
}

export function fsyncFile(file: string): void {
  const fd = openSync(file, "r+");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Make a rename durable. Some platforms cannot open a directory; the rename stands anyway. */
export function fsyncDirectory(dir: string): void {
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

export function removeWithSideFiles(file: string): void {
  for (const suffix of ["", ...SIDE_FILES]) rmSync(`${file}${suffix}`, { force: true });
}

/** The file itself or one of the files SQLite keeps beside it. */
export function isDatabaseOrSideFile(database: string, file: string): boolean {
  return [database, ...SIDE_FILES.map((suffix) => database + suffix)].includes(file);
}

export function hasSqliteHeader(file: string): boolean {
  const fd = openSync(file, "r");
  try {
    const header = Buffer.alloc(16);
    return readSync(fd, header, 0, 16, 0) === 16 && header.toString("latin1") === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}
