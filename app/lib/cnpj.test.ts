import { describe, expect, it } from "vitest";
import { formatCnpj, isValidCnpj } from "./cnpj";

describe("CNPJ", () => {
  it("accepts numbers whose check digits match, with or without punctuation", () => {
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true);
    expect(isValidCnpj("11222333000181")).toBe(true);
    expect(isValidCnpj("00.000.000/0001-91")).toBe(true);
  });

  it("accepts the alphanumeric CNPJ (letters in the first twelve characters)", () => {
    expect(isValidCnpj("12.ABC.345/01DE-35")).toBe(true);
    expect(isValidCnpj("12abc34501de35")).toBe(true);
    expect(isValidCnpj("12.ABC.345/01DE-36")).toBe(false);
  });

  it("refuses wrong check digits, wrong sizes, repeated digits and letters in the check digits", () => {
    for (const value of [
      "11.222.333/0001-80",
      "00.000.000/0001-00",
      "1122233300018",
      "112223330001811",
      "11111111111111",
      "12.ABC.345/01DE-3A",
      "",
    ]) {
      expect(isValidCnpj(value), value).toBe(false);
    }
  });

  it("formats the fourteen characters", () => {
    expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
  });
});
