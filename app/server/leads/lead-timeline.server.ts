import { TIMELINE_LIMIT, type TimelineEntry } from "~/lib/lead-pipeline";
import { lostReasonSchema } from "~/lib/lead-status";
import { database } from "../db/database.server";

// A request's timeline: its arrival, then every stage change, note and reply, oldest first, with
// who and when. Only the latest TIMELINE_LIMIT entries are read, so a request worked on for
// years still opens at once.

interface StageDetails {
  lostReason: TimelineEntry["lostReason"];
  proposalCents: number | null;
  closedCents: number | null;
}

function stageDetails(text: string | null): StageDetails {
  const none = { lostReason: null, proposalCents: null, closedCents: null };
  if (!text) return none;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const cents = (value: unknown) => (typeof value === "number" && Number.isInteger(value) ? value : null);
    const reason = lostReasonSchema.safeParse(parsed.lostReason);
    return {
      lostReason: reason.success ? reason.data : null,
      proposalCents: cents(parsed.proposalCents),
      closedCents: cents(parsed.closedCents),
    };
  } catch {
    return none;
  }
}

export async function leadTimeline(lead: { id: string; created_at: string }): Promise<TimelineEntry[]> {
  const db = await database();
  const rows = await db
    .selectFrom("lead_events as e")
    .leftJoin("outbox as o", "o.id", "e.outbox_id")
    .select([
      "e.id",
      "e.kind",
      "e.created_at",
      "e.user_name",
      "e.from_stage",
      "e.to_stage",
      "e.body",
      "e.details",
      "o.sent_at",
    ])
    .where("e.lead_id", "=", lead.id)
    .orderBy("e.created_at", "desc")
    .orderBy("e.id", "desc")
    .limit(TIMELINE_LIMIT)
    .execute();
  const received: TimelineEntry = {
    id: `${lead.id}-recebida`,
    kind: "received",
    at: lead.created_at,
    who: null,
    fromStage: null,
    toStage: null,
    body: null,
    lostReason: null,
    proposalCents: null,
    closedCents: null,
    sent: null,
  };
  const events = rows.reverse().map(
    (row): TimelineEntry => ({
      id: row.id,
      kind: row.kind,
      at: row.created_at,
      who: row.user_name,
      fromStage: row.from_stage,
      toStage: row.to_stage,
      body: row.body,
      ...(row.kind === "stage" ? stageDetails(row.details) : stageDetails(null)),
      sent: row.kind === "email_reply" ? Boolean(row.sent_at) : null,
    }),
  );
  return [received, ...events];
}
