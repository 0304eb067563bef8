import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  closeSync,
  copyFileSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupSqliteDatabase } from "~/server/db/backup.server";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { seedDemoContentIfEmpty } from "~/server/db/seed/seed-demo.server";
import { startServer } from "../../harness/server";

// `npm run db:backup` and `npm run db:restore` end to end: the real scripts against the real
// server, always on SQLite in temporary directories, whatever DATABASE_URL the outer
// environment has (these commands are about the SQLite file; on PostgreSQL they explain pg_dump).

const root = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];

function tempDir(prefix = "site-backup-"): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** The environment of a spawned script or server: SQLite in `dataDir`, nothing inherited. */
function sqliteEnv(dataDir: string): Record<string, string> {
  return { DATA_DIR: dataDir, DATABASE_URL: "", DATABASE_SCHEMA: "", ENV_FILE: "" };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  output: string;
}

/** Run a script asynchronously (the lead writer keeps going meanwhile). */
function runScript(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, script), ...args], {
      cwd: root,
      env: { ...process.env, INIT_CWD: root, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr, output: stdout + stderr }));
  });
}

const backupScript = "scripts/db-backup.ts";
const restoreScript = "scripts/db-restore.ts";

/**
 * Inserts quote requests into the live database through its own connection, one committed
 * transaction at a time, recording each id once its commit returned.
 */
function startLeadWriter(databasePath: string) {
  const db = new DatabaseSync(databasePath, { timeout: 10_000 });
  db.exec("PRAGMA synchronous = NORMAL");
  const insert = db.prepare(
    `INSERT INTO leads (id, name, email, phone, condominium, service, message, created_at, updated_at)
     VALUES (?, ?, ?, '41999990000', 'Condomínio Teste', 'fachada', ?, ?, ?)`,
  );
  const committed: string[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const id = randomUUID();
      const now = new Date().toISOString();
      const n = committed.length;
      insert.run(id, `Cliente ${n}`, `cliente${n}@exemplo.com.br`, `Pedido ${n} `.repeat(40), now, now);
      committed.push(id);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  })();
  return {
    committed,
    stop: async () => {
      running = false;
      await done;
      db.close();
    },
  };
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function integrity(file: string): string {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare("PRAGMA integrity_check").all() as Array<{ integrity_check: string }>)
      .map((row) => row.integrity_check)
      .join("\n");
  } finally {
    db.close();
  }
}

function leadIds(file: string): Set<string> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return new Set((db.prepare("SELECT id FROM leads").all() as Array<{ id: string }>).map((row) => row.id));
  } finally {
    db.close();
  }
}

/** A failure a person is expected to hit: one clear message, never a stack trace. */
function expectCleanFailure(run: Run, message: RegExp): void {
  expect(run.code, run.output).toBe(1);
  expect(run.stderr).toMatch(message);
  expect(run.output).not.toMatch(/^\s+at /m);
}

/** A seeded, migrated database and a backup of it, made in-process. */
let goodBackup: string;

beforeAll(async () => {
  // The server runs the production build, made current by Vitest's global set-up.
  const dir = tempDir();
  const handle = await openDatabase(databaseConfigFromEnv(sqliteEnv(dir)));
  try {
    await migrateToLatest(handle);
    await seedDemoContentIfEmpty(handle.db);
  } finally {
    await handle.close();
  }
  goodBackup = (
    await backupSqliteDatabase(path.join(dir, "site.db"), { out: path.join(tempDir(), "good.db") })
  ).file;
}, 300_000);

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("npm run db:backup / db:restore on SQLite", () => {
  it("backs up while the site serves and rows are being written; the copy restores complete and intact", async () => {
    const live = tempDir();
    const server = await startServer(sqliteEnv(live));
    let committedBefore: string[] = [];
    let committedAll: string[] = [];
    let backup: Run;
    try {
      const writer = startLeadWriter(path.join(live, "site.db"));
      try {
        await waitFor(() => writer.committed.length >= 100);
        committedBefore = [...writer.committed];
        backup = await runScript(backupScript, [], sqliteEnv(live));
        // Still writing after the backup: it never blocked the writer.
        const atEnd = writer.committed.length;
        await waitFor(() => writer.committed.length > atEnd + 5);
      } finally {
        await writer.stop();
      }
      committedAll = [...writer.committed];
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }

    expect(backup.code, backup.output).toBe(0);
    expect(backup.stdout).toMatch(/Verificação de integridade: ok/);
    expect(backup.stdout).toMatch(/pedidos de orçamento: \d/);
    const file = backup.stdout.match(/(\S+\/backups\/site-\d{8}-\d{6}(?:-\d+)?\.db)$/m)?.[1];
    expect(file, backup.stdout).toBeTruthy();
    if (!file) return;
    expect(path.dirname(file)).toBe(path.join(live, "backups"));
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const fresh = tempDir();
    const restore = await runScript(restoreScript, [file], sqliteEnv(fresh));
    expect(restore.code, restore.output).toBe(0);
    expect(restore.stdout).toMatch(/Banco restaurado em/);
    expect(restore.stdout).toMatch(/Não havia banco anterior/);

    const restored = path.join(fresh, "site.db");
    expect(integrity(restored)).toBe("ok");
    const ids = leadIds(restored);
    expect(committedBefore.filter((id) => !ids.has(id))).toEqual([]);
    // A snapshot: exactly the first N commits of the writer, nothing torn in between.
    const present = committedAll.filter((id) => ids.has(id));
    expect(present).toEqual(committedAll.slice(0, present.length));
    expect(ids.size).toBe(present.length);
    // Taken during the writes: after some that followed the start of the command, before others.
    expect(present.length).toBeGreaterThan(committedBefore.length);
    expect(present.length).toBeLessThan(committedAll.length);

    // And the site serves from the restored database.
    const again = await startServer(sqliteEnv(fresh));
    try {
      expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${again.url}/blog`)).status).toBe(200);
    } finally {
      await again.stop();
    }
  }, 120_000);

  it("refuses to restore while the site is running and touches nothing; restores once it stops", async () => {
    const live = tempDir();
    const databasePath = path.join(live, "site.db");
    const server = await startServer(sqliteEnv(live));
    let refused: Run;
    const marker = randomUUID();
    try {
      const writer = new DatabaseSync(databasePath, { timeout: 10_000 });
      writer
        .prepare(
          `INSERT INTO leads (id, name, email, phone, condominium, service, message, created_at, updated_at)
           VALUES (?, 'Antes', 'antes@exemplo.com.br', '41999990000', 'Ed. Sol', 'fachada', 'Olá', ?, ?)`,
        )
        .run(marker, new Date().toISOString(), new Date().toISOString());
      writer.close();

      const files = readdirSync(live).sort();
      const inode = statSync(databasePath).ino;
      refused = await runScript(restoreScript, [goodBackup], sqliteEnv(live));
      expect(readdirSync(live).sort()).toEqual(files);
      expect(statSync(databasePath).ino).toBe(inode);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
    expectCleanFailure(refused, /está em uso/);
    expect(leadIds(databasePath).has(marker)).toBe(true);

    const restore = await runScript(restoreScript, [goodBackup], sqliteEnv(live));
    expect(restore.code, restore.output).toBe(0);
    const aside = readdirSync(live).filter((name) => name.startsWith("site.db.before-restore-"));
    expect(aside).toHaveLength(1);
    expect(aside[0]).toMatch(/^site\.db\.before-restore-\d{8}-\d{6}$/);
    expect(restore.stdout).toContain(path.join(live, aside[0] ?? ""));
    expect(readdirSync(live).filter((name) => /^site\.db-(wal|shm)$/.test(name))).toEqual([]);
    // The previous database, with the row written just before, is kept whole beside it.
    expect(integrity(path.join(live, aside[0] ?? ""))).toBe("ok");
    expect(leadIds(path.join(live, aside[0] ?? "")).has(marker)).toBe(true);
    expect(leadIds(databasePath).has(marker)).toBe(false);
    expect(integrity(databasePath)).toBe("ok");
  }, 120_000);

  it("refuses a file that is not a SQLite database, or that does not exist", async () => {
    const live = tempDir();
    copyFileSync(goodBackup, path.join(live, "site.db"));
    const before = readFileSync(path.join(live, "site.db"));

    const text = path.join(tempDir(), "notas.db");
    writeFileSync(text, "isto é um arquivo de texto, não um banco de dados\n".repeat(50));
    expectCleanFailure(
      await runScript(restoreScript, [text], sqliteEnv(live)),
      /não é um banco de dados SQLite/,
    );
    expectCleanFailure(
      await runScript(restoreScript, [path.join(tempDir(), "nao-existe.db")], sqliteEnv(live)),
      /Arquivo não encontrado/,
    );
    expect(readdirSync(live)).toEqual(["site.db"]);
    expect(readFileSync(path.join(live, "site.db")).equals(before)).toBe(true);
  }, 60_000);

  it("refuses a truncated or corrupted copy", async () => {
    const live = tempDir();
    copyFileSync(goodBackup, path.join(live, "site.db"));
    const before = readFileSync(path.join(live, "site.db"));
    const size = statSync(goodBackup).size;

    const truncated = path.join(tempDir(), "truncado.db");
    copyFileSync(goodBackup, truncated);
    truncateSync(truncated, Math.floor(size / 2));
    expectCleanFailure(
      await runScript(restoreScript, [truncated], sqliteEnv(live)),
      /corrompido|integridade/,
    );

    // Garbage over pages in the middle of the file: the header is fine, the content is not.
    const corrupted = path.join(tempDir(), "corrompido.db");
    copyFileSync(goodBackup, corrupted);
    const fd = openSync(corrupted, "r+");
    writeSync(fd, Buffer.alloc(16 * 1024, 0xa5), 0, 16 * 1024, 4096 * 3);
    closeSync(fd);
    expectCleanFailure(
      await runScript(restoreScript, [corrupted], sqliteEnv(live)),
      /corrompido|integridade/,
    );

    expect(readdirSync(live)).toEqual(["site.db"]);
    expect(readFileSync(path.join(live, "site.db")).equals(before)).toBe(true);
  }, 60_000);
});

describe("npm run db:backup on PostgreSQL", () => {
  it("explains pg_dump and pg_restore instead, without connecting, and exits 2", async () => {
    // Port 1: nothing listens, so any connection attempt would show up as an error.
    const env = {
      DATA_DIR: tempDir(),
      DATABASE_URL: "postgres://site:segredo@127.0.0.1:1/site",
      DATABASE_SCHEMA: "site_cliente",
    };
    const backup = await runScript(backupScript, [], env);
    expect(backup.code, backup.output).toBe(2);
    expect(backup.output).toContain(
      "pg_dump --format=custom --no-owner --schema=site_cliente '--exclude-table-data=*.visit_salts' --file=site.dump \"$DATABASE_URL\"",
    );
    expect(backup.output).toContain(
      'pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" site.dump',
    );
    expect(backup.output).not.toContain("segredo");
    expect(backup.output).not.toMatch(/conectar|ECONNREFUSED/);
    expect(readdirSync(env.DATA_DIR)).toEqual([]);

    const restore = await runScript(restoreScript, [goodBackup], { ...env, DATABASE_SCHEMA: "" });
    expect(restore.code, restore.output).toBe(2);
    expect(restore.output).toContain(
      'pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" site.dump',
    );
  }, 60_000);
});
