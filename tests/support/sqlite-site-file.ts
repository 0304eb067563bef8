import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll } from "vitest";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { migrationProvider } from "~/server/db/migrations/index.server";

// SQLite site databases as files, for the backup, restore and erasure tests.

/** A function that makes temporary directories, all removed after the test file. */
export function temporaryDirectories(prefix: string): () => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

/** A site database at `dir`/site.db, migrated up to `upTo` (all migrations by default). */
export async function siteDatabase(dir: string, upTo?: string): Promise<string> {
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

/** Run SQL on a database file through a connection of its own. */
export function alter(file: string, statements: string): void {
  const db = new DatabaseSync(file);
  try {
    db.exec(statements);
  } finally {
    db.close();
  }
}

/** Insert a quote request straight into a database file. */
export function insertLead(file: string, lead: { id: string; email: string; phone?: string }): void {
  const db = new DatabaseSync(file);
  try {
    db.prepare(
      `INSERT INTO leads (id, name, email, phone, condominium, service, message, created_at, updated_at)
       VALUES (?, 'Ana', ?, ?, 'Ed. Sol', 'fachada', 'Olá', '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z')`,
    ).run(lead.id, lead.email, lead.phone ?? "41999990000");
  } finally {
    db.close();
  }
}

/** The ids of the quote requests in a database file. */
export function leadIds(file: string): Set<string> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return new Set((db.prepare("SELECT id FROM leads").all() as Array<{ id: string }>).map((row) => row.id));
  } finally {
    db.close();
  }
}
