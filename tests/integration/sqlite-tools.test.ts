import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { seedDemoContentIfEmpty } from "~/server/db/seed/seed-demo.server";
import { siteDatabase, temporaryDirectories } from "../support/sqlite-site-file";

// The site's SQLite file opens with the tools an operator reaches for: Debian 12's own sqlite3
// (SQLite 3.40), which parses the whole schema on opening, as Python's sqlite3 module and DB
// Browser do. A seeded database brought to the latest migration (as an upgraded site is) passes
// integrity_check, every table answers a select, the blog's search index holds every published
// post, and the search copies kept by triggers are right when that sqlite3 writes.
// .ci/run installs Debian's sqlite3 package.

const tempDir = temporaryDirectories("site-sqlite-tools-");

function sqlite3(file: string, statements: string): string {
  const run = spawnSync("sqlite3", ["-batch", file, statements], { encoding: "utf8" });
  if (run.error) throw new Error(`sqlite3 is missing (apt-get install sqlite3): ${run.error.message}`);
  if (run.status !== 0 || run.stderr) {
    throw new Error(`sqlite3 failed (${run.status}): ${run.stderr}\n${statements}`);
  }
  return run.stdout.trim();
}

let file: string;

beforeAll(async () => {
  const dir = tempDir();
  // Seeded before the migration that rewrote the search parts, which must carry the data over.
  await siteDatabase(dir, "0022-erasure-everywhere");
  const handle = await openDatabase(databaseConfigFromEnv({ DATA_DIR: dir }));
  try {
    await seedDemoContentIfEmpty(handle.db);
  } finally {
    await handle.close();
  }
  file = await siteDatabase(dir);
});

describe("Debian's sqlite3 on the site's database", () => {
  it("is a SQLite older than the features the schema once needed (the check is not vacuous)", () => {
    const [major, minor] = sqlite3(":memory:", "select sqlite_version()").split(".").map(Number);
    // 3.43 brought FTS5's contentless_delete; 3.46 the parser that takes 48 nested calls.
    expect(major).toBe(3);
    expect(minor).toBeLessThan(43);
  });

  it("passes integrity_check and selects from every table", () => {
    expect(sqlite3(file, "PRAGMA integrity_check")).toBe("ok");
    const tables = sqlite3(file, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").split(
      "\n",
    );
    expect(tables).toContain("blog_search");
    expect(tables).toContain("admin_lead_search");
    for (const table of tables) {
      expect(sqlite3(file, `SELECT count(*) FROM "${table}"`), table).toMatch(/^\d+$/);
    }
    expect(sqlite3(file, "INSERT INTO blog_search(blog_search) VALUES ('integrity-check'); SELECT 1")).toBe(
      "1",
    );
    const published = sqlite3(file, "SELECT count(*) FROM blog_posts WHERE status = 'published'");
    expect(Number(published)).toBeGreaterThan(0);
    expect(sqlite3(file, "SELECT count(*) FROM blog_search")).toBe(published);
    expect(sqlite3(file, "SELECT count(*) FROM blog_search WHERE blog_search MATCH 'fachada'")).not.toBe("0");
  });

  it("keeps the search copies right when it writes: accents folded, the blog index follows", () => {
    sqlite3(
      file,
      `INSERT INTO leads (id, name, email, phone, condominium, service, message, created_at, updated_at)
       VALUES ('lead-cli', 'JOÃO Conceição', 'joao@exemplo.com.br', '41999990000', 'Ed. Sol', 'Pintura',
               'Infiltração no ÚLTIMO andar', '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z')`,
    );
    expect(sqlite3(file, "SELECT text FROM admin_lead_search WHERE lead_id = 'lead-cli'")).toBe(
      "joao conceicao\njoao@exemplo.com.br\n41999990000\ninfiltracao no ultimo andar",
    );
    sqlite3(
      file,
      `UPDATE blog_posts SET title = title || ' Zebrafachada'
       WHERE id = (SELECT post_id FROM blog_search_rows ORDER BY id LIMIT 1)`,
    );
    expect(sqlite3(file, "SELECT count(*) FROM blog_search WHERE blog_search MATCH 'zebrafachada'")).toBe(
      "1",
    );
    expect(sqlite3(file, "PRAGMA integrity_check")).toBe("ok");
  });
});
