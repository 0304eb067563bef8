import { describe, expect, it } from "vitest";
import { defaultSite } from "~/lib/company-settings";
import { quoteLimitMessage } from "./quote-limits.server";

describe("quoteLimitMessage", () => {
  it("tells a visitor over the per-address limit to call", () => {
    expect(quoteLimitMessage("address", defaultSite)).toBe(
      "Recebemos muitos pedidos deste endereço na última hora. Tente novamente mais tarde ou fale conosco pelo telefone (41) 99876-5432.",
    );
  });

  it("offers the phone and WhatsApp when everyone together is over the cap", () => {
    expect(quoteLimitMessage("everyone", defaultSite)).toBe(
      "Recebemos um número incomum de pedidos na última hora e não conseguimos registrar o seu agora. Fale conosco pelo telefone ou WhatsApp (41) 99876-5432, ou tente novamente mais tarde.",
    );
    const separate = { ...defaultSite, whatsappDigits: "5541912345678" };
    expect(quoteLimitMessage("everyone", separate)).toContain(
      "pelo telefone (41) 99876-5432 ou pelo WhatsApp (41) 91234-5678,",
    );
    const abroad = { ...defaultSite, whatsappDigits: "351912345678" };
    expect(quoteLimitMessage("everyone", abroad)).toContain("pelo WhatsApp +351912345678,");
  });
});
