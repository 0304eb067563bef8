import { z } from "zod";
import { toExcelCsv } from "~/lib/csv";
import {
  type DeliveryState,
  deliveryLabels,
  type LeadStatus,
  leadStatusLabels,
  leadStatusSchema,
} from "~/lib/lead-status";
import { database, startDatabase } from "../db/database.server";
import { eraseLead } from "../db/lead-erasures.server";
import type { Lead } from "../db/schema";

/** A request in the inbox: the lead as stored, and what became of its notification e-mail. */
export interface InboxLead extends Lead {
  delivery: DeliveryState;
  deliveryError: string | null;
  deliveryAttempts: number;
}

/** Every quote request, newest first, optionally of one status, with its e-mail's fate. */
export async function listLeads(status: LeadStatus | null): Promise<InboxLead[]> {
  const db = await database();
  let query = db
    .selectFrom("leads as l")
    .leftJoin("outbox as o", "o.lead_id", "l.id")
    .selectAll("l")
    .select(["o.id as outbox_id", "o.sent_at", "o.attempts", "o.last_error"])
    .orderBy("l.created_at", "desc")
    .orderBy("l.id");
  if (status) query = query.where("l.status", "=", status);
  const rows = await query.execute();
  return rows.map(({ outbox_id, sent_at, attempts, last_error, ...lead }) => ({
    ...lead,
    delivery: !outbox_id ? "none" : sent_at ? "sent" : (attempts ?? 0) > 0 ? "retrying" : "pending",
    deliveryError: sent_at ? null : (last_error ?? null),
    deliveryAttempts: attempts ?? 0,
  }));
}

export const leadUpdateSchema = z.object({
  status: leadStatusSchema,
  note: z.string().max(5000, "A nota pode ter no máximo 5.000 caracteres."),
});

export async function updateLead(id: string, status: LeadStatus, note: string): Promise<boolean> {
  const db = await database();
  const result = await db
    .updateTable("leads")
    .set({ status, note, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Delete a request and, through the foreign key, its pending e-mail (LGPD erasure), logged so
 * that restoring an older backup deletes it again.
 */
export async function deleteLead(id: string): Promise<boolean> {
  return eraseLead(await startDatabase(), id);
}

const dateTime = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  dateStyle: "short",
  timeStyle: "short",
});

/** The inbox as a CSV file for Excel. */
export function leadsToCsv(leads: InboxLead[]): string {
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
  ];
  const rows = leads.map((lead) => [
    dateTime.format(new Date(lead.created_at)),
    lead.name,
    lead.email,
    lead.phone,
    lead.condominium,
    lead.service,
    lead.message,
    leadStatusLabels[lead.status],
    lead.note,
    deliveryLabels[lead.delivery],
  ]);
  return toExcelCsv([header, ...rows]);
}
