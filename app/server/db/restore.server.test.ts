import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { beforeAll, describe, expect, it } from "vitest";
import {
  alter,
  insertLead,
  leadIds,
  siteDatabase,
  temporaryDirectories,
} from "../../../tests/support/sqlite-site-file";
import { backupSqliteDatabase } from "./backup.server";
import { migrationProvider } from "./migrations/index.server";
import { restoreSqliteBackup } from "./restore.server";

const tempDir = temporaryDirectories("site-restore-unit-");

let backupFile: string;

beforeAll(async () => {
  const live = await siteDatabase(tempDir());
  alter(
    live,
    `INSERT INTO categories (id, name, slug, created_at) VALUES ('c1', 'Fachadas', 'fachadas', '2025-01-01T00:00:00Z');
     INSERT INTO leads (id, name, email, phone, condominium, service, message, created_at, updated_at)
       VALUES ('l1', 'Ana', 'ana@exemplo.com.br', '41999990000', 'Ed. Sol', 'fachada', 'Olá', '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z');`,
  );
  backupFile = (await backupSqliteDatabase(live, { out: path.join(tempDir(), "fixture.db") })).file;
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
    const target = await siteDatabase(tempDir());
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
    const old = await siteDatabase(tempDir(), "0001-blog");
    const target = path.join(tempDir(), "site.db");
    const result = await restoreSqliteBackup(old, target);
    expect(result.migrations).toEqual(["0001-blog"]);
    const all = Object.keys(await migrationProvider.getMigrations()).sort();
    expect(result.pending).toEqual(all.slice(1));
    expect(result.pending.slice(0, 3)).toEqual(["0002-admin", "0003-leads", "0004-content-changes"]);
    expect(result.counts.find((c) => c.table === "leads")?.rows).toBeNull();
  });

  it("refuses a backup from a newer version", async () => {
    const newer = path.join(tempDir(), "newer.db");
    await backupSqliteDatabase(await siteDatabase(tempDir()), { out: newer });
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
    await backupSqliteDatabase(await siteDatabase(tempDir()), { out: noTable });
    alter(noTable, "DROP TABLE outbox");
    await expect(restoreSqliteBackup(noTable, target)).rejects.toThrow(/falta: tabela outbox/);

    const noColumn = path.join(tempDir(), "no-column.db");
    await backupSqliteDatabase(await siteDatabase(tempDir()), { out: noColumn });
    alter(noColumn, "ALTER TABLE leads DROP COLUMN note");
    await expect(restoreSqliteBackup(noColumn, target)).rejects.toThrow(/coluna leads\.note/);
    expect(readdirSync(path.dirname(target))).toEqual([]);
  });

  it("refuses a backup with a -wal file next to it", async () => {
    const dir = tempDir();
    const file = path.join(dir, "copy.db");
    await backupSqliteDatabase(await siteDatabase(tempDir()), { out: file });
    writeFileSync(`${file}-wal`, "frames");
    await expect(restoreSqliteBackup(file, path.join(tempDir(), "site.db"))).rejects.toThrow(/-wal/);
  });

  it("refuses while another connection has the database open, and changes nothing", async () => {
    const target = await siteDatabase(tempDir());
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

  it("re-applies the live database's erasure log, migrating a backup that predates it", async () => {
    const all = Object.keys(await migrationProvider.getMigrations()).sort();
    const beforeLog = all[all.indexOf("0005-lead-erasures") - 1] ?? "";
    const old = await siteDatabase(tempDir(), beforeLog);
    insertLead(old, { id: "apagado", email: "apagado@exemplo.com.br" });
    insertLead(old, { id: "fica", email: "fica@exemplo.com.br" });
    const target = await siteDatabase(tempDir());
    alter(
      target,
      `INSERT INTO lead_erasures (lead_id, email_hash, phone_hash, erased_at)
         VALUES ('apagado', '${"a".repeat(64)}', '${"b".repeat(64)}', '2025-02-01T00:00:00.000Z')`,
    );

    const result = await restoreSqliteBackup(old, target);
    expect(result.erasures).toEqual({
      reErased: 1,
      otherRowsReErased: 0,
      logged: 1,
      migratedNow: all.slice(all.indexOf(beforeLog) + 1),
    });
    expect(result.pending).toEqual([]);
    expect(result.counts.find((c) => c.table === "leads")?.rows).toBe(1);
    expect([...leadIds(target)]).toEqual(["fica"]);

    // Without a log to carry, an older backup is left for the site to migrate on start.
    const untouched = await restoreSqliteBackup(old, path.join(tempDir(), "site.db"));
    expect(untouched.erasures).toBeNull();
    expect(untouched.pending).toContain("0005-lead-erasures");
  });
});
