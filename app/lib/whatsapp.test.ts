import { describe, expect, it } from "vitest";
import { whatsappUrl } from "./whatsapp";

describe("whatsappUrl", () => {
  it("keeps only digits of the number and encodes the message", () => {
    expect(whatsappUrl("+55 (41) 99876-5432", "Olá! Gostaria de solicitar um orçamento.")).toBe(
      "https://wa.me/5541998765432?text=Ol%C3%A1!%20Gostaria%20de%20solicitar%20um%20or%C3%A7amento.",
    );
  });

  it("encodes characters that would break the query string", () => {
    expect(whatsappUrl("5541", "a&b=c #1")).toBe("https://wa.me/5541?text=a%26b%3Dc%20%231");
  });
});
