import { chmodSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { temporaryDirectories } from "../../../tests/support/sqlite-site-file";
import { databaseConfigFromEnv } from "./config.server";
import { openDatabase } from "./connection.server";
import { migrateToLatest } from "./migrate.server";

const tempDir = temporaryDirectories("site-connection-");
const mode = (file: string) => statSync(file).mode & 0o777;

describe("the SQLite database's files are private (LGPD), whatever the umask", () => {
  let umask: number;
  beforeEach(() => {
    umask = process.umask(0o022);
  });
  afterEach(() => {
    process.umask(umask);
  });

  it("creates the data directory 0700 and site.db, -wal and -shm 0600 under umask 022", async () => {
    const dataDir = path.join(tempDir(), "dados");
    const handle = await openDatabase(databaseConfigFromEnv({ DATA_DIR: dataDir }));
    try {
      await migrateToLatest(handle);
      expect(mode(dataDir)).toBe(0o700);
      for (const file of ["site.db", "site.db-wal", "site.db-shm"]) {
        expect([file, mode(path.join(dataDir, file))]).toEqual([file, 0o600]);
      }
    } finally {
      await handle.close();
    }
  });

  it("tightens a directory and files an older version left open to others", async () => {
    const dataDir = path.join(tempDir(), "dados");
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const first = await openDatabase(databaseConfigFromEnv({ DATA_DIR: dataDir }));
    await migrateToLatest(first);
    await first.close();
    const file = path.join(dataDir, "site.db");
    chmodSync(dataDir, 0o755);
    chmodSync(file, 0o644);
    writeFileSync(`${file}-shm`, Buffer.alloc(0));
    chmodSync(`${file}-shm`, 0o664);

    const handle = await openDatabase(databaseConfigFromEnv({ DATA_DIR: dataDir }));
    try {
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(file)).toBe(0o600);
      expect(mode(`${file}-shm`)).toBe(0o600);
    } finally {
      await handle.close();
    }
  });
});
