import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { LeadStatus, LostReason } from "~/lib/lead-status";
import { database } from "../db/database.server";
import type { Database, LeadEventKind } from "../db/schema";

// Moving a quote request through the pipeline and writing its timeline. Every change of stage,
// value or note writes its lead_events row in the transaction that makes it, so the timeline
// never misses a move nor shows one that did not happen. The first answer (a reply, a WhatsApp
// contact, a move out of "Novo") stamps first_response_at once: the dashboard's median and the
// morning digest read it.

/** Who did it, as the timeline names them. */
export interface PipelineActor {
  id: string;
  email: string;
  name: string | null;
}

/** A stage to move to; a value left undefined keeps what the request has. */
export interface StageChange {
  status: LeadStatus;
  lostReason: LostReason | null;
  proposalCents?: number | null;
  closedCents?: number | null;
}

type Executor = Kysely<Database> | Transaction<Database>;

const actorName = (actor: PipelineActor) => actor.name?.trim() || actor.email;

/** Add one timeline entry; call inside the transaction that makes the change. */
export async function recordLeadEvent(
  trx: Executor,
  event: {
    leadId: string;
    kind: LeadEventKind;
    actor: PipelineActor | null;
    fromStage?: LeadStatus | null;
    toStage?: LeadStatus | null;
    body?: string | null;
    details?: Record<string, unknown> | null;
    outboxId?: string | null;
  },
  now: Date,
): Promise<void> {
  await trx
    .insertInto("lead_events")
    .values({
      id: randomUUID(),
      lead_id: event.leadId,
      kind: event.kind,
      from_stage: event.fromStage ?? null,
      to_stage: event.toStage ?? null,
      body: event.body ?? null,
      details: event.details ? JSON.stringify(event.details) : null,
      outbox_id: event.outboxId ?? null,
      user_id: event.actor?.id ?? null,
      user_name: event.actor ? actorName(event.actor) : null,
      created_at: now.toISOString(),
    })
    .execute();
}

/** The request as a change sees it before making it (null: there is no such request). */
async function pipelineState(trx: Executor, id: string) {
  return trx
    .selectFrom("leads")
    .select([
      "id",
      "name",
      "email",
      "status",
      "lost_reason",
      "proposal_value_cents",
      "closed_value_cents",
      "first_response_at",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}

export type PipelineState = NonNullable<Awaited<ReturnType<typeof pipelineState>>>;

/**
 * Inside a transaction: move the request and record it. Returns the state before, or null when
 * there is no such request. Nothing that did not change is written or recorded.
 */
export async function applyStageChange(
  trx: Transaction<Database>,
  id: string,
  change: StageChange,
  actor: PipelineActor | null,
  now: Date,
): Promise<PipelineState | null> {
  const before = await pipelineState(trx, id);
  if (!before) return null;
  const lostReason = change.status === "perdido" ? change.lostReason : null;
  const proposal = change.proposalCents === undefined ? before.proposal_value_cents : change.proposalCents;
  const closed = change.closedCents === undefined ? before.closed_value_cents : change.closedCents;
  const moved = before.status !== change.status;
  const changed =
    moved ||
    before.lost_reason !== lostReason ||
    before.proposal_value_cents !== proposal ||
    before.closed_value_cents !== closed;
  if (!changed) return before;
  const timestamp = now.toISOString();
  await trx
    .updateTable("leads")
    .set({
      status: change.status,
      lost_reason: lostReason,
      proposal_value_cents: proposal,
      closed_value_cents: closed,
      updated_at: timestamp,
      ...(moved ? { stage_changed_at: timestamp } : {}),
      ...(moved && change.status !== "novo" && !before.first_response_at
        ? { first_response_at: timestamp }
        : {}),
    })
    .where("id", "=", id)
    .execute();
  await recordLeadEvent(
    trx,
    {
      leadId: id,
      kind: "stage",
      actor,
      fromStage: before.status,
      toStage: change.status,
      details: { lostReason, proposalCents: proposal, closedCents: closed },
    },
    now,
  );
  return before;
}

/** Move a request to a stage (and set its values); the state before, or null when it is gone. */
export async function moveLead(
  id: string,
  change: StageChange,
  actor: PipelineActor,
  now = new Date(),
): Promise<PipelineState | null> {
  const db = await database();
  return db.transaction().execute((trx) => applyStageChange(trx, id, change, actor, now));
}

/** Add a note to the request's timeline; false when there is no such request. */
export async function addLeadNote(
  id: string,
  text: string,
  actor: PipelineActor,
  now = new Date(),
): Promise<boolean> {
  const db = await database();
  return db.transaction().execute((trx) => addLeadNoteIn(trx, id, text, actor, now));
}

/** Inside the caller's transaction: add a note to the timeline; false when there is no such request. */
export async function addLeadNoteIn(
  trx: Transaction<Database>,
  id: string,
  text: string,
  actor: PipelineActor,
  now: Date,
): Promise<boolean> {
  const lead = await trx.selectFrom("leads").select("id").where("id", "=", id).executeTakeFirst();
  if (!lead) return false;
  await recordLeadEvent(trx, { leadId: id, kind: "note", actor, body: text }, now);
  return true;
}

/**
 * Inside a transaction: the team answered the person (a reply, a WhatsApp contact). The first
 * answer is stamped, and a request still "Novo" moves to "Em contato".
 */
export async function markAnswered(
  trx: Transaction<Database>,
  id: string,
  actor: PipelineActor,
  now: Date,
): Promise<void> {
  const state = await pipelineState(trx, id);
  if (!state) return;
  if (!state.first_response_at) {
    await trx
      .updateTable("leads")
      .set({ first_response_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
  }
  // The move follows the answer on the timeline: a millisecond later, so the order never
  // depends on how two entries of the same instant sort.
  if (state.status === "novo") {
    await applyStageChange(
      trx,
      id,
      { status: "em_contato", lostReason: null },
      actor,
      new Date(now.getTime() + 1),
    );
  }
}
