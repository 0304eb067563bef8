import { type JoinBuilder, type Kysely, sql, type Transaction } from "kysely";
import { z } from "zod";
import { ADMIN_LIST_PAGE_SIZE, type AdminListPage, type LeadListQuery } from "~/lib/admin-list";
import { toExcelCsv } from "~/lib/csv";
import type { LeadDeliveryFacts } from "~/lib/lead-delivery";
import { type LeadSourceSummary, REMOVED_POST, sourceLabel } from "~/lib/lead-source";
import { deliveryLabels, leadStatusLabels } from "~/lib/lead-status";
import { dayEndUtc, dayStartUtc, formatListDateTime } from "~/lib/site-time";
import { countedPageWindow } from "../admin-lists/list-query.server";
import { idsMatching, type SearchStrategy } from "../admin-lists/text-search.server";
import { database, startDatabase } from "../db/database.server";
import { eraseLead } from "../db/lead-erasures.server";
import type { Database, Lead } from "../db/schema";
import { LEAD_NOTIFICATION } from "../email/outbox.server";
import {
  applyStageChange,
  type PipelineActor,
  recordLeadEvent,
  type StageChange,
} from "./lead-pipeline.server";

/**
 * A request's notification to the company: the outbox row the inbox reports on (a request may
 * also have the visitor's confirmation, which is not the company's e-mail).
 */
function companyNotification(
  join: JoinBuilder<Database & { o: Database["outbox"]; l: Database["leads"] }, "o" | "l">,
) {
  return join.onRef("o.lead_id", "=", "l.id").on("o.kind", "=", LEAD_NOTIFICATION);
}

/** What became of a request's notification e-mail, from its outbox row (if any). */
interface DeliveryColumns {
  outbox_id: string | null;
  sent_at: string | null;
  attempts: number | null;
  last_error: string | null;
}

/** What the inbox shows of it: the state and the last error (the request's page says when). */
type InboxDelivery = Pick<LeadDeliveryFacts, "delivery" | "deliveryAttempts"> & {
  deliveryError: string | null;
};

export type LeadDelivery = InboxDelivery & LeadDeliveryFacts;

function inboxDeliveryOf({ outbox_id, sent_at, attempts, last_error }: DeliveryColumns): InboxDelivery {
  return {
    delivery: !outbox_id ? "none" : sent_at ? "sent" : (attempts ?? 0) > 0 ? "retrying" : "pending",
    deliveryError: sent_at ? null : (last_error ?? null),
    deliveryAttempts: attempts ?? 0,
  };
}

function deliveryOf(columns: DeliveryColumns & { next_attempt_at: string | null }): LeadDelivery {
  return {
    ...inboxDeliveryOf(columns),
    deliverySentAt: columns.sent_at ?? null,
    deliveryNextAttemptAt: columns.sent_at ? null : (columns.next_attempt_at ?? null),
  };
}

/** The outbox columns `inboxDeliveryOf` reads; `deliveryOf` also reads "o.next_attempt_at". */
const inboxDeliveryColumns = ["o.id as outbox_id", "o.sent_at", "o.attempts", "o.last_error"] as const;

/** What a repeat shows of the first request it repeats (docs/decisions/0090). */
export interface RepeatOf {
  /** The first request's number, when `repeat_of` names one. */
  repeat_of_number: number | null;
}

/**
 * A request with every field and its e-mail's fate: the details page and the CSV export (the
 * form token it came with is the repeat check's alone).
 */
export interface FullLead extends Omit<Lead, "form_token">, LeadDelivery, RepeatOf {
  /** The title of the post the visitor came from (null: none, or deleted since). */
  source_post_title: string | null;
}

/** How much of a message the inbox shows; the rest is on the request's own page. */
export const MESSAGE_EXCERPT_LENGTH = 300;

/** A request as the inbox lists it: the message cut to an excerpt, no other unshown column. */
export interface InboxLead
  extends Pick<
      Lead,
      | "id"
      | "name"
      | "email"
      | "phone"
      | "condominium"
      | "service"
      | "status"
      | "lost_reason"
      | "note"
      | "created_at"
      | "number"
      | "repeat_of"
    >,
    LeadSourceSummary,
    InboxDelivery,
    RepeatOf {
  /** The message's first MESSAGE_EXCERPT_LENGTH characters. */
  messageExcerpt: string;
  /** The message goes on beyond the excerpt. */
  messageCut: boolean;
}

type LeadFilters = Omit<LeadListQuery, "page">;

/**
 * The requests matching the inbox's filters (every one when none is set). A search is tested
 * per request when `searchStrategy` says so, or when a status or service leaves few candidates.
 */
function matchingLeads(db: Kysely<Database>, query: LeadFilters, searchStrategy?: SearchStrategy) {
  let matching = db.selectFrom("leads as l");
  if (query.status) matching = matching.where("l.status", "=", query.status);
  if (query.service) matching = matching.where("l.service", "=", query.service);
  if (query.from) matching = matching.where("l.created_at", ">=", dayStartUtc(query.from));
  if (query.to) matching = matching.where("l.created_at", "<", dayEndUtc(query.to));
  if (query.search) {
    const strategy = searchStrategy ?? (query.status || query.service ? "per row" : "scan");
    matching = matching.where(idsMatching(db, "leads", "l.id", query.search, strategy));
  }
  return matching;
}

/**
 * One page of the inbox, newest first: searched in name, e-mail, phone and message (case and
 * accents ignored), filtered by status, service and day of arrival. The message comes cut in
 * SQL, so a page never carries 50 whole messages (docs/decisions/0026-admin-lists-at-scale.md).
 */
export async function listLeads(
  query: LeadListQuery,
  pageSize: number = ADMIN_LIST_PAGE_SIZE,
): Promise<AdminListPage<InboxLead>> {
  const db = await database();
  const matching = matchingLeads(db, query);
  // The page's ids come from the indexes alone; only those rows are then read, the message
  // cut in SQL.
  const { page, pageCount, total, offset } = await countedPageWindow(matching, query.page, pageSize);
  // The page reads the newest requests first and stops at its last one: each is tested on its own.
  const pageIds = matchingLeads(db, query, "per row")
    .select("l.id")
    .orderBy("l.created_at", "desc")
    .orderBy("l.id", "desc")
    .limit(pageSize)
    .offset(offset);
  const rows = await db
    .selectFrom("leads as l")
    .leftJoin("outbox as o", companyNotification)
    .leftJoin("blog_posts as p", "p.id", "l.source_post_id")
    .leftJoin("leads as f", "f.id", "l.repeat_of")
    .where("l.id", "in", pageIds)
    .select([
      "l.id",
      "l.number",
      "l.repeat_of",
      "f.number as repeat_of_number",
      "l.name",
      "l.email",
      "l.phone",
      "l.condominium",
      "l.service",
      "l.status",
      "l.lost_reason",
      "l.note",
      "l.created_at",
      "l.source_referrer_host",
      "l.utm_source",
      "l.utm_medium",
      "l.utm_campaign",
      "l.source_post_id",
      "p.title as source_post_title",
      sql<string>`substr(l.message, 1, ${sql.lit(MESSAGE_EXCERPT_LENGTH)})`.as("message_excerpt"),
      sql<boolean>`length(l.message) > ${sql.lit(MESSAGE_EXCERPT_LENGTH)}`.as("message_cut"),
      ...inboxDeliveryColumns,
    ])
    .orderBy("l.created_at", "desc")
    .orderBy("l.id", "desc")
    .execute();
  const items = rows.map(
    ({ outbox_id, sent_at, attempts, last_error, message_excerpt, message_cut, ...lead }): InboxLead => ({
      ...lead,
      messageExcerpt: message_excerpt,
      messageCut: Boolean(message_cut),
      ...inboxDeliveryOf({ outbox_id, sent_at, attempts, last_error }),
    }),
  );
  return { items, page, pageCount, total };
}

/** Every request matching the filters, whole, newest first: the CSV export. */
export async function listLeadsForExport(query: LeadFilters): Promise<FullLead[]> {
  const db = await database();
  const rows = await matchingLeads(db, query)
    .leftJoin("outbox as o", companyNotification)
    .leftJoin("blog_posts as p", "p.id", "l.source_post_id")
    .leftJoin("leads as f", "f.id", "l.repeat_of")
    .selectAll("l")
    .select([...fullLeadExtras, "f.number as repeat_of_number"])
    .orderBy("l.created_at", "desc")
    .orderBy("l.id", "desc")
    .execute();
  return rows.map(fullLead);
}

/** What the details page and the export read besides the request's own columns. */
const fullLeadExtras = [
  ...inboxDeliveryColumns,
  "o.next_attempt_at",
  "p.title as source_post_title",
] as const;

function fullLead<
  Row extends Lead &
    DeliveryColumns &
    RepeatOf & { next_attempt_at: string | null; source_post_title: string | null },
>({
  outbox_id,
  sent_at,
  attempts,
  last_error,
  next_attempt_at,
  form_token: _formToken,
  ...lead
}: Row): FullLead {
  return { ...lead, ...deliveryOf({ outbox_id, sent_at, attempts, last_error, next_attempt_at }) };
}

/** One request, whole (its own page in the inbox), or null when there is none with this id. */
export async function getLead(id: string): Promise<FullLead | null> {
  const db = await database();
  const row = await db
    .selectFrom("leads as l")
    .leftJoin("outbox as o", companyNotification)
    .leftJoin("blog_posts as p", "p.id", "l.source_post_id")
    .leftJoin("leads as f", "f.id", "l.repeat_of")
    .selectAll("l")
    .select([...fullLeadExtras, "f.number as repeat_of_number"])
    .where("l.id", "=", id)
    .executeTakeFirst();
  return row ? fullLead(row) : null;
}

/** A request sent again within minutes (lead-repeats.server.ts), as its first request lists it. */
export interface LeadRepeat {
  id: string;
  number: number | null;
  created_at: string;
}

/** How many repeats a request's page lists; a person sending one request more is not a list. */
const MAX_LISTED_REPEATS = 20;

/** The repeats of a request, oldest first (leads_repeat_of_idx). */
export async function listLeadRepeats(id: string): Promise<LeadRepeat[]> {
  const db = await database();
  return db
    .selectFrom("leads")
    .select(["id", "number", "created_at"])
    .where("repeat_of", "=", id)
    .orderBy("created_at")
    .orderBy("id")
    .limit(MAX_LISTED_REPEATS)
    .execute();
}

/** How many services the inbox's filter offers at most (the site has about ten). */
const MAX_SERVICE_CHOICES = 200;

/** The services requests have named, for the inbox's filter. */
export async function listLeadServices(): Promise<string[]> {
  const db = await database();
  const rows = await db
    .selectFrom("leads")
    .select("service")
    .distinct()
    .orderBy("service")
    .limit(MAX_SERVICE_CHOICES)
    .execute();
  return rows.map((row) => row.service);
}

const leadIdSchema = z.uuid();

/** The request id in an inbox address, or null when it cannot name a request. */
export function leadIdFromParam(value: string | undefined): string | null {
  const parsed = leadIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export const leadNoteSchema = z.string().max(5000, "A nota pode ter no máximo 5.000 caracteres.");

/**
 * Inside the caller's transaction, the inbox's save: the stage (recorded on the timeline by the
 * pipeline) and the private note, whose new text goes on the timeline too. False when there is
 * no such request.
 */
export async function updateLeadIn(
  trx: Transaction<Database>,
  id: string,
  change: StageChange,
  note: string,
  actor: PipelineActor,
  now: Date,
): Promise<boolean> {
  const before = await applyStageChange(trx, id, change, actor, now);
  if (!before) return false;
  const current = await trx.selectFrom("leads").select("note").where("id", "=", id).executeTakeFirst();
  if (current && current.note !== note) {
    await trx
      .updateTable("leads")
      .set({ note, updated_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
    if (note.trim()) await recordLeadEvent(trx, { leadId: id, kind: "note", actor, body: note }, now);
  }
  return true;
}

/**
 * Delete a request and, through the foreign key, its pending e-mail (LGPD erasure), logged so
 * that restoring an older backup deletes it again.
 */
export async function deleteLead(id: string): Promise<boolean> {
  return eraseLead(await startDatabase(), id);
}

/** The inbox as a CSV file for Excel. */
export function leadsToCsv(leads: FullLead[]): string {
  const header = [
    "Data",
    "Nome",
    "E-mail",
    "Telefone",
    "Condomínio",
    "Serviço",
    "Mensagem",
    "Status",
    "Nota",
    "E-mail da empresa",
    "Origem",
    "Campanha",
    "Post",
    "Nº",
    "Repetição do nº",
  ];
  const rows = leads.map((lead) => [
    formatListDateTime(lead.created_at),
    lead.name,
    lead.email,
    lead.phone,
    lead.condominium,
    lead.service,
    lead.message,
    leadStatusLabels[lead.status],
    lead.note,
    deliveryLabels[lead.delivery],
    sourceLabel(lead),
    lead.utm_campaign ?? "",
    lead.source_post_id ? (lead.source_post_title ?? REMOVED_POST) : "",
    lead.number === null ? "" : String(lead.number),
    lead.repeat_of_number === null ? "" : String(lead.repeat_of_number),
  ]);
  return toExcelCsv([header, ...rows]);
}
