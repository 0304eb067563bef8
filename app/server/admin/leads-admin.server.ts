import { z } from "zod";
import { toExcelCsv } from "~/lib/csv";
import {
  type DeliveryState,
  deliveryLabels,
  isLeadStatus,
  type LeadStatusValue,
  leadStatusLabels,
} from "~/lib/lead-status";
import { database } from "../db/database.server";

export interface InboxLead {
  id: string;
  name: string;
  email: string;
  phone: string;
  condominium: string;
  service: string;
  message: string;
  status: LeadStatusValue;
  note: string;
  createdAt: string;
  delivery: DeliveryState;
  deliveryError: string | null;
  deliveryAttempts: number;
}

/** Every quote request, newest first, optionally of one status, with its e-mail's fate. */
export async function listLeads(status: LeadStatusValue | null): Promise<InboxLead[]> {
  const db = await database();
  let query = db
    .selectFrom("leads as l")
    .leftJoin("outbox as o", "o.lead_id", "l.id")
    .select([
      "l.id",
      "l.name",
      "l.email",
      "l.phone",
      "l.condominium",
      "l.service",
      "l.message",
      "l.status",
      "l.note",
      "l.created_at",
      "o.id as outbox_id",
      "o.sent_at",
      "o.attempts",
      "o.last_error",
    ])
    .orderBy("l.created_at", "desc")
    .orderBy("l.id");
  if (status) query = query.where("l.status", "=", status);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    condominium: row.condominium,
    service: row.service,
    message: row.message,
    status: row.status,
    note: row.note,
    createdAt: row.created_at,
    delivery: !row.outbox_id
      ? "none"
      : row.sent_at
        ? "sent"
        : (row.attempts ?? 0) > 0
          ? "retrying"
          : "pending",
    deliveryError: row.sent_at ? null : (row.last_error ?? null),
    deliveryAttempts: row.attempts ?? 0,
  }));
}

export const leadUpdateSchema = z.object({
  status: z.string().refine(isLeadStatus, "Status inválido."),
  note: z.string().max(5000, "A nota pode ter no máximo 5.000 caracteres."),
});

export async function updateLead(id: string, status: LeadStatusValue, note: string): Promise<boolean> {
  const db = await database();
  const result = await db
    .updateTable("leads")
    .set({ status, note, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Delete a request and, through the foreign key, its pending e-mail (LGPD erasure). */
export async function deleteLead(id: string): Promise<boolean> {
  const db = await database();
  const result = await db.deleteFrom("leads").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
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
    dateTime.format(new Date(lead.createdAt)),
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
