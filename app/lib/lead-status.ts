import { z } from "zod";

// The stages of a quote request's pipeline: the one list the database type, the parsers, the
// board's columns and the pt-BR labels are derived from (migration 0025).

export const leadStatuses = [
  "novo",
  "em_contato",
  "visita_agendada",
  "proposta_enviada",
  "fechado_ganho",
  "perdido",
] as const;
export type LeadStatus = (typeof leadStatuses)[number];

// Pure: the inbox's client bundle imports the labels, and should not carry zod for a parser
// only the server runs.
export const leadStatusSchema = /* @__PURE__ */ z.enum(leadStatuses, { error: "Etapa inválida." });

export const leadStatusLabels: Record<LeadStatus, string> = {
  novo: "Novo",
  em_contato: "Em contato",
  visita_agendada: "Visita agendada",
  proposta_enviada: "Proposta enviada",
  fechado_ganho: "Fechado (ganho)",
  perdido: "Perdido",
};

/**
 * What moving a request to a stage asks for beside it: why it was lost, or the value the stage
 * is about (the proposal sent, the contract closed). The board shows that field once the stage
 * is chosen and reads only that one.
 */
export const stageAsksFor = {
  proposta_enviada: "proposal_value",
  fechado_ganho: "closed_value",
  perdido: "lost_reason",
} as const satisfies Partial<Record<LeadStatus, string>>;

export type StageAsk = (typeof stageAsksFor)[keyof typeof stageAsksFor];

/** The field moving to `stage` asks for, if any. */
export function stageAsks(stage: LeadStatus): StageAsk | null {
  return (stageAsksFor as Partial<Record<LeadStatus, StageAsk>>)[stage] ?? null;
}

/** Why a request was lost: a short list, so the dashboard can count them. */
export const lostReasons = [
  "preco",
  "prazo",
  "outra_empresa",
  "sem_retorno",
  "fora_da_area",
  "outro",
] as const;
export type LostReason = (typeof lostReasons)[number];

export const lostReasonLabels: Record<LostReason, string> = {
  preco: "Preço",
  prazo: "Prazo",
  outra_empresa: "Escolheu outra empresa",
  sem_retorno: "Sem retorno do cliente",
  fora_da_area: "Fora da nossa área",
  outro: "Outro",
};

export const lostReasonSchema = /* @__PURE__ */ z.enum(lostReasons, { error: "Motivo da perda inválido." });

/** What happened to the e-mail that tells the company about a quote request. */
export type DeliveryState = "sent" | "pending" | "retrying" | "none";

/** The inbox's badge: short, and saying whose e-mail it is (the request's page says when). */
export const deliveryLabels: Record<DeliveryState, string> = {
  sent: "Aviso enviado à empresa",
  pending: "Aviso à empresa na fila",
  retrying: "Aviso à empresa: tentando de novo",
  none: "Sem aviso à empresa",
};
