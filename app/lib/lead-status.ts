import { z } from "zod";

// The statuses of a quote request: the one list the database type, the parsers and the
// inbox's pt-BR labels are derived from.

export const leadStatuses = ["novo", "em_contato", "orcamento_enviado", "fechado", "descartado"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

// Pure: the inbox's client bundle imports the labels, and should not carry zod for a parser
// only the server runs.
export const leadStatusSchema = /* @__PURE__ */ z.enum(leadStatuses, { error: "Status inválido." });

export const leadStatusLabels: Record<LeadStatus, string> = {
  novo: "Novo",
  em_contato: "Em contato",
  orcamento_enviado: "Orçamento enviado",
  fechado: "Fechado",
  descartado: "Descartado",
};

/** What happened to the notification e-mail of a quote request. */
export type DeliveryState = "sent" | "pending" | "retrying" | "none";

export const deliveryLabels: Record<DeliveryState, string> = {
  sent: "E-mail enviado",
  pending: "E-mail na fila",
  retrying: "E-mail: tentando novamente",
  none: "Sem e-mail",
};
