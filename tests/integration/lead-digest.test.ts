import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { defaultSite } from "~/lib/company-settings";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/connection.server";
import { database, startDatabase, stopDatabase } from "~/server/db/database.server";
import { LEAD_DIGEST } from "~/server/email/lead-digest-email.server";
import { type OutboxWorker, startOutboxWorker } from "~/server/email/outbox-worker.server";
import { queueLeadDigestIfDue } from "~/server/leads/lead-digest.server";
import { insertTestLead } from "../support/db";
import { mailTo } from "../support/mail-to";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { testEngines } from "../support/test-database";

// Nobody forgotten: at 08:00 São Paulo time one e-mail lists the requests unanswered after 24
// hours, oldest first, each with its link; once a day whatever the number of instances; none
// when the list is empty; on São Paulo's clock, not the server's nor UTC's.

const at = (iso: string) => new Date(iso);
const hoursBefore = (iso: string, hours: number) =>
  new Date(Date.parse(iso) - hours * 3_600_000).toISOString();

describe.each(testEngines())("the daily digest on $name", (engine) => {
  const handles: DatabaseHandle[] = [];
  const workers: OutboxWorker[] = [];
  const sinks: SmtpSink[] = [];
  const digests = async () =>
    (await database()).selectFrom("outbox").select(["payload"]).where("kind", "=", LEAD_DIGEST).execute();

  beforeAll(async () => {
    await startDatabase(engine.env);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await Promise.all(sinks.splice(0).map((sink) => sink.close()));
    await Promise.all(handles.splice(0).map((handle) => handle.close()));
    const db = await database();
    await db.deleteFrom("leads").execute();
    await db.deleteFrom("outbox").execute();
    await db.deleteFrom("lead_digests").execute();
  });
  afterAll(async () => {
    await stopDatabase();
    await engine.drop();
  });

  it("lists the unanswered requests oldest first with their links, and is queued once by two instances", async () => {
    const db = await database();
    const now = "2026-11-27T11:00:00.000Z"; // 08:00 in São Paulo
    const older = await insertTestLead(db, { name: "Ana Antiga", created_at: hoursBefore(now, 72) });
    const old = await insertTestLead(db, { name: "Bruno Ontem", created_at: hoursBefore(now, 25) });
    await insertTestLead(db, { name: "Carla Recente", created_at: hoursBefore(now, 23) });
    await insertTestLead(db, {
      name: "Davi Respondido",
      created_at: hoursBefore(now, 30),
      first_response_at: hoursBefore(now, 29),
    });
    await insertTestLead(db, {
      name: "Eva Em Contato",
      created_at: hoursBefore(now, 30),
      status: "em_contato",
    });

    // Two instances, each with its own connection to the same database.
    for (let i = 0; i < 2; i++) handles.push(await openDatabase(databaseConfigFromEnv(engine.env)));
    const [first, second] = handles.map((handle) => handle.db);
    if (!first || !second) throw new Error("two handles");
    // SQLite is one process (its writes serialise); PostgreSQL instances really race.
    const outcomes =
      engine.name === "postgres"
        ? await Promise.all([queueLeadDigestIfDue(first, at(now)), queueLeadDigestIfDue(second, at(now))])
        : [await queueLeadDigestIfDue(first, at(now)), await queueLeadDigestIfDue(second, at(now))];
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["already-handled", "queued"]);
    expect(await digests()).toHaveLength(1);
    // Later that day, on either instance: nothing more.
    expect((await queueLeadDigestIfDue(first, at("2026-11-27T20:00:00.000Z"))).status).toBe(
      "already-handled",
    );
    expect(await digests()).toHaveLength(1);

    const sink = await startSmtpSink();
    sinks.push(sink);
    workers.push(startOutboxWorker({ mail: mailTo(sink.url), pollIntervalMs: 50, log: () => undefined }));
    const [mail] = await sink.waitForMessages(1);
    expect(mail?.envelopeTo).toEqual(["orcamentos@alvorada.test"]);
    expect(mail?.headers.get("subject")).toContain(
      "2 solicitações de orçamento sem resposta há mais de 24 horas",
    );
    const text = mail?.text ?? "";
    expect(text.indexOf("Ana Antiga")).toBeGreaterThan(-1);
    expect(text.indexOf("Ana Antiga")).toBeLessThan(text.indexOf("Bruno Ontem"));
    expect(text).toContain(`${defaultSite.publicUrl}/admin/solicitacoes/${older.id}`);
    expect(text).toContain(`${defaultSite.publicUrl}/admin/solicitacoes/${old.id}`);
    for (const absent of ["Carla Recente", "Davi Respondido", "Eva Em Contato"])
      expect(text).not.toContain(absent);
    // The queue keeps ids, never the names.
    expect(JSON.stringify(await db.selectFrom("outbox").selectAll().execute())).not.toContain("Ana Antiga");
  });

  it("sends nothing when nobody is waiting, and the day stays handled", async () => {
    const db = await database();
    const now = "2026-11-27T11:30:00.000Z";
    await insertTestLead(db, { name: "Recente", created_at: hoursBefore(now, 2) });
    expect(await queueLeadDigestIfDue(db, at(now))).toEqual({ status: "empty", day: "2026-11-27" });
    expect(await digests()).toEqual([]);
    // Overdue later the same day: tomorrow's digest names it, not a second one today.
    expect((await queueLeadDigestIfDue(db, at("2026-11-28T02:00:00.000Z"))).status).toBe("already-handled");
    expect(await digests()).toEqual([]);
    const sink = await startSmtpSink();
    sinks.push(sink);
    workers.push(startOutboxWorker({ mail: mailTo(sink.url), pollIntervalMs: 50, log: () => undefined }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages).toEqual([]);
  });

  it("goes out at 08:00 São Paulo time: not at 07:59, and the São Paulo day, not UTC's, around midnight", async () => {
    const db = await database();
    await insertTestLead(db, { created_at: "2026-11-20T12:00:00.000Z" });
    // 07:59 in São Paulo (UTC−3) is 10:59 UTC.
    expect(await queueLeadDigestIfDue(db, at("2026-11-27T10:59:59.999Z"))).toEqual({
      status: "not-due",
      day: "2026-11-27",
    });
    expect(await digests()).toHaveLength(0);
    expect(await queueLeadDigestIfDue(db, at("2026-11-27T11:00:00.000Z"))).toMatchObject({
      status: "queued",
      day: "2026-11-27",
    });
    // 01:30 UTC on the 28th is still 22:30 on the 27th in São Paulo: that day is done.
    expect(await queueLeadDigestIfDue(db, at("2026-11-28T01:30:00.000Z"))).toEqual({
      status: "already-handled",
      day: "2026-11-27",
    });
    // 03:00 UTC is São Paulo's midnight: a new day, not due before its 08:00.
    expect(await queueLeadDigestIfDue(db, at("2026-11-28T03:00:00.000Z"))).toEqual({
      status: "not-due",
      day: "2026-11-28",
    });
    expect(await queueLeadDigestIfDue(db, at("2026-11-28T10:59:00.000Z"))).toMatchObject({
      status: "not-due",
    });
    expect(await queueLeadDigestIfDue(db, at("2026-11-28T11:00:00.000Z"))).toMatchObject({
      status: "queued",
      day: "2026-11-28",
    });
    expect(await digests()).toHaveLength(2);
    const days = await db.selectFrom("lead_digests").select(["day", "lead_count"]).orderBy("day").execute();
    expect(days.map((row) => [row.day, Number(row.lead_count)])).toEqual([
      ["2026-11-27", 1],
      ["2026-11-28", 1],
    ]);
  });
});
