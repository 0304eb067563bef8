import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { defaultSite } from "~/lib/company-settings";
import { BOARD_PAGE_SIZE } from "~/lib/lead-pipeline";
import { MAX_MONEY_CENTS } from "~/lib/money";
import { fillTemplate } from "~/lib/reply-template";
import { database, startDatabase, stopDatabase } from "~/server/db/database.server";
import { type OutboxWorker, startOutboxWorker } from "~/server/email/outbox-worker.server";
import { leadBoard, parseBoardQuery, parseBoardTab } from "~/server/leads/lead-board.server";
import { leadDashboard } from "~/server/leads/lead-dashboard.server";
import { addLeadNote, moveLead } from "~/server/leads/lead-pipeline.server";
import { sendEmailReply, startWhatsappReply } from "~/server/leads/lead-replies.server";
import { parseStageForm } from "~/server/leads/lead-stage-form.server";
import { leadTimeline } from "~/server/leads/lead-timeline.server";
import {
  deleteReplyTemplate,
  listReplyTemplates,
  replyFacts,
  replyTemplateSchema,
  saveReplyTemplate,
} from "~/server/leads/reply-templates.server";
import { insertTestLead, insertUser } from "../support/db";
import { mailTo } from "../support/mail-to";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { testEngines } from "../support/test-database";

// The pipeline on both engines: stage moves and values on the timeline, who and when; the
// board's paged columns; a reply that reaches a real SMTP server filled from its template with
// Reply-To the company; WhatsApp as a recorded contact; the dashboard's results.

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the stage form (no database)", () => {
  it("reads money as typed and the stage", () => {
    expect(
      parseStageForm(
        form({
          status: "proposta_enviada",
          lost_reason: "",
          proposal_value: "R$ 12.500,00",
          closed_value: "",
        }),
      ),
    ).toEqual({
      ok: true,
      data: { status: "proposta_enviada", lostReason: null, proposalCents: 1_250_000, closedCents: null },
    });
    // The board's form has no value fields: the values are kept, not cleared.
    expect(parseStageForm(form({ status: "visita_agendada", lost_reason: "" }))).toEqual({
      ok: true,
      data: { status: "visita_agendada", lostReason: null },
    });
  });

  it("refuses bad money, an unknown stage and a loss without its reason, in pt-BR", () => {
    const bad = parseStageForm(form({ status: "novo", lost_reason: "", proposal_value: "doze mil" }));
    expect(bad).toMatchObject({
      ok: false,
      fieldErrors: { proposal_value: "Valor inválido: digite em reais, por exemplo 12.500,00." },
    });
    expect(parseStageForm(form({ status: "ganho", lost_reason: "" }))).toMatchObject({
      ok: false,
      fieldErrors: { status: "Etapa inválida." },
    });
    expect(parseStageForm(form({ status: "perdido", lost_reason: "" }))).toMatchObject({
      ok: false,
      fieldErrors: { lost_reason: "Escolha o motivo da perda." },
    });
  });
});

describe("the board's tab (no database)", () => {
  it("is the stage asked for when the board shows it, else the first column", () => {
    const tab = (query: string, columns: Parameters<typeof parseBoardTab>[1]) =>
      parseBoardTab(new URLSearchParams(query), columns);
    expect(tab("etapa=perdido", ["novo", "perdido"])).toBe("perdido");
    expect(tab("", ["em_contato", "perdido"])).toBe("em_contato");
    expect(tab("etapa=perdido", ["novo", "em_contato"])).toBe("novo");
    expect(tab("etapa=ganho", ["fechado_ganho"])).toBe("fechado_ganho");
    expect(tab("etapa=novo", [])).toBeNull();
  });
});

describe.each(testEngines())("the lead pipeline on $name", (engine) => {
  let actor: { id: string; email: string; name: string | null };
  const workers: OutboxWorker[] = [];
  const sinks: SmtpSink[] = [];

  beforeAll(async () => {
    await startDatabase(engine.env);
    const email = `dona-${engine.name}@alvorada.test`;
    actor = {
      id: await insertUser(await database(), { email, passwordHash: "x", role: "admin", name: "Dona Cida" }),
      email,
      name: "Dona Cida",
    };
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await Promise.all(sinks.splice(0).map((sink) => sink.close()));
    const db = await database();
    await db.deleteFrom("leads").execute();
    await db.deleteFrom("outbox").execute();
  });
  afterAll(async () => {
    await stopDatabase();
    await engine.drop();
  });

  it("moves a request through the stages with its values, each move on the timeline with who and when", async () => {
    const db = await database();
    const lead = await insertTestLead(db, { created_at: "2026-11-20T12:00:00.000Z" });
    await moveLead(
      lead.id,
      { status: "visita_agendada", lostReason: null },
      actor,
      new Date("2026-11-21T12:00:00.000Z"),
    );
    await addLeadNote(lead.id, "Visita na terça às 9h.", actor, new Date("2026-11-21T12:05:00.000Z"));
    await moveLead(
      lead.id,
      { status: "proposta_enviada", lostReason: null, proposalCents: 1_250_000 },
      actor,
      new Date("2026-11-22T12:00:00.000Z"),
    );
    // Nothing changed: nothing recorded.
    await moveLead(
      lead.id,
      { status: "proposta_enviada", lostReason: null },
      actor,
      new Date("2026-11-22T13:00:00.000Z"),
    );
    await moveLead(
      lead.id,
      { status: "fechado_ganho", lostReason: null, closedCents: 1_200_000 },
      actor,
      new Date("2026-11-23T12:00:00.000Z"),
    );

    const row = await db.selectFrom("leads").selectAll().where("id", "=", lead.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: "fechado_ganho",
      proposal_value_cents: 1_250_000,
      closed_value_cents: 1_200_000,
      lost_reason: null,
    });
    expect(new Date(row.first_response_at ?? "").toISOString()).toBe("2026-11-21T12:00:00.000Z");

    const timeline = await leadTimeline({ id: lead.id, created_at: "2026-11-20T12:00:00.000Z" });
    expect(
      timeline.map((entry) => [
        entry.kind,
        entry.fromStage,
        entry.toStage,
        entry.who,
        new Date(entry.at).toISOString(),
      ]),
    ).toEqual([
      ["received", null, null, null, "2026-11-20T12:00:00.000Z"],
      ["stage", "novo", "visita_agendada", "Dona Cida", "2026-11-21T12:00:00.000Z"],
      ["note", null, null, "Dona Cida", "2026-11-21T12:05:00.000Z"],
      ["stage", "visita_agendada", "proposta_enviada", "Dona Cida", "2026-11-22T12:00:00.000Z"],
      ["stage", "proposta_enviada", "fechado_ganho", "Dona Cida", "2026-11-23T12:00:00.000Z"],
    ]);
    expect(timeline[2]?.body).toBe("Visita na terça às 9h.");
    expect(timeline[3]?.proposalCents).toBe(1_250_000);
    expect(timeline[4]?.closedCents).toBe(1_200_000);

    // Lost, with its reason; moved back, the reason goes.
    await moveLead(lead.id, { status: "perdido", lostReason: "preco" }, actor);
    expect(
      (await db.selectFrom("leads").select("lost_reason").where("id", "=", lead.id).executeTakeFirst())
        ?.lost_reason,
    ).toBe("preco");
    await moveLead(lead.id, { status: "em_contato", lostReason: "preco" }, actor);
    expect(
      (await db.selectFrom("leads").select("lost_reason").where("id", "=", lead.id).executeTakeFirst())
        ?.lost_reason,
    ).toBeNull();
  });

  it("pages each board column on the server and reads only the columns asked for", async () => {
    const db = await database();
    for (let n = 0; n < BOARD_PAGE_SIZE + 5; n++) {
      const at = new Date(Date.UTC(2026, 10, 1, 12, n)).toISOString();
      await insertTestLead(db, {
        created_at: at,
        stage_changed_at: at,
        status: n % 5 === 0 ? "em_contato" : "novo",
      });
    }
    const all = await leadBoard(parseBoardQuery(new URLSearchParams()));
    expect(all.map((column) => [column.status, column.count, column.cards.length])).toEqual([
      ["novo", 20, 20],
      ["em_contato", 5, 5],
      ["visita_agendada", 0, 0],
      ["proposta_enviada", 0, 0],
      ["fechado_ganho", 0, 0],
      ["perdido", 0, 0],
    ]);
    const some = await leadBoard(parseBoardQuery(new URLSearchParams("etapas=novo,xyz&pagina_novo=2")));
    expect(some.map((column) => [column.status, column.page, column.pageCount, column.cards.length])).toEqual(
      [["novo", 1, 1, 20]],
    );
    const few = await leadBoard(
      parseBoardQuery(new URLSearchParams("etapas=em_contato&pagina_em_contato=9")),
    );
    // A page past the end shows the last one.
    expect(few.map((column) => [column.status, column.page, column.cards.length])).toEqual([
      ["em_contato", 1, 5],
    ]);
  });

  it("totals each board column on the server: every request of the stage, at its closed value or else its proposal's", async () => {
    const db = await database();
    // More than a page, so the total is the stage's and not the page's.
    for (let n = 0; n < BOARD_PAGE_SIZE + 1; n++) {
      await insertTestLead(db, { status: "proposta_enviada", proposal_value_cents: 100_000 });
    }
    await insertTestLead(db, { status: "proposta_enviada" });
    await insertTestLead(db, {
      status: "fechado_ganho",
      proposal_value_cents: 1_250_000,
      closed_value_cents: 1_100_000,
    });
    await insertTestLead(db, { status: "fechado_ganho", proposal_value_cents: 99 });
    // The largest value a request may carry, three times: past 32 bits, still exact.
    for (let n = 0; n < 3; n++) {
      await insertTestLead(db, {
        status: "perdido",
        lost_reason: "preco",
        proposal_value_cents: MAX_MONEY_CENTS,
      });
    }
    const board = await leadBoard(parseBoardQuery(new URLSearchParams()));
    expect(
      board.map((column) => [column.status, column.count, column.cards.length, column.valueCents]),
    ).toEqual([
      ["novo", 0, 0, 0],
      ["em_contato", 0, 0, 0],
      ["visita_agendada", 0, 0, 0],
      ["proposta_enviada", BOARD_PAGE_SIZE + 2, BOARD_PAGE_SIZE, (BOARD_PAGE_SIZE + 1) * 100_000],
      ["fechado_ganho", 2, 2, 1_100_099],
      ["perdido", 3, 3, 3 * MAX_MONEY_CENTS],
    ]);
  });

  it("sends a reply to a real SMTP server, filled from the template, Reply-To the company, and records it", async () => {
    const db = await database();
    const lead = await insertTestLead(db, {
      name: "Joana Prado",
      service: "Pintura Predial",
      email: "joana@exemplo.com.br",
    });
    const template = await db
      .selectFrom("reply_templates")
      .selectAll()
      .where("channel", "=", "email")
      .orderBy("position")
      .executeTakeFirstOrThrow();
    const facts = await replyFacts({ name: "Joana Prado", service: "Pintura Predial" });
    const subject = fillTemplate(template.subject, facts);
    const text = fillTemplate(template.body, facts);
    expect(text).toContain("Olá, Joana Prado,");
    expect(text).toContain("Pintura Predial");
    expect(text).toContain(defaultSite.phoneDisplay);
    expect(subject).toBe(`Seu pedido de orçamento - ${defaultSite.name}`);

    const sink = await startSmtpSink();
    sinks.push(sink);
    expect(await sendEmailReply(lead.id, { subject, text, template: template.id }, actor)).toBe(true);
    workers.push(startOutboxWorker({ mail: mailTo(sink.url), pollIntervalMs: 50, log: () => undefined }));
    const [mail] = await sink.waitForMessages(1);
    expect(mail?.envelopeTo).toEqual(["joana@exemplo.com.br"]);
    expect(mail?.headers.get("reply-to")).toContain(defaultSite.email);
    expect(mail?.headers.get("subject")).toBe(subject);
    expect(mail?.text).toContain("Olá, Joana Prado,");
    expect(mail?.text).toContain(`Atenciosamente,\n${defaultSite.name}`);

    const row = await db
      .selectFrom("leads")
      .select(["status", "first_response_at"])
      .where("id", "=", lead.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("em_contato");
    expect(row.first_response_at).not.toBeNull();
    const timeline = await leadTimeline({ id: lead.id, created_at: new Date().toISOString() });
    expect(timeline.map((entry) => entry.kind)).toEqual(["received", "email_reply", "stage"]);
    expect(timeline[1]?.body).toBe(`${subject}\n\n${text}`);
    await expect.poll(async () => (await leadTimeline({ id: lead.id, created_at: "" }))[1]?.sent).toBe(true);
  });

  it("opens WhatsApp at 55DDDNNNNNNNN with the message, recorded as a contact; a phone that is no number records nothing", async () => {
    const db = await database();
    const lead = await insertTestLead(db, { phone: "(41) 9 8888-7777" });
    const reply = await startWhatsappReply(lead.id, "Olá! Sobre o seu orçamento.", actor);
    expect(reply).toEqual({
      ok: true,
      url: "https://wa.me/5541988887777?text=Ol%C3%A1!%20Sobre%20o%20seu%20or%C3%A7amento.",
    });
    const timeline = await leadTimeline({ id: lead.id, created_at: "" });
    expect(timeline.map((entry) => [entry.kind, entry.body])).toEqual([
      ["received", null],
      ["whatsapp", "Olá! Sobre o seu orçamento."],
      ["stage", null],
    ]);
    const odd = await insertTestLead(db, { phone: "ramal 12" });
    expect(await startWhatsappReply(odd.id, "Oi", actor)).toEqual({ ok: false, reason: "no-number" });
    expect((await leadTimeline({ id: odd.id, created_at: "" })).map((entry) => entry.kind)).toEqual([
      "received",
    ]);
  });

  it("keeps the owner's templates, refusing an unknown placeholder and an e-mail without a subject", async () => {
    const typo = replyTemplateSchema.safeParse({
      channel: "email",
      name: "Teste",
      subject: "Oi",
      body: "Olá, {nomes}!",
    });
    expect(typo.success ? null : typo.error.issues[0]?.message).toBe(
      "O texto tem um marcador desconhecido. Use {nome}, {servico}, {empresa}, {telefone}.",
    );
    const noSubject = replyTemplateSchema.safeParse({
      channel: "email",
      name: "Teste",
      subject: " ",
      body: "Oi",
    });
    expect(noSubject.success ? null : noSubject.error.issues[0]?.message).toBe(
      "Escreva o assunto do e-mail.",
    );

    const input = replyTemplateSchema.parse({
      channel: "whatsapp",
      name: "Retorno",
      subject: "ignorado",
      body: "Oi, {nome}! A {empresa} retorna amanhã.",
    });
    expect(await saveReplyTemplate(null, input)).toBe(true);
    const saved = (await listReplyTemplates("whatsapp")).find((template) => template.name === "Retorno");
    // A WhatsApp message has no subject.
    expect(saved).toMatchObject({
      channel: "whatsapp",
      subject: "",
      body: "Oi, {nome}! A {empresa} retorna amanhã.",
    });
    expect(await saveReplyTemplate(saved?.id ?? "", { ...input, body: "Oi, {nome}." })).toBe(true);
    expect((await listReplyTemplates("whatsapp")).find((t) => t.id === saved?.id)?.body).toBe("Oi, {nome}.");
    expect(await deleteReplyTemplate(saved?.id ?? "")).toBe(true);
    expect(await saveReplyTemplate(saved?.id ?? "", input)).toBe(false);
  });

  it("shows the median time to the first answer, and wins and closed value per source, campaign and service", async () => {
    const db = await database();
    const now = new Date("2026-11-27T15:00:00.000Z");
    const arrived = "2026-11-24T12:00:00.000Z";
    const seed = async (fields: Parameters<typeof insertTestLead>[1], answeredAfterHours: number | null) => {
      const lead = await insertTestLead(db, { created_at: arrived, ...fields });
      if (answeredAfterHours !== null) {
        await db
          .updateTable("leads")
          .set({
            first_response_at: new Date(Date.parse(arrived) + answeredAfterHours * 3_600_000).toISOString(),
          })
          .where("id", "=", lead.id)
          .execute();
      }
    };
    await seed(
      {
        utm_source: "google",
        utm_campaign: "fachadas",
        service: "Pintura",
        status: "fechado_ganho",
        closed_value_cents: 1_000_000,
      },
      1,
    );
    await seed(
      {
        utm_source: "google",
        utm_campaign: "fachadas",
        service: "Pintura",
        status: "perdido",
        lost_reason: "preco",
      },
      2,
    );
    await seed(
      { utm_source: "google", service: "Telhado", status: "fechado_ganho", closed_value_cents: 250_050 },
      5,
    );
    await seed({ utm_source: "instagram", service: "Telhado", status: "perdido", lost_reason: "prazo" }, 10);
    await seed({ service: "Telhado", status: "em_contato" }, null);

    const { outcomes } = await leadDashboard(now);
    // Waits 1, 2, 5, 10 hours: the median is 3.5 h.
    expect(outcomes.medianFirstResponseMs).toBe(3.5 * 3_600_000);
    expect(outcomes.answered).toBe(4);
    expect([outcomes.won, outcomes.lost, outcomes.closedCents]).toEqual([2, 2, 1_250_050]);
    expect(outcomes.sources).toEqual([
      { label: "google", requests: 3, won: 2, lost: 1, closedCents: 1_250_050, winRate: 2 / 3 },
      { label: "Direto", requests: 1, won: 0, lost: 0, closedCents: 0, winRate: null },
      { label: "instagram", requests: 1, won: 0, lost: 1, closedCents: 0, winRate: 0 },
    ]);
    expect(outcomes.campaigns).toEqual([
      { label: "fachadas", requests: 2, won: 1, lost: 1, closedCents: 1_000_000, winRate: 0.5 },
    ]);
    expect(outcomes.services).toEqual([
      { label: "Pintura", requests: 2, won: 1, lost: 1, closedCents: 1_000_000, winRate: 0.5 },
      { label: "Telhado", requests: 3, won: 1, lost: 1, closedCents: 250_050, winRate: 0.5 },
    ]);
  });
});
