import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as leadsCsvLoader } from "~/routes/admin-solicitacoes-csv";
import { recordEvent } from "~/server/accounts/rate-limit.server";
import { createSession } from "~/server/accounts/sessions.server";
import { recordAudit } from "~/server/audit/audit-log.server";
import { backupSqliteDatabase } from "~/server/db/backup.server";
import { runRestoreCli } from "~/server/db/backup-cli.server";
import { database, startDatabase, stopDatabase } from "~/server/db/database.server";
import { runReapplyErasuresCli } from "~/server/db/reapply-erasures-cli.server";
import { leadMention } from "~/server/leads/lead-audit.server";
import { addLeadNote } from "~/server/leads/lead-pipeline.server";
import { sendEmailReply, startWhatsappReply } from "~/server/leads/lead-replies.server";
import { saveLead } from "~/server/leads/leads.server";
import { parseDataSubject } from "~/server/personal-data/data-subject.server";
import { erasePersonalData, findPersonalData } from "~/server/personal-data/personal-data.server";
import { createInvitation } from "~/server/team/invitations.server";
import { insertUser } from "../support/db";
import { validQuote } from "../support/quote-requests";
import { temporaryDirectories } from "../support/sqlite-site-file";
import { type TestEngine, testEngines } from "../support/test-database";
import { everyTextValue } from "../support/text-values";

// Erasure everywhere (docs/decisions/0046): a person found by name, erased, stays erased in
// every table after a backup taken before the erasure is restored (db:restore on SQLite,
// pg_restore + db:reapply-erasures on PostgreSQL), and not even the SQLite file's bytes hold
// them. The logs keep keyed hashes only; the CSV export's audit entry keeps no search text.

const tempDir = temporaryDirectories("site-erasure-everywhere-");
const SITE = "http://localhost:3000";

function subject(typed: string) {
  const parsed = parseDataSubject(typed);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.subject;
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

function quiet() {
  const lines: string[] = [];
  return {
    lines,
    io: { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t), cwd: tempDir() },
  };
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} failed:\n${result.stderr}`);
}

/**
 * Take a backup now; the function returned puts it back the way an operator would, with the
 * site stopped, and opens the database again.
 */
async function backupNow(engine: TestEngine): Promise<() => Promise<string[]>> {
  if (engine.name === "sqlite") {
    const dataDir = engine.env.DATA_DIR ?? "";
    const { file } = await backupSqliteDatabase(path.join(dataDir, "site.db"));
    return async () => {
      await stopDatabase();
      const { lines, io } = quiet();
      expect(await runRestoreCli([file], engine.env, io), lines.join("\n")).toBe(0);
      await startDatabase(engine.env);
      return lines;
    };
  }
  const url = engine.env.DATABASE_URL ?? "";
  const dump = path.join(tempDir(), "site.dump");
  run("pg_dump", [
    "--format=custom",
    "--no-owner",
    `--schema=${engine.env.DATABASE_SCHEMA}`,
    `--file=${dump}`,
    url,
  ]);
  return async () => {
    await stopDatabase();
    const { lines, io } = quiet();
    const saved = path.join(io.cwd, "exclusoes.json");
    expect(await runReapplyErasuresCli(["--save", saved], engine.env, io), lines.join("\n")).toBe(0);
    run("pg_restore", ["--clean", "--if-exists", "--no-owner", "--dbname", url, dump]);
    expect(await runReapplyErasuresCli([saved], engine.env, io), lines.join("\n")).toBe(0);
    await startDatabase(engine.env);
    return lines;
  };
}

describe.each(testEngines())("erasure everywhere on $name", (engine) => {
  let adminId: string;
  const adminEmail = `dona-${engine.name}-${process.pid}@exemplo-condominio.com.br`;
  beforeAll(async () => {
    await startDatabase(engine.env);
    adminId = await insertUser(await database(), { email: adminEmail, passwordHash: "x", role: "admin" });
  });
  afterAll(async () => {
    await stopDatabase();
    await engine.drop();
  });

  // Whole-database work (migrations, a backup and a restore) beside the PostgreSQL e2e pass:
  // seconds, not the default 5 s.
  it("backup, erase a person found by name, restore: the name and e-mail are in no table, nor the file", async () => {
    const name = `Maria Titular ${engine.name === "sqlite" ? "Quintela" : "Pacheco"}`;
    const email = `maria.titular.${engine.name}.${process.pid}@exemplo.com.br`;
    const phone = "(41) 97531-8642";
    const owner = { user: { id: adminId, email: adminEmail } };
    const lead = await saveLead(
      { ...validQuote, name, email, phone },
      { confirmation: "Recebemos seu pedido." },
    );
    const bystander = await saveLead({
      ...validQuote,
      name: "Outra Pessoa",
      email: `outra-${engine.name}@exemplo.com.br`,
    });
    // What the review found coming back: the view of her request (her name and e-mail), an
    // export searched by her name (an entry from before decision 0046), her invitation, its
    // e-mail and her rate-limit events.
    await recordAudit(owner, { action: "lead.view", ...leadMention({ ...lead, name, email }) });
    await recordAudit(owner, { action: "lead.export", details: { filters: { search: name }, rows: 1 } });
    await recordEvent(`reset:email:${email}`);
    expect(await createInvitation(adminId, { email, role: "editor" }, "Alvorada")).toEqual({ ok: true });
    // The team worked on her request: a note, an e-mail reply and a WhatsApp contact naming her,
    // each on the request's timeline (the reply also in the outbox).
    const team = { id: adminId, email: adminEmail, name: "Dona" };
    const noteMarker = `nota-particular-${engine.name}-${process.pid}`;
    expect(await addLeadNote(lead.id, `${noteMarker}: ${name} prefere ligação à tarde.`, team)).toBe(true);
    expect(
      await sendEmailReply(
        lead.id,
        { subject: "Seu orçamento", text: `Olá, ${name}! Podemos visitar na terça?` },
        team,
      ),
    ).toBe(true);
    expect((await startWhatsappReply(lead.id, `Olá, ${name}!`, team)).ok).toBe(true);
    const timelineTexts = async () =>
      (await everyTextValue(await database())).filter(({ value }) => value.includes(noteMarker));
    const naming = async () => {
      const values = await everyTextValue(await database());
      const lowerName = name.toLowerCase();
      return values
        .filter(({ value }) => value.toLowerCase().includes(lowerName) || value.toLowerCase().includes(email))
        .map(({ place }) => place);
    };
    expect((await naming()).length).toBeGreaterThan(4);

    const restore = await backupNow(engine);

    // By name: her requests, their e-mails and the audit entries about them or naming her.
    const byName = await findPersonalData(subject(`  maria   titular ${name.split(" ")[2]} `));
    const found = (key: string) => byName.find((section) => section.key === key)?.records.length;
    expect(found("leads")).toBe(1);
    expect(found("auditEntries")).toBe(2);
    // The note, the reply, the WhatsApp contact and the move to "Em contato".
    expect(found("leadEvents")).toBe(4);
    expect(await timelineTexts()).not.toEqual([]);
    await erasePersonalData(subject(name), adminId);
    // By e-mail: what only the address names (the invitation, its e-mail, the rate-limit events).
    await erasePersonalData(subject(email), adminId);
    expect(await naming()).toEqual([]);
    expect(await timelineTexts()).toEqual([]);

    const lines = await restore();
    expect(lines.join("\n")).toMatch(/Outros registros sobre titulares excluídos .*: [1-9]/);
    expect(await naming()).toEqual([]);
    expect(await timelineTexts()).toEqual([]);
    const events = await (await database()).selectFrom("lead_events").select("lead_id").execute();
    expect(events.filter((event) => event.lead_id === lead.id)).toEqual([]);
    const leads = await (await database()).selectFrom("leads").select("id").execute();
    expect(leads.map((row) => row.id)).toEqual([bystander.id]);

    // Nor the bytes of the restored SQLite file (free pages included).
    if (engine.name === "sqlite") {
      const file = path.join(engine.env.DATA_DIR ?? "", "site.db");
      await stopDatabase();
      const bytes = Buffer.concat([
        readFileSync(file),
        existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`) : Buffer.alloc(0),
      ]);
      expect(bytes.includes(email)).toBe(false);
      expect(bytes.includes(name)).toBe(false);
      expect(bytes.includes(noteMarker)).toBe(false);
      await startDatabase(engine.env);
    }

    // The erasure log and the request log keep no plain SHA-256 a stolen backup could brute-force.
    const values = (await everyTextValue(await database())).map(({ value }) => value).join("\n");
    for (const plain of [email, phone.replace(/\D/g, ""), "5541975318642", name.toLowerCase()]) {
      expect(values).not.toContain(sha256(plain));
    }
    const log = await (await database()).selectFrom("lead_erasures").select("lead_id").execute();
    expect(log).toEqual([{ lead_id: lead.id }]);
  }, 30_000);

  it("keeps no typed search text in the CSV export's audit entry", async () => {
    const typed = `Maria Buscada ${engine.name}`;
    const cookie = (await createSession(new Request(SITE), adminId)).split(";")[0] ?? "";
    const response = await leadsCsvLoader({
      request: new Request(`${SITE}/admin/solicitacoes.csv?busca=${encodeURIComponent(typed)}&status=novo`, {
        headers: { Cookie: cookie },
      }),
      params: {},
      context: {},
    } as unknown as Parameters<typeof leadsCsvLoader>[0]);
    expect(response.status).toBe(200);
    const db = await database();
    const entries = await db
      .selectFrom("audit_log")
      .select(["target_label", "details", "subject"])
      .where("action", "=", "lead.export")
      .where("user_id", "=", adminId)
      .execute();
    const entry = entries.at(-1);
    expect(JSON.parse(entry?.details ?? "{}")).toMatchObject({
      filters: { status: "novo" },
      searched: true,
      rows: 0,
    });
    expect(JSON.stringify(entries)).not.toContain("Buscada");
    expect(entry?.subject).toBeNull();
  });
});
