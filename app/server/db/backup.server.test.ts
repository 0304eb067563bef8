import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BackupError,
  backupSqliteDatabase,
  backupTimestamp,
  defaultBackupPath,
  formatBytes,
  postgresBackupGuide,
  restoreSqliteBackup,
  runBackupCli,
  runRestoreCli,
} from "./backup.server";
import { databaseConfigFromEnv } from "./config.server";
import { openDatabase } from "./connection.server";
import { migrateToLatest } from "./migrate.server";
import { migrationProvider } from "./migrations/index.server";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "site-backup-unit-"));
  dirs.push(dir);
  return dir;
}

/** A site database in a new DATA_DIR, migrated up to `upTo` (all migrations by default). */
async function siteDatabase(upTo?: string): Promise<string> {
  const dir = tempDir();
  const handle = await openDatabase(databaseConfigFromEnv({ DATA_DIR: dir }));
  try {
    const all = await migrationProvider.getMigrations();
    const names = Object.keys(all).sort();
    const chosen = upTo ? names.slice(0, names.indexOf(upTo) + 1) : names;
    await migrateToLatest(handle, {
      getMigrations: async () => Object.fromEntries(chosen.map((name) => [name, all[name]])) as typeof all,
    });
  } finally {
    await handle.close();
  }
  return path.join(dir, "site.db");
}

function alter(file: string, statements: string): void {
  const db = new DatabaseSync(file);
  try {
    db.exec(statements);
  } finally {
    db.close();
  }
}

let backupFile: string;

beforeAll(async () => {
  const live = await siteDatabase();
  alter(
    live,
    `INSERT INTO categories (id, name, slug, created_at) VALUES ('c1', 'Fachadas', 'fachadas', '2025-01-01T00:00:00Z');
     INSERT INTO leads (id, name, email, phone, condominium, service, message, created_at, updated_at)
       VALUES ('l1', 'Ana', 'ana@exemplo.com.br', '41999990000', 'Ed. Sol', 'fachada', 'Olá', '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z');`,
  );
  backupFile = (await backupSqliteDatabase(live, { out: path.join(tempDir(), "fixture.db") })).file;
});

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("backup file names", () => {
  it("names backups by local time, sortable, under $DATA_DIR/backups", () => {
    const date = new Date(2025, 0, 2, 3, 4, 5);
    expect(backupTimestamp(date)).toBe("20250102-030405");
    expect(defaultBackupPath("/srv/site/data/site.db", date)).toBe(
      "/srv/site/data/backups/site-20250102-030405.db",
    );
    expect(backupTimestamp(new Date(2025, 11, 31, 23, 59, 59)) > backupTimestamp(date)).toBe(true);
  });

  it("formats sizes the Brazilian way", () => {
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(1536)).toBe("1,5 KB");
    expect(formatBytes(5 * 1024 * 1024)).toBe("5 MB");
  });
});

describe("backupSqliteDatabase", () => {
  it("copies, checks and counts, as a single self-contained file", async () => {
    const live = await siteDatabase();
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
    const live = await siteDatabase();
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

describe("restoreSqliteBackup", () => {
  it("restores into an empty DATA_DIR", async () => {
    const target = path.join(tempDir(), "site.db");
    const result = await restoreSqliteBackup(backupFile, target);
    expect(result.movedAside).toEqual([]);
    expect(result.pending).toEqual([]);
    expect(result.counts.find((c) => c.table === "leads")?.rows).toBe(1);
    expect(readdirSync(path.dirname(target))).toEqual(["site.db"]);
  });

  it("keeps the previous database, with its -wal file, under a before-restore name", async () => {
    const target = await siteDatabase();
    writeFileSync(`${target}-wal`, "");
    const result = await restoreSqliteBackup(backupFile, target, { now: new Date(2025, 0, 1, 10, 0, 0) });
    const aside = `${target}.before-restore-20250101-100000`;
    expect(result.movedAside[0]).toBe(aside);
    expect(existsSync(aside)).toBe(true);
    expect(existsSync(`${target}-wal`)).toBe(false);
    expect(readdirSync(path.dirname(target)).sort()).toEqual(
      ["site.db", "site.db.before-restore-20250101-100000"].sort(),
    );
  });

  it("accepts a backup from an older version: the site migrates it on start", async () => {
    const old = await siteDatabase("0001-blog");
    const target = path.join(tempDir(), "site.db");
    const result = await restoreSqliteBackup(old, target);
    expect(result.migrations).toEqual(["0001-blog"]);
    expect(result.pending).toEqual(["0002-admin", "0003-leads", "0004-content-changes"]);
    expect(result.counts.find((c) => c.table === "leads")?.rows).toBeNull();
  });

  it("refuses a backup from a newer version", async () => {
    const newer = path.join(tempDir(), "newer.db");
    await backupSqliteDatabase(await siteDatabase(), { out: newer });
    alter(newer, "INSERT INTO schema_migrations (name, timestamp) VALUES ('9999-futuro', '2099-01-01')");
    const target = path.join(tempDir(), "site.db");
    await expect(restoreSqliteBackup(newer, target)).rejects.toThrow(/versão mais nova.*9999-futuro/s);
    expect(readdirSync(path.dirname(target))).toEqual([]);
  });

  it("refuses a SQLite database that is not this site's, or lacks a table or column", async () => {
    const foreign = path.join(tempDir(), "foreign.db");
    alter(foreign, "CREATE TABLE notes (id integer primary key, body text)");
    const target = path.join(tempDir(), "site.db");
    await expect(restoreSqliteBackup(foreign, target)).rejects.toThrow(/não é um banco deste site/);

    const noTable = path.join(tempDir(), "no-table.db");
    await backupSqliteDatabase(await siteDatabase(), { out: noTable });
    alter(noTable, "DROP TABLE outbox");
    await expect(restoreSqliteBackup(noTable, target)).rejects.toThrow(/falta: tabela outbox/);

    const noColumn = path.join(tempDir(), "no-column.db");
    await backupSqliteDatabase(await siteDatabase(), { out: noColumn });
    alter(noColumn, "ALTER TABLE leads DROP COLUMN note");
    await expect(restoreSqliteBackup(noColumn, target)).rejects.toThrow(/coluna leads\.note/);
    expect(readdirSync(path.dirname(target))).toEqual([]);
  });

  it("refuses a backup with a -wal file next to it", async () => {
    const dir = tempDir();
    const file = path.join(dir, "copy.db");
    await backupSqliteDatabase(await siteDatabase(), { out: file });
    writeFileSync(`${file}-wal`, "frames");
    await expect(restoreSqliteBackup(file, path.join(tempDir(), "site.db"))).rejects.toThrow(/-wal/);
  });

  it("refuses while another connection has the database open, and changes nothing", async () => {
    const target = await siteDatabase();
    const site = new DatabaseSync(target);
    site.exec("PRAGMA journal_mode = WAL");
    site.prepare("SELECT count(*) FROM leads").get();
    try {
      const before = readdirSync(path.dirname(target)).sort();
      await expect(restoreSqliteBackup(backupFile, target)).rejects.toThrow(/está em uso/);
      expect(readdirSync(path.dirname(target)).sort()).toEqual(before);
    } finally {
      site.close();
    }
    await expect(restoreSqliteBackup(backupFile, target)).resolves.toMatchObject({ target });
  });

  it("moves a damaged database aside as it is", async () => {
    const dir = tempDir();
    const target = path.join(dir, "site.db");
    writeFileSync(target, "x".repeat(4096));
    const result = await restoreSqliteBackup(backupFile, target);
    expect(result.previousDamaged).toMatch(/not a database/);
    expect(result.movedAside).toHaveLength(1);
  });
});

describe("command line", () => {
  function io() {
    const lines: string[] = [];
    return {
      lines,
      io: { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t), cwd: tempDir() },
    };
  }

  it("resolves relative paths from where the command was typed", async () => {
    const live = await siteDatabase();
    const { io: cli, lines } = io();
    mkdirSync(path.join(cli.cwd, "copias"));
    const code = await runBackupCli(["--out", "copias/agora.db"], { DATA_DIR: path.dirname(live) }, cli);
    expect(code, lines.join("\n")).toBe(0);
    expect(existsSync(path.join(cli.cwd, "copias/agora.db"))).toBe(true);

    const restoreDir = tempDir();
    const restored = await runRestoreCli(["copias/agora.db"], { DATA_DIR: restoreDir }, cli);
    expect(restored, lines.join("\n")).toBe(0);
    expect(lines.join("\n")).toMatch(/Banco restaurado em/);
  });

  it("answers usage errors with exit code 2", async () => {
    const { io: cli, lines } = io();
    expect(await runRestoreCli([], {}, cli)).toBe(2);
    expect(await runRestoreCli(["a.db", "b.db"], {}, cli)).toBe(2);
    expect(await runBackupCli(["--desconhecida"], {}, cli)).toBe(2);
    expect(lines.join("\n")).toMatch(/Uso: npm run db:backup/);
  });

  it("prints the pg_dump and pg_restore commands on PostgreSQL and exits 2", async () => {
    const env = { DATABASE_URL: "postgres://site:segredo@db.exemplo:5432/site", DATABASE_SCHEMA: "cliente" };
    const guide = postgresBackupGuide(env, "backup");
    expect(guide).toContain(
      'pg_dump --format=custom --no-owner --schema=cliente --file=site.dump "$DATABASE_URL"',
    );
    expect(guide).toContain('pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" site.dump');
    expect(guide).not.toContain("segredo");
    const { io: cli, lines } = io();
    expect(await runBackupCli([], env, cli)).toBe(2);
    expect(await runRestoreCli(["site.db"], { DATABASE_URL: env.DATABASE_URL }, cli)).toBe(2);
    expect(lines.join("\n")).toContain('pg_dump --format=custom --no-owner --file=site.dump "$DATABASE_URL"');
  });
});
