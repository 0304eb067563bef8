export const leadStatuses = ["novo", "em_contato", "orcamento_enviado", "fechado", "descartado"] as const;
export type LeadStatusValue = (typeof leadStatuses)[number];

export const leadStatusLabels: Record<LeadStatusValue, string> = {
  novo: "Novo",
  em_contato: "Em contato",
  orcamento_enviado: "Orçamento enviado",
  fechado: "Fechado",
  descartado: "Descartado",
};

export function isLeadStatus(value: unknown): value is LeadStatusValue {
  return typeof value === "string" && (leadStatuses as readonly string[]).includes(value);
}

/** What happened to the notification e-mail of a quote request. */
export type DeliveryState = "sent" | "pending" | "retrying" | "none";

export const deliveryLabels: Record<DeliveryState, string> = {
  sent: "E-mail enviado",
  pending: "E-mail na fila",
  retrying: "E-mail: tentando novamente",
  none: "Sem e-mail",
};
