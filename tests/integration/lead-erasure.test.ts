import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupSqliteDatabase } from "~/server/db/backup.server";
import { runRestoreCli } from "~/server/db/backup-cli.server";
import { database, startDatabase, stopDatabase } from "~/server/db/database.server";
import { erasureEmailHash, erasurePhoneHash } from "~/server/db/lead-erasures.server";
import { runReapplyErasuresCli } from "~/server/db/reapply-erasures-cli.server";
import { saveLead } from "~/server/leads/leads.server";
import { deleteLead } from "~/server/leads/leads-admin.server";
import { describeOnEachEngine } from "../support/engine-suite";
import { validQuote } from "../support/quote-requests";
import { leadIds, temporaryDirectories } from "../support/sqlite-site-file";
import { testEngines } from "../support/test-database";

// LGPD erasure of a quote request: the request is gone, from the database's files too, the
// erasure log keeps only its id and hashes, and restoring an older backup never brings the
// person back.

const tempDir = temporaryDirectories("site-erasure-");

let serial = 0;
/** A quote request (with its notification e-mail) from a person nobody else shares. */
async function newLead(label: string) {
  const n = ++serial;
  const email = `pessoa-${label}-${n}-${process.pid}@exemplo.com.br`;
  const phone = `(41) 98888-${String(1000 + n)}`;
  const message = `Mensagem confidencial ${label} ${n}: `.repeat(40);
  const { id } = await saveLead({ ...validQuote, email, phone, message });
  return { id, email, phone, message };
}

async function erasureLog() {
  const db = await database();
  return db.selectFrom("lead_erasures").selectAll().execute();
}

function io(cwd: string) {
  const lines: string[] = [];
  return { lines, cli: { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t), cwd } };
}

describeOnEachEngine("erasing a quote request", () => {
  it("deletes the request and its e-mail, and logs only its id and hashes", async () => {
    const lead = await newLead("log");
    const kept = await newLead("mantido");
    expect(await deleteLead(lead.id)).toBe(true);

    const db = await database();
    const leads = await db.selectFrom("leads").select("id").execute();
    expect(leads.map((row) => row.id)).toEqual([kept.id]);
    const outbox = await db.selectFrom("outbox").select("lead_id").execute();
    expect(outbox.map((row) => row.lead_id)).toEqual([kept.id]);

    const log = await erasureLog();
    expect(log).toHaveLength(1);
    const [entry] = log;
    expect(entry).toMatchObject({
      lead_id: lead.id,
      email_hash: erasureEmailHash(lead.email),
      phone_hash: erasurePhoneHash(lead.phone),
    });
    // The same person typing their e-mail or phone differently still matches.
    expect(entry?.email_hash).toBe(erasureEmailHash(` ${lead.email.toUpperCase()} `));
    expect(entry?.phone_hash).toBe(erasurePhoneHash(lead.phone.replace(/\D/g, "")));
    const stored = JSON.stringify(entry);
    expect(stored).not.toContain(lead.email);
    expect(stored).not.toContain(lead.phone.replace(/\D/g, ""));
    expect(stored).not.toContain("pessoa-log");

    // Deleting it again finds nothing and logs nothing more.
    expect(await deleteLead(lead.id)).toBe(false);
    expect(await erasureLog()).toHaveLength(1);
  });
});

describe("on SQLite, the erased text leaves the database's files", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = tempDir();
    await startDatabase({ DATA_DIR: dataDir, DATABASE_URL: "", DATABASE_SCHEMA: "" });
  });
  afterAll(async () => {
    await stopDatabase();
  });

  it("has neither the e-mail nor the message in site.db or site.db-wal after the deletion", async () => {
    const lead = await newLead("apagado");
    const file = path.join(dataDir, "site.db");
    const handle = await startDatabase();
    // As on a site that has run a while: the request is in the main file (checkpointed) and
    // its earlier page versions are still in the WAL.
    await sql`PRAGMA wal_checkpoint(PASSIVE)`.execute(handle.db);
    const bytes = () =>
      Buffer.concat([
        readFileSync(file),
        existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`) : Buffer.alloc(0),
      ]);
    expect(bytes().includes(lead.email)).toBe(true);

    expect(await deleteLead(lead.id)).toBe(true);
    // The site keeps running (its connection open): what is on disk now is what a copy of
    // the files would hold.
    const after = bytes();
    expect(after.includes(lead.email)).toBe(false);
    expect(after.includes(Buffer.from(lead.message.slice(0, 40)))).toBe(false);
    expect(after.includes(lead.phone)).toBe(false);
  });
});

describe("restoring a backup taken before an erasure (SQLite)", () => {
  it("deletes the request again, carries the log over, and says how many were re-erased", async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, DATABASE_URL: "", DATABASE_SCHEMA: "" };
    await startDatabase(env);
    let erased: Awaited<ReturnType<typeof newLead>>;
    let kept: Awaited<ReturnType<typeof newLead>>;
    let backupFile: string;
    try {
      erased = await newLead("restaurado");
      kept = await newLead("fica");
      backupFile = (await backupSqliteDatabase(path.join(dataDir, "site.db"))).file;
      expect(leadIds(backupFile).has(erased.id)).toBe(true);
      expect(await deleteLead(erased.id)).toBe(true);
    } finally {
      await stopDatabase();
    }

    const { lines, cli } = io(tempDir());
    const code = await runRestoreCli([backupFile], env, cli);
    const output = lines.join("\n");
    expect(code, output).toBe(0);
    const restored = path.join(dataDir, "site.db");
    const ids = leadIds(restored);
    expect(ids.has(erased.id)).toBe(false);
    expect(ids.has(kept.id)).toBe(true);
    expect(output).toContain(
      "Exclusões a pedido do titular (LGPD) reaplicadas: 1 pedido de orçamento apagado de novo",
    );

    await startDatabase(env);
    try {
      const log = await erasureLog();
      expect(log.map((row) => row.lead_id)).toEqual([erased.id]);
      expect(log[0]?.email_hash).toBe(erasureEmailHash(erased.email));
      expect(JSON.stringify(log)).not.toContain(erased.email);
      const db = await database();
      expect(await db.selectFrom("outbox").select("lead_id").execute()).toEqual([{ lead_id: kept.id }]);
    } finally {
      await stopDatabase();
    }
    // The restored file keeps nothing of the request in its free pages either.
    expect(readFileSync(restored).includes(erased.email)).toBe(false);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)("pg_restore, then npm run db:reapply-erasures (PostgreSQL)", () => {
  const engines = testEngines();
  const engine = engines.find((candidate) => candidate.name === "postgres");
  afterAll(async () => {
    await Promise.all(engines.map((candidate) => candidate.drop()));
  });

  it("puts the saved log back and deletes again the requests the dump brought back", async () => {
    if (!engine) throw new Error("TEST_DATABASE_URL is set but there is no PostgreSQL engine");
    const schema = engine.env.DATABASE_SCHEMA ?? "";
    const url = engine.env.DATABASE_URL ?? "";
    const dir = tempDir();
    const dump = path.join(dir, "site.dump");
    const run = (command: string, args: string[]) => {
      const result = spawnSync(command, args, { encoding: "utf8" });
      if (result.status !== 0) throw new Error(`${command} failed:\n${result.stderr}`);
    };

    await startDatabase(engine.env);
    let erased: Awaited<ReturnType<typeof newLead>>;
    let kept: Awaited<ReturnType<typeof newLead>>;
    try {
      erased = await newLead("pg");
      kept = await newLead("pg-fica");
      run("pg_dump", ["--format=custom", "--no-owner", `--schema=${schema}`, `--file=${dump}`, url]);
      expect(await deleteLead(erased.id)).toBe(true);
    } finally {
      await stopDatabase();
    }

    const { lines, cli } = io(dir);
    expect(await runReapplyErasuresCli(["--save", "exclusoes.json"], engine.env, cli), lines.join("\n")).toBe(
      0,
    );
    const saved = readFileSync(path.join(dir, "exclusoes.json"), "utf8");
    expect(saved).toContain(erased.id);
    expect(saved).not.toContain(erased.email);

    run("pg_restore", ["--clean", "--if-exists", "--no-owner", "--dbname", url, dump]);
    await startDatabase(engine.env);
    try {
      const db = await database();
      const back = await db.selectFrom("leads").select("id").execute();
      expect(back.map((row) => row.id).sort()).toEqual([erased.id, kept.id].sort());
    } finally {
      await stopDatabase();
    }

    expect(await runReapplyErasuresCli(["exclusoes.json"], engine.env, cli), lines.join("\n")).toBe(0);
    expect(lines.join("\n")).toContain("1 pedido de orçamento apagado de novo (registro com 1 exclusão)");
    await startDatabase(engine.env);
    try {
      const db = await database();
      const left = await db.selectFrom("leads").select("id").execute();
      expect(left.map((row) => row.id)).toEqual([kept.id]);
      expect((await erasureLog()).map((row) => row.lead_id)).toEqual([erased.id]);
    } finally {
      await stopDatabase();
    }
  }, 60_000); // pg_dump, pg_restore and two migrations of a whole schema: seconds, more on a busy machine
});
