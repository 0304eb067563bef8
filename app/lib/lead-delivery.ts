import { formatCountOf } from "./count-format";
import type { DeliveryState } from "./lead-status";
import { formatDetailDateTime } from "./site-time";

// What became of the e-mail that tells the company about a new request, as the request's page
// says it: what happened and when, from the outbox row, not a state's name.

export interface LeadDeliveryFacts {
  delivery: DeliveryState;
  deliveryAttempts: number;
  /** When it went out (ISO), once sent. */
  deliverySentAt: string | null;
  /** When the outbox tries again (ISO), while unsent. */
  deliveryNextAttemptAt: string | null;
}

/** "enviado em 2 de dez. de 2026, 14:31", "ainda não enviado: 3 tentativas falharam; …". */
export function deliveryText(facts: LeadDeliveryFacts): string {
  switch (facts.delivery) {
    case "sent":
      return facts.deliverySentAt ? `enviado em ${formatDetailDateTime(facts.deliverySentAt)}` : "enviado";
    case "pending":
      return "na fila, ainda não enviado";
    case "retrying": {
      const failed = formatCountOf(facts.deliveryAttempts, {
        one: "tentativa falhou",
        many: "tentativas falharam",
      });
      const next = facts.deliveryNextAttemptAt
        ? `; nova tentativa em ${formatDetailDateTime(facts.deliveryNextAttemptAt)}`
        : "";
      return `ainda não enviado: ${failed}${next}`;
    }
    case "none":
      return "nenhum aviso foi gerado para esta solicitação";
  }
}
