import { describe, expect, it } from "vitest";
import { deliveryText } from "./lead-delivery";

const none = { deliveryAttempts: 0, deliverySentAt: null, deliveryNextAttemptAt: null };

describe("what became of the company's notice, in words", () => {
  it("says when it was sent, in São Paulo's time", () => {
    expect(
      deliveryText({
        ...none,
        delivery: "sent",
        deliveryAttempts: 1,
        deliverySentAt: "2026-12-02T17:31:00.000Z",
      }),
    ).toBe("enviado em 2 de dez. de 2026, 14:31");
  });

  it("says it waits, or how many tries failed and when the next one is", () => {
    expect(
      deliveryText({ ...none, delivery: "pending", deliveryNextAttemptAt: "2026-12-02T17:31:00.000Z" }),
    ).toBe("na fila, ainda não enviado");
    const retrying = {
      ...none,
      delivery: "retrying" as const,
      deliveryNextAttemptAt: "2026-12-02T17:40:00.000Z",
    };
    expect(deliveryText({ ...retrying, deliveryAttempts: 1 })).toBe(
      "ainda não enviado: 1 tentativa falhou; nova tentativa em 2 de dez. de 2026, 14:40",
    );
    expect(deliveryText({ ...retrying, deliveryAttempts: 3 })).toBe(
      "ainda não enviado: 3 tentativas falharam; nova tentativa em 2 de dez. de 2026, 14:40",
    );
  });

  it("says when there was never a notice", () => {
    expect(deliveryText({ ...none, delivery: "none" })).toBe("nenhum aviso foi gerado para esta solicitação");
  });
});
