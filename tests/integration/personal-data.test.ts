import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordEvent } from "~/server/accounts/rate-limit.server";
import { recordAudit } from "~/server/audit/audit-log.server";
import { database, startDatabase, stopDatabase } from "~/server/db/database.server";
import { erasureEmailHash, erasurePhoneHash } from "~/server/db/lead-erasures.server";
import { saveLead } from "~/server/leads/leads.server";
import { parseDataSubject } from "~/server/personal-data/data-subject.server";
import {
  erasePersonalData,
  exportPersonalData,
  findPersonalData,
} from "~/server/personal-data/personal-data.server";
import { createInvitation } from "~/server/team/invitations.server";
import { insertUser } from "../support/db";
import { validQuote } from "../support/quote-requests";
import { testEngines } from "../support/test-database";
import { everyTextValue } from "../support/text-values";

// LGPD requests: what the site holds about an e-mail or a phone is found wherever it is, and
// after the erasure no text column of any table holds the e-mail or the phone's digits, read
// back with SQL from every table the database has (not a list this test keeps).

function subject(typed: string) {
  const parsed = parseDataSubject(typed);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.subject;
}

/** The phone's digits, whatever separators were typed between them. */
const phonePattern = (digits: string) => new RegExp(digits.split("").join("[\\s().+/-]*"));

/** The whole address, not inside a longer one ("ana" + it is someone else). */
const emailPattern = (email: string) =>
  new RegExp(`(?<![\\w.%+-])${email.replace(/[.+]/g, "\\$&")}(?![\\w-]|\\.\\w)`, "i");

function holding(values: Array<{ place: string; value: string }>, email: string, phoneDigits: string) {
  const address = emailPattern(email);
  const phone = phonePattern(phoneDigits);
  return values.filter(({ value }) => address.test(value) || phone.test(value)).map(({ place }) => place);
}

const CONFIRMATION = "Recebemos seu pedido; respondemos em até um dia útil.";

describe.each(testEngines())("LGPD requests on $name", (engine) => {
  let adminId: string;
  beforeAll(async () => {
    await startDatabase(engine.env);
    adminId = await insertUser(await database(), {
      email: `dono-${process.pid}@exemplo-condominio.com.br`,
      passwordHash: "x",
      role: "admin",
    });
  });
  afterAll(async () => {
    await stopDatabase();
    await engine.drop();
  });

  it("finds, exports and erases everything about an e-mail, leaving it in no table", async () => {
    const email = `titular_${engine.name}.${process.pid}@exemplo.com.br`;
    const longer = `ana${email}`;
    const phone = "(41) 97777-1357";
    const other = { email: `outra-${engine.name}@exemplo.com.br`, phone: "(41) 96666-2468" };
    const first = await saveLead({ ...validQuote, email, phone }, { confirmation: CONFIRMATION });
    // Typed in capitals another time: the same person.
    const second = await saveLead(
      { ...validQuote, email: email.toUpperCase(), phone: "41977771357", message: "Outro pedido." },
      { confirmation: CONFIRMATION },
    );
    const bystander = await saveLead({ ...validQuote, ...other }, { confirmation: CONFIRMATION });
    await recordEvent(`reset:email:${email}`);
    await createInvitation(adminId, { email, role: "editor" }, "Alvorada");
    // Addresses that merely contain the person's: someone else's, kept.
    await recordEvent(`reset:email:${longer}`);
    await createInvitation(adminId, { email: longer, role: "editor" }, "Alvorada");
    // The audit log names them: a view of their request, a refused sign-in with their e-mail; and
    // someone else's request, kept.
    const owner = { user: { id: adminId, email: `dono-${process.pid}@exemplo-condominio.com.br` } };
    await recordAudit(owner, {
      action: "lead.view",
      target: { type: "lead", id: first.id, label: validQuote.name },
      subject: email,
    });
    await recordAudit(null, {
      action: "signin.failure",
      target: { type: "email", label: email },
      subject: email,
    });
    await recordAudit(owner, {
      action: "lead.view",
      target: { type: "lead", id: bystander.id, label: validQuote.name },
      subject: other.email,
    });

    const found = await findPersonalData(subject(` ${email.toUpperCase()} `));
    const count = (key: string) => found.find((section) => section.key === key)?.records.length;
    expect(count("leads")).toBe(2);
    // Two notifications, one confirmation (the second request, within the hour, gets none:
    // docs/decisions/0045), the invitation.
    expect(count("outbox")).toBe(4);
    expect(count("invitations")).toBe(1);
    expect(count("rateLimitEvents")).toBe(1);
    expect(count("users")).toBe(0);
    expect(count("auditEntries")).toBe(2);

    const exported = await exportPersonalData(subject(email), adminId);
    expect(exported.dados["Solicitações de orçamento"]?.map((lead) => lead["E-mail"])).toEqual([
      email,
      email.toUpperCase(),
    ]);
    expect(JSON.stringify(exported)).toContain(CONFIRMATION);
    // The invitation's single-use link is never exported.
    expect(JSON.stringify(exported)).not.toContain("/convite/");

    const db = await database();
    expect(holding(await everyTextValue(db), email, "41977771357").length).toBeGreaterThan(3);

    const erased = await erasePersonalData(subject(email), adminId);
    expect(erased.map((section) => section.erased)).toEqual([2, 0, 4, 1, 1, 0, 2]);

    expect(holding(await everyTextValue(db), email, "41977771357")).toEqual([]);
    // The longer address is someone else's: its invitation, its e-mail and its bucket stay.
    expect(holding(await everyTextValue(db), longer, "41977771357").sort()).toEqual(
      ["invitations.email", "outbox.payload", "rate_limit_events.bucket"].sort(),
    );
    // The bystander is untouched.
    const leads = await db.selectFrom("leads").select("id").execute();
    expect(leads.map((row) => row.id)).toEqual([bystander.id]);
    expect(
      await db.selectFrom("outbox").select("id").where("lead_id", "=", bystander.id).execute(),
    ).toHaveLength(2);
    // Logged: hashes of each request, and the export and the erasure as requests.
    const erasures = await db.selectFrom("lead_erasures").selectAll().orderBy("lead_id").execute();
    expect(erasures.map((row) => row.lead_id).sort()).toEqual([first.id, second.id].sort());
    expect(new Set(erasures.map((row) => row.email_hash))).toEqual(new Set([erasureEmailHash(email)]));
    expect(new Set(erasures.map((row) => row.phone_hash))).toEqual(new Set([erasurePhoneHash(phone)]));
    const requests = await db
      .selectFrom("personal_data_requests")
      .select(["action", "subject_kind", "subject_hash", "counts", "user_id"])
      .orderBy("created_at")
      .execute();
    // The export and the erasure saw the same records.
    const counts = JSON.stringify({
      leads: 2,
      leadEvents: 0,
      outbox: 4,
      invitations: 1,
      rateLimitEvents: 1,
      users: 0,
      auditEntries: 2,
    });
    expect(requests).toEqual([
      {
        action: "export",
        subject_kind: "email",
        subject_hash: erasureEmailHash(email),
        counts,
        user_id: adminId,
      },
      {
        action: "erasure",
        subject_kind: "email",
        subject_hash: erasureEmailHash(email),
        counts,
        user_id: adminId,
      },
    ]);

    // The audit log keeps the bystander's entry, and says that the export and erasure were made
    // (the person's hash, never the person).
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "subject", "details"])
      .orderBy("at")
      .execute();
    expect(audit.filter((row) => row.subject === other.email)).toHaveLength(1);
    const lgpd = audit.filter((row) => row.action.startsWith("lgpd."));
    expect(lgpd.map((row) => row.action)).toEqual(["lgpd.export", "lgpd.erase"]);
    // What was done and to how many records: not the person, not even as a hash (decision 0046).
    for (const row of lgpd) {
      expect(JSON.parse(row.details ?? "{}")).toEqual({ registros: JSON.parse(counts) });
      expect(row.details).not.toContain(erasureEmailHash(email));
    }

    // Searching again finds nothing.
    const again = await findPersonalData(subject(email));
    expect(again.every((section) => section.records.length === 0)).toBe(true);
  });

  it("erases by phone, however the number was typed, and leaves its digits in no table", async () => {
    const digits = "41955553141";
    const typed = ["(41) 95555-3141", "+55 41 95555 3141", "41.95555.3141 ramal 2"];
    const ids = [];
    for (const [n, phone] of typed.entries()) {
      const lead = await saveLead(
        { ...validQuote, email: `fone-${n}-${engine.name}@exemplo.com.br`, phone },
        { confirmation: CONFIRMATION },
      );
      ids.push(lead.id);
    }
    const kept = await saveLead(
      { ...validQuote, email: `vizinho-${engine.name}@exemplo.com.br`, phone: "(41) 95555-3142" },
      { confirmation: CONFIRMATION },
    );

    const found = await findPersonalData(subject("41 95555-3141"));
    expect(
      found
        .find((section) => section.key === "leads")
        ?.records.map((record) => record.id)
        .sort(),
    ).toEqual([...ids].sort());
    const erased = await erasePersonalData(subject("(41) 95555-3141"), adminId);
    expect(erased.slice(0, 3).map((section) => section.erased)).toEqual([3, 0, 6]);

    const db = await database();
    const values = await everyTextValue(db);
    for (const n of typed.keys())
      expect(holding(values, `fone-${n}-${engine.name}@exemplo.com.br`, digits)).toEqual([]);
    expect((await db.selectFrom("leads").select("id").execute()).map((row) => row.id)).toContain(kept.id);
    const requests = await db
      .selectFrom("personal_data_requests")
      .select(["subject_kind", "subject_hash"])
      .where("action", "=", "erasure")
      .where("subject_kind", "=", "phone")
      .execute();
    expect(requests).toEqual([{ subject_kind: "phone", subject_hash: erasurePhoneHash(digits) }]);
  });

  it("shows a team member's account but never erases it", async () => {
    const email = `membro-${engine.name}@exemplo-condominio.com.br`;
    const id = await insertUser(await database(), { email, passwordHash: "x", role: "editor" });
    const erased = await erasePersonalData(subject(email.toUpperCase()), adminId);
    const users = erased.find((section) => section.title === "Contas da equipe");
    expect(users).toMatchObject({ erased: 0, kept: [{ reason: expect.stringContaining("Usuários") }] });
    const db = await database();
    expect(await db.selectFrom("users").select("id").where("id", "=", id).execute()).toHaveLength(1);
  });
});
