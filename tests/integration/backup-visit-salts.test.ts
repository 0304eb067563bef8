import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, it } from "vitest";
import { postgresBackupGuide, runBackupCli } from "~/server/db/backup-cli.server";
import { database } from "~/server/db/database.server";
import { startVisitCounter } from "~/server/visits/visit-counter.server";
import { pageViewOf } from "~/server/visits/visit-request.server";
import { describeOnEachEngine } from "../support/engine-suite";
import { temporaryDirectories } from "../support/sqlite-site-file";

// A backup cannot re-identify a visitor (found by a security review): a visitor's hash is the day's
// salt, the site and the address with the User-Agent hashed together, so whoever holds a salt
// and that day's hashes can test addresses against them. The hashes may be in a backup made
// during the day; the salt never is, whichever way the backup is made.

const tempDir = temporaryDirectories("site-backup-salts-");
const PUBLIC_URL = "https://www.exemplo-condominio.com.br";
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

/**
 * Counts one visit to /obras, as the site does, so today has a salt and a visitor hash. Returns
 * every salt the live database holds (yesterday's too, past São Paulo's midnight) and a hash.
 */
async function countOneVisit(): Promise<{ salts: string[]; visitorHash: string }> {
  const counter = startVisitCounter({ flushMs: 3_600_000 });
  try {
    const url = new URL("/obras", PUBLIC_URL);
    counter.countView(
      pageViewOf(new Request(url, { headers: { "User-Agent": BROWSER } }), url, "203.0.113.7"),
    );
    await counter.flush();
  } finally {
    await counter.stop();
  }
  const db = await database();
  const salts = await db.selectFrom("visit_salts").select("salt").execute();
  const hashes = await db.selectFrom("visit_visitors").select("visitor_hash").execute();
  expect(salts.length).toBeGreaterThan(0);
  expect(hashes.length).toBeGreaterThan(0);
  return { salts: salts.map((row) => row.salt), visitorHash: hashes[0]?.visitor_hash ?? "" };
}

function quietIo() {
  const lines: string[] = [];
  const io = { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t), cwd: tempDir() };
  return { lines, io };
}

/** A custom-format dump as the SQL it restores, where a salt would appear as text. */
function dumpAsSql(dump: string): string {
  const restored = spawnSync("pg_restore", ["--file=-", dump], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 ** 2,
  });
  if (restored.status !== 0) throw new Error(`pg_restore failed:\n${restored.stderr}`);
  return restored.stdout;
}

describeOnEachEngine("a backup made during the day holds no visit salt", (engine) => {
  if (engine.name === "sqlite") {
    it("npm run db:backup: the copy keeps today's visitor hashes, not its salt, not even in its bytes", async () => {
      const { salts, visitorHash } = await countOneVisit();
      const folder = tempDir();
      const { lines, io } = quietIo();
      expect(await runBackupCli(["--out", folder], engine.env, io), lines.join("\n")).toBe(0);
      const [name] = readdirSync(folder);
      const file = path.join(folder, name ?? "");

      const copy = new DatabaseSync(file, { readOnly: true });
      try {
        expect(copy.prepare("SELECT count(*) AS n FROM visit_salts").get()).toEqual({ n: 0 });
        expect(copy.prepare("SELECT visitor_hash FROM visit_visitors").all()).toContainEqual({
          visitor_hash: visitorHash,
        });
      } finally {
        copy.close();
      }
      const bytes = readFileSync(file);
      expect(salts.filter((salt) => bytes.includes(salt))).toEqual([]);
      // The live database keeps counting with the day's salt.
      const live = await (await database()).selectFrom("visit_salts").select("salt").execute();
      expect(live.map((row) => row.salt)).toEqual(salts);
    });
  } else {
    it("npm run db:backup -- --pg-dump: the dump keeps today's visitor hashes, not its salt", async () => {
      const { salts, visitorHash } = await countOneVisit();
      const folder = tempDir();
      const { lines, io } = quietIo();
      expect(await runBackupCli(["--pg-dump", "--out", folder], engine.env, io), lines.join("\n")).toBe(0);
      const [name] = readdirSync(folder);
      const sql = dumpAsSql(path.join(folder, name ?? ""));
      expect(sql).toContain(visitorHash);
      expect(sql).toContain("visit_salts"); // the table is there, empty: a restore makes a new salt
      expect(salts.filter((salt) => sql.includes(salt))).toEqual([]);
    }, 60_000);

    it("the pg_dump command the docs give keeps no salt either", async () => {
      const { salts } = await countOneVisit();
      const command = postgresBackupGuide(engine.env, "backup")
        .split("\n")
        .find((line) => line.trim().startsWith("pg_dump "));
      const cwd = tempDir();
      const dumped = spawnSync("bash", ["-c", command ?? "false"], {
        cwd,
        env: { ...process.env, DATABASE_URL: engine.env.DATABASE_URL },
        encoding: "utf8",
      });
      expect(dumped.status, dumped.stderr).toBe(0);
      const sql = dumpAsSql(path.join(cwd, "site.dump"));
      expect(salts.filter((salt) => sql.includes(salt))).toEqual([]);
    }, 60_000);
  }
});
