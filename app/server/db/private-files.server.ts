import { chmodSync, closeSync, existsSync, fchmodSync, mkdirSync, openSync, statSync } from "node:fs";

// The database holds personal data (quote requests, users: LGPD), so its directory is 0700 and
// its files 0600 whatever the process umask says (a usual umask of 022 would make them
// readable by every account on the machine). SQLite creates the -wal and -shm files with the
// main file's mode, so getting the main file right covers them; files left too open by an
// older version are tightened when the site starts, if they are ours to change.

export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Remove the permission bits `mode` does not allow (never add any) when `file` belongs to this
 * process's user. Someone else's file (a directory the administrator shares on purpose) is
 * left as it is.
 */
export function tightenIfOwned(file: string, mode: number): void {
  const uid = process.getuid?.();
  if (uid === undefined || !existsSync(file)) return;
  const stats = statSync(file);
  const current = stats.mode & 0o777;
  // Special bits (setgid, sticky) are kept: they narrow access rather than widen it.
  if (stats.uid === uid && (current & ~mode) !== 0) chmodSync(file, (stats.mode & 0o7000) | (current & mode));
}

/** Create `dir` (and its parents) when missing; the directory itself ends up 0700. */
export function ensurePrivateDirectory(dir: string): void {
  const created = !existsSync(dir);
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  if (created) chmodSync(dir, PRIVATE_DIRECTORY_MODE);
  else tightenIfOwned(dir, PRIVATE_DIRECTORY_MODE);
}

/**
 * Create an empty `file` (SQLite takes an empty file for a new database) with mode 0600, or
 * tighten an existing one and the files SQLite keeps beside it.
 */
export function ensurePrivateDatabaseFile(file: string, sideFiles: readonly string[]): void {
  let fd: number | undefined;
  try {
    fd = openSync(file, "wx", PRIVATE_FILE_MODE);
    fchmodSync(fd, PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    tightenIfOwned(file, PRIVATE_FILE_MODE);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  for (const suffix of sideFiles) tightenIfOwned(file + suffix, PRIVATE_FILE_MODE);
}
