import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { siteDatabase, temporaryDirectories } from "../../../tests/support/sqlite-site-file";
import { formatBytes, postgresBackupGuide, runBackupCli, runRestoreCli } from "./backup-cli.server";

const tempDir = temporaryDirectories("site-backup-cli-");

function io() {
  const lines: string[] = [];
  return {
    lines,
    io: { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t), cwd: tempDir() },
  };
}

describe("command line", () => {
  it("formats sizes the Brazilian way", () => {
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(1536)).toBe("1,5 KB");
    expect(formatBytes(5 * 1024 * 1024)).toBe("5 MB");
  });

  it("resolves relative paths from where the command was typed", async () => {
    const live = await siteDatabase(tempDir());
    const { io: cli, lines } = io();
    mkdirSync(path.join(cli.cwd, "copias"));
    const code = await runBackupCli(["--out", "copias/agora.db"], { DATA_DIR: path.dirname(live) }, cli);
    expect(code, lines.join("\n")).toBe(0);
    expect(existsSync(path.join(cli.cwd, "copias/agora.db"))).toBe(true);
    // The site's database now says when, and where, its last backup was made (the admin's
    // health list reads it); the copy itself does not hold its own record.
    const recorded = (file: string) => {
      const db = new DatabaseSync(file, { readOnly: true });
      try {
        return db.prepare("SELECT value FROM settings WHERE key = 'last_backup'").get() as
          | { value: string }
          | undefined;
      } finally {
        db.close();
      }
    };
    const record = JSON.parse(recorded(live)?.value ?? "null");
    expect(record).toMatchObject({ file: path.join(cli.cwd, "copias/agora.db"), bytes: expect.any(Number) });
    expect(Date.now() - Date.parse(record.finishedAt)).toBeLessThan(60_000);
    expect(recorded(path.join(cli.cwd, "copias/agora.db"))).toBeUndefined();

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
      "pg_dump --format=custom --no-owner --schema=cliente '--exclude-table-data=*.visit_salts' --file=site.dump \"$DATABASE_URL\"",
    );
    expect(guide).toContain('pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" site.dump');
    expect(guide).not.toContain("segredo");
    const { io: cli, lines } = io();
    expect(await runBackupCli([], env, cli)).toBe(2);
    expect(await runRestoreCli(["site.db"], { DATABASE_URL: env.DATABASE_URL }, cli)).toBe(2);
    expect(lines.join("\n")).toContain(
      "pg_dump --format=custom --no-owner '--exclude-table-data=*.visit_salts' --file=site.dump \"$DATABASE_URL\"",
    );
  });
});
