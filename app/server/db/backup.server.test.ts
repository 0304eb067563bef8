import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { siteDatabase, temporaryDirectories } from "../../../tests/support/sqlite-site-file";
import { backupSqliteDatabase, backupTimestamp, defaultBackupPath } from "./backup.server";
import { BackupError } from "./backup-checks.server";
import { migrationProvider } from "./migrations/index.server";

const tempDir = temporaryDirectories("site-backup-unit-");

describe("backup file names", () => {
  it("names backups by local time, sortable, under $DATA_DIR/backups", () => {
    const date = new Date(2025, 0, 2, 3, 4, 5);
    expect(backupTimestamp(date)).toBe("20250102-030405");
    expect(defaultBackupPath("/srv/site/data/site.db", date)).toBe(
      "/srv/site/data/backups/site-20250102-030405.db",
    );
    expect(backupTimestamp(new Date(2025, 11, 31, 23, 59, 59)) > backupTimestamp(date)).toBe(true);
  });
});

describe("backupSqliteDatabase", () => {
  it("copies, checks and counts, as a single self-contained file", async () => {
    const live = await siteDatabase(tempDir());
    const now = new Date(2025, 5, 6, 7, 8, 9);
    const result = await backupSqliteDatabase(live, { now });
    expect(result.file).toBe(path.join(path.dirname(live), "backups", "site-20250606-070809.db"));
    expect(result.counts.map((c) => [c.table, c.rows])).toEqual([
      ["blog_posts", 0],
      ["categories", 0],
      ["media", 0],
      ["leads", 0],
      ["users", 0],
    ]);
    expect(result.migrations).toEqual(Object.keys(await migrationProvider.getMigrations()).sort());
    const copy = new DatabaseSync(result.file, { readOnly: true });
    expect(copy.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "delete" });
    copy.close();
    expect(readdirSync(path.dirname(result.file))).toEqual(["site-20250606-070809.db"]);

    // Same second: a new name, never an overwrite.
    const again = await backupSqliteDatabase(live, { now });
    expect(path.basename(again.file)).toBe("site-20250606-070809-2.db");
  });

  it("puts the default name inside an --out directory and never overwrites an --out file", async () => {
    const live = await siteDatabase(tempDir());
    const outDir = tempDir();
    const result = await backupSqliteDatabase(live, { out: outDir });
    expect(path.dirname(result.file)).toBe(outDir);
    await expect(backupSqliteDatabase(live, { out: result.file })).rejects.toThrow(/já existe/);
  });

  it("explains when there is no database to copy", async () => {
    const missing = path.join(tempDir(), "site.db");
    await expect(backupSqliteDatabase(missing)).rejects.toThrow(BackupError);
    await expect(backupSqliteDatabase(missing)).rejects.toThrow(/Não há banco de dados/);
  });
});
