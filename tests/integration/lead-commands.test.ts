import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import type { CurrentSession } from "~/server/accounts/sessions.server";
import { database } from "~/server/db/database.server";
import { LEAD_REPLY } from "~/server/email/lead-reply-email.server";
import {
  addNoteToLead,
  moveLeadOnBoard,
  removeLead,
  saveLeadFromInbox,
  saveLeadStage,
} from "~/server/leads/lead-commands.server";
import { exportLeads, viewLead } from "~/server/leads/lead-recorded-reads.server";
import { contactOnWhatsapp, replyByEmail } from "~/server/leads/lead-reply-commands.server";
import { removeTemplate, saveTemplate } from "~/server/leads/reply-template-commands.server";
import { withAuditFailing } from "../support/audit-failing";
import { insertTestLead, insertUser } from "../support/db";
import { describeOnEachEngine } from "../support/engine-suite";

// The team's changes to a quote request are commands (docs/decisions/0080): the change, the
// request's timeline event and the audit entry commit together or not at all, and a refused
// command writes none of them. The audit insert is made to fail for real (the table renamed away).

const uid = () => randomUUID().slice(0, 8);

describeOnEachEngine("lead commands", () => {
  let actor: CurrentSession;

  beforeAll(async () => {
    const email = `dona-${uid()}@exemplo.com.br`;
    const id = await insertUser(await database(), { email, passwordHash: "x", role: "admin", name: "Dona" });
    actor = { user: { id, email, name: "Dona", role: "admin" }, idHash: "h", authenticatedAt: null };
  });

  /** Everything a command may write about one request: the row, its timeline, its entries, its e-mails. */
  async function stored(id: string) {
    const db = await database();
    const lead = await db
      .selectFrom("leads")
      .select([
        "status",
        "lost_reason",
        "note",
        "proposal_value_cents",
        "closed_value_cents",
        "first_response_at",
      ])
      .where("id", "=", id)
      .executeTakeFirst();
    const events = await db
      .selectFrom("lead_events")
      .select("kind")
      .where("lead_id", "=", id)
      .orderBy("created_at")
      .orderBy("kind")
      .execute();
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", id)
      .orderBy("at")
      .execute();
    const outbox = await db.selectFrom("outbox").select("kind").where("lead_id", "=", id).execute();
    const erased = await db.selectFrom("lead_erasures").select("lead_id").where("lead_id", "=", id).execute();
    return {
      lead: lead ?? null,
      events: events.map((e) => e.kind),
      audit: audit.map((a) => a.action),
      outbox: outbox.map((o) => o.kind),
      erased: erased.length > 0,
    };
  }

  async function newLead(fields: { phone?: string } = {}) {
    const lead = await insertTestLead(await database(), fields);
    return { id: lead.id, before: await stored(lead.id) };
  }

  const stage = (status: string, lost_reason = "") => ({ status, lost_reason });

  it("the inbox's save: the stage, the note, their timeline events and the entry together, or none", async () => {
    const { id, before } = await newLead();
    const input = { id, stage: stage("em_contato"), note: "Ligar à tarde.", backTo: "/admin/solicitacoes" };
    expect(await withAuditFailing(() => saveLeadFromInbox(actor, input))).toBeInstanceOf(Error);
    expect(await stored(id)).toEqual(before);

    // Refused: a stage that is not one, a note too long, a request that is not there.
    expect(await saveLeadFromInbox(actor, { ...input, stage: stage("ganho") })).toMatchObject({
      kind: "refused",
      message: "Etapa inválida.",
    });
    expect(await saveLeadFromInbox(actor, { ...input, note: "n".repeat(5001) })).toMatchObject({
      kind: "refused",
      message: "A nota pode ter no máximo 5.000 caracteres.",
    });
    expect(await saveLeadFromInbox(actor, { ...input, id: randomUUID() })).toMatchObject({
      kind: "not-found",
    });
    expect(await stored(id)).toEqual(before);

    expect(await saveLeadFromInbox(actor, input)).toMatchObject({
      kind: "done",
      toast: { title: "Solicitação atualizada!" },
      redirectTo: "/admin/solicitacoes",
    });
    const after = await stored(id);
    expect(after.lead).toMatchObject({ status: "em_contato", note: "Ligar à tarde." });
    expect(after.events).toEqual(["note", "stage"]);
    expect(after.audit).toEqual(["lead.update"]);
    const db = await database();
    const entry = await db
      .selectFrom("audit_log")
      .select("details")
      .where("target_id", "=", id)
      .executeTakeFirstOrThrow();
    // The before was read in the change's transaction: the stage it had, and only that the note changed.
    expect(JSON.parse(entry.details ?? "{}")).toEqual({
      status: { before: "novo", after: "em_contato" },
      note: "alterada",
    });
  });

  it("the inbox's delete: the erasure and its entry together, or neither", async () => {
    const { id, before } = await newLead();
    const input = { id, backTo: "/admin/solicitacoes?status=novo" };
    expect(await withAuditFailing(() => removeLead(actor, input))).toBeInstanceOf(Error);
    expect(await stored(id)).toEqual(before);

    expect(await removeLead(actor, { ...input, id: randomUUID() })).toMatchObject({
      kind: "not-found",
      message: "Solicitação não encontrada.",
    });
    expect(await removeLead(actor, { ...input, id: "não-é-um-id" })).toMatchObject({ kind: "not-found" });
    expect(await stored(id)).toEqual(before);

    expect(await removeLead(actor, input)).toMatchObject({
      kind: "done",
      toast: { title: "Solicitação excluída!" },
      redirectTo: "/admin/solicitacoes?status=novo",
    });
    expect(await stored(id)).toEqual({
      lead: null,
      events: [],
      audit: ["lead.delete"],
      outbox: [],
      erased: true,
    });
  });

  it("the request's page and the board: the stage, its timeline event and the entry together, or none", async () => {
    for (const command of ["page", "board"] as const) {
      const { id, before } = await newLead();
      const move = (fields: { status: string; lost_reason: string; proposal_value?: string }, to = id) =>
        command === "page"
          ? saveLeadStage(actor, { id: to, stage: fields })
          : moveLeadOnBoard(actor, {
              id: to,
              stage: fields,
              backTo: "/admin/solicitacoes/quadro?etapas=novo",
            });
      expect(await withAuditFailing(() => move(stage("visita_agendada"))), command).toBeInstanceOf(Error);
      expect(await stored(id), command).toEqual(before);

      // Refused: a loss without its reason, bad money, a request that is not there.
      expect(await move(stage("perdido")), command).toMatchObject({
        kind: "refused",
        message: "Escolha o motivo da perda.",
      });
      expect(await move({ ...stage("proposta_enviada"), proposal_value: "doze mil" }), command).toMatchObject(
        { kind: "refused" },
      );
      expect(await move(stage("visita_agendada"), randomUUID()), command).toMatchObject({
        kind: "not-found",
      });
      expect(await stored(id), command).toEqual(before);

      expect(await move(stage("perdido", "preco")), command).toMatchObject(
        command === "page"
          ? { kind: "done", toast: { title: "Etapa salva!" }, redirectTo: `/admin/solicitacoes/${id}` }
          : {
              kind: "done",
              toast: { title: "Solicitação movida!" },
              redirectTo: "/admin/solicitacoes/quadro?etapas=novo",
            },
      );
      const after = await stored(id);
      expect(after.lead, command).toMatchObject({ status: "perdido", lost_reason: "preco" });
      expect(after.events, command).toEqual(["stage"]);
      expect(after.audit, command).toEqual(["lead.stage"]);
    }
  });

  it("the board's move with the value its stage asks for: the value, its timeline event and the entry together; a value the stage does not ask for is not saved", async () => {
    const { id, before } = await newLead();
    const move = (fields: { status: string; proposal_value?: string; closed_value?: string }) =>
      moveLeadOnBoard(actor, {
        id,
        stage: { lost_reason: "", ...fields },
        backTo: "/admin/solicitacoes/quadro?etapa=proposta_enviada",
      });
    expect(
      await withAuditFailing(() =>
        move({ status: "proposta_enviada", proposal_value: "12.500", closed_value: "" }),
      ),
    ).toBeInstanceOf(Error);
    expect(await stored(id)).toEqual(before);

    // The card sends both fields; only the one "Proposta enviada" asks for is read.
    expect(
      await move({ status: "proposta_enviada", proposal_value: "12.500", closed_value: "9.999" }),
    ).toMatchObject({
      kind: "done",
      toast: { title: "Solicitação movida!" },
      redirectTo: "/admin/solicitacoes/quadro?etapa=proposta_enviada",
    });
    let after = await stored(id);
    expect(after.lead).toMatchObject({
      status: "proposta_enviada",
      proposal_value_cents: 1_250_000,
      closed_value_cents: null,
    });
    expect(after.events).toEqual(["stage"]);
    expect(after.audit).toEqual(["lead.stage"]);

    // A bad value where it is asked for is refused; where it is not, it is not read at all.
    expect(
      await move({ status: "fechado_ganho", proposal_value: "", closed_value: "onze mil" }),
    ).toMatchObject({
      kind: "refused",
      message: "Valor inválido: digite em reais, por exemplo 12.500,00.",
    });
    expect(await stored(id)).toEqual(after);
    const values = async (fields: Parameters<typeof move>[0]) => {
      expect(await move(fields), fields.status).toMatchObject({ kind: "done" });
      const { lead } = await stored(id);
      return [lead?.status, lead?.proposal_value_cents, lead?.closed_value_cents];
    };
    expect(
      await values({ status: "visita_agendada", proposal_value: "doze mil", closed_value: "1" }),
    ).toEqual(["visita_agendada", 1_250_000, null]);
    expect(
      await values({ status: "fechado_ganho", proposal_value: "1", closed_value: "R$ 11.000,00" }),
    ).toEqual(["fechado_ganho", 1_250_000, 1_100_000]);
    after = await stored(id);
    expect(after.events).toEqual(["stage", "stage", "stage"]);
    expect(after.audit).toEqual(["lead.stage", "lead.stage", "lead.stage"]);
  });

  it("a note: its timeline event and the entry together, or neither", async () => {
    const { id, before } = await newLead();
    expect(
      await withAuditFailing(() => addNoteToLead(actor, { id, text: "Visita na terça." })),
    ).toBeInstanceOf(Error);
    expect(await stored(id)).toEqual(before);

    expect(await addNoteToLead(actor, { id, text: "   " })).toMatchObject({
      kind: "refused",
      fieldErrors: { text: "Escreva a nota." },
    });
    expect(await addNoteToLead(actor, { id: randomUUID(), text: "Visita na terça." })).toMatchObject({
      kind: "not-found",
    });
    expect(await stored(id)).toEqual(before);

    expect(await addNoteToLead(actor, { id, text: "Visita na terça." })).toMatchObject({
      kind: "done",
      toast: { title: "Nota adicionada!" },
    });
    expect(await stored(id)).toMatchObject({ events: ["note"], audit: ["lead.note"] });
  });

  it("an e-mail reply: the outbox row, the timeline events and the entry together, or none", async () => {
    const { id, before } = await newLead();
    const reply = { id, subject: "Seu orçamento", text: "Podemos visitar na terça?", template: "" };
    expect(await withAuditFailing(() => replyByEmail(actor, reply))).toBeInstanceOf(Error);
    expect(await stored(id)).toEqual(before);

    expect(await replyByEmail(actor, { ...reply, subject: " " })).toMatchObject({
      kind: "refused",
      fieldErrors: { subject: "Escreva o assunto." },
    });
    expect(await replyByEmail(actor, { ...reply, id: randomUUID() })).toMatchObject({ kind: "not-found" });
    expect(await stored(id)).toEqual(before);

    expect(await replyByEmail(actor, reply)).toMatchObject({
      kind: "done",
      toast: { title: "Resposta enviada!" },
      redirectTo: `/admin/solicitacoes/${id}`,
    });
    const after = await stored(id);
    // The reply, then the move to "Em contato" it makes.
    expect(after).toMatchObject({
      events: ["email_reply", "stage"],
      audit: ["lead.reply"],
      outbox: [LEAD_REPLY],
    });
    expect(after.lead).toMatchObject({ status: "em_contato" });
  });

  it("a WhatsApp contact: the timeline events and the entry together, or none", async () => {
    const { id, before } = await newLead();
    expect(await withAuditFailing(() => contactOnWhatsapp(actor, { id, template: "" }))).toBeInstanceOf(
      Error,
    );
    expect(await stored(id)).toEqual(before);

    // Refused: a phone that is not a number; a request that is not there.
    const odd = await newLead({ phone: "ligar na portaria" });
    expect(await contactOnWhatsapp(actor, { id: odd.id, template: "" })).toMatchObject({
      kind: "refused",
      message: "O telefone desta solicitação não é um número de WhatsApp válido.",
    });
    expect(await stored(odd.id)).toEqual(odd.before);
    expect(await contactOnWhatsapp(actor, { id: randomUUID(), template: "" })).toMatchObject({
      kind: "not-found",
    });

    const outcome = await contactOnWhatsapp(actor, { id, template: "" });
    expect(outcome).toMatchObject({
      kind: "answered",
      body: { url: expect.stringMatching(/^https:\/\/wa\.me\/55/) },
    });
    expect(await stored(id)).toMatchObject({ events: ["whatsapp", "stage"], audit: ["lead.reply"] });
  });

  /** The templates named `name`, and the entries about templates. */
  async function templates(name: string) {
    const db = await database();
    const rows = await db
      .selectFrom("reply_templates")
      .select(["id", "body", "stage"])
      .where("name", "=", name)
      .execute();
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("target_type", "=", "reply_template")
      .execute();
    return { rows, audit: audit.length };
  }

  it("the reply templates: the change and its entry together, or neither", async () => {
    const name = `Modelo ${uid()}`;
    const fields = { id: "", channel: "whatsapp", name, subject: "", body: "Olá, {nome}!" };
    const empty = await templates(name);
    expect(await withAuditFailing(() => saveTemplate(actor, fields))).toBeInstanceOf(Error);
    expect(await templates(name)).toEqual(empty);

    // Refused: an unknown placeholder, a template that is not there.
    expect(await saveTemplate(actor, { ...fields, body: "Olá, {apelido}!" })).toMatchObject({
      kind: "refused",
      details: { id: "" },
    });
    expect(await saveTemplate(actor, { ...fields, stage: "orcamento_enviado" })).toMatchObject({
      kind: "refused",
      fieldErrors: { stage: "Etapa inválida." },
    });
    expect(await saveTemplate(actor, { ...fields, id: randomUUID() })).toMatchObject({ kind: "not-found" });
    expect(await removeTemplate(actor, { id: randomUUID() })).toMatchObject({ kind: "not-found" });
    expect(await templates(name)).toEqual(empty);

    expect(await saveTemplate(actor, fields)).toMatchObject({
      kind: "done",
      toast: { title: "Modelo salvo!" },
    });
    const saved = await templates(name);
    const id = saved.rows[0]?.id ?? "";
    expect(saved.audit).toBe(empty.audit + 1);
    // Without a stage it is for any; the editor's choice is kept.
    expect(saved.rows[0]?.stage).toBeNull();
    expect(await saveTemplate(actor, { ...fields, id, stage: "visita_agendada" })).toMatchObject({
      kind: "done",
    });
    const staged = await templates(name);
    expect(staged.rows[0]?.stage).toBe("visita_agendada");

    expect(
      await withAuditFailing(() => saveTemplate(actor, { ...fields, id, body: "Oi, {nome}." })),
    ).toBeInstanceOf(Error);
    expect(await withAuditFailing(() => removeTemplate(actor, { id }))).toBeInstanceOf(Error);
    expect(await templates(name)).toEqual(staged);

    expect(await removeTemplate(actor, { id })).toMatchObject({
      kind: "done",
      toast: { title: "Modelo excluído!" },
    });
    expect(await templates(name)).toEqual({ rows: [], audit: staged.audit + 1 });
  });

  it("the reads of a person's data are recorded, or not given", async () => {
    const { id } = await newLead();
    expect(await withAuditFailing(() => viewLead(actor, { id }))).toBeInstanceOf(Error);
    expect(await viewLead(actor, { id: randomUUID() })).toMatchObject({ ok: false, status: 404 });
    expect(await stored(id)).toMatchObject({ audit: [] });
    expect(await viewLead(actor, { id })).toMatchObject({ ok: true, value: { id } });
    expect(await stored(id)).toMatchObject({ audit: ["lead.view"] });

    const exports = async () => {
      const db = await database();
      return (await db.selectFrom("audit_log").select("id").where("action", "=", "lead.export").execute())
        .length;
    };
    const before = await exports();
    const query = new URLSearchParams({ status: "novo" });
    expect(await withAuditFailing(() => exportLeads(actor, { query }))).toBeInstanceOf(Error);
    expect(await exportLeads(actor, { query: new URLSearchParams({ status: "ganho" }) })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await exports()).toBe(before);
    const exported = await exportLeads(actor, { query });
    expect(exported).toMatchObject({
      ok: true,
      value: { name: expect.stringMatching(/^solicitacoes-\d{4}-\d{2}-\d{2}\.csv$/) },
    });
    expect(await exports()).toBe(before + 1);
  });

  it("an editor's role may not change a request", async () => {
    const { id, before } = await newLead();
    const editor: CurrentSession = { ...actor, user: { ...actor.user, role: "editor" } };
    for (const outcome of [
      await saveLeadFromInbox(editor, { id, stage: stage("em_contato"), note: "x", backTo: "/" }),
      await removeLead(editor, { id, backTo: "/" }),
      await saveLeadStage(editor, { id, stage: stage("em_contato") }),
      await addNoteToLead(editor, { id, text: "x" }),
      await replyByEmail(editor, { id, subject: "a", text: "b", template: "" }),
      await contactOnWhatsapp(editor, { id, template: "" }),
    ]) {
      expect(outcome).toMatchObject({ kind: "forbidden" });
    }
    expect(await stored(id)).toEqual(before);
  });
});
