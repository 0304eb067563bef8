import { describe, expect, it } from "vitest";
import { internationalPhoneDigits, isBrazilianLandline, whatsappLandlineWarning } from "./phone-digits";

describe("internationalPhoneDigits", () => {
  it.each([
    ["(41) 99876-5432", "5541998765432"],
    ["41 3333-4444", "554133334444"],
    ["41998765432", "5541998765432"],
    ["55 41 99876-5432", "5541998765432"],
    ["+55 (41) 99876-5432", "5541998765432"],
    ["5541998765432", "5541998765432"],
    ["+351 912 345 678", "351912345678"],
    ["00351912345678", "351912345678"],
    // Area code 55 (Santa Maria, RS) without the country code is still a Brazilian number.
    ["(55) 99123-4567", "5555991234567"],
  ])("%s → %s", (typed, digits) => {
    expect(internationalPhoneDigits(typed)).toBe(digits);
  });

  it.each([
    "(41) 9999",
    "41 9abc-5432",
    "998765432",
    "(01) 99876-5432",
    "41 1234-5678",
    "+0 41 99876",
    "55 41 9876",
    "12345678901234567",
    "",
  ])("refuses %j", (typed) => {
    expect(internationalPhoneDigits(typed)).toBeNull();
  });
});

describe("a WhatsApp number that is a fixed line", () => {
  it("is told apart from a mobile by the digits after the area code", () => {
    expect(isBrazilianLandline("554133334444")).toBe(true);
    expect(isBrazilianLandline("551125557777")).toBe(true);
    expect(isBrazilianLandline("5541998765432")).toBe(false);
    // Another country's number is never called a Brazilian fixed line.
    expect(isBrazilianLandline("351212345678")).toBe(false);
    expect(whatsappLandlineWarning("554133334444")).toContain("telefone fixo");
    expect(whatsappLandlineWarning("5541998765432")).toBeNull();
  });
});
