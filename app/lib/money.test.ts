import { describe, expect, it } from "vitest";
import {
  formatMoney,
  formatMoneyField,
  formatMoneyTyping,
  MONEY_INVALID_MESSAGE,
  MONEY_TOO_LARGE_MESSAGE,
  parseMoney,
} from "./money";

describe("parseMoney", () => {
  it.each([
    ["R$ 12.500,00", 1_250_000],
    ["12500", 1_250_000],
    ["12.500,5", 1_250_050],
    ["12.500", 1_250_000],
    ["1.250.000,99", 125_000_099],
    ["r$12500,00", 1_250_000],
    ["  R$\u00a012.500,00 ", 1_250_000],
    ["12500.5", 1_250_050],
    ["12500.50", 1_250_050],
    ["0,99", 99],
    [",5", 50],
    ["12500,", 1_250_000],
    ["10.000.000,00", 1_000_000_000],
  ])("reads %j as %i centavos", (typed, cents) => {
    expect(parseMoney(typed)).toEqual({ ok: true, cents });
  });

  it("reads an empty field as no value", () => {
    expect(parseMoney("")).toEqual({ ok: true, cents: null });
    expect(parseMoney("  R$ ")).toEqual({ ok: true, cents: null });
  });

  it.each(["doze mil", "12,500,00", "1.25.000", "12.500,555", "-500", "12 500x", "1e5", "12.50.0"])(
    "refuses %j with a pt-BR message",
    (typed) => {
      expect(parseMoney(typed)).toEqual({ ok: false, message: MONEY_INVALID_MESSAGE });
    },
  );

  it("refuses more than R$ 10 million", () => {
    expect(parseMoney("10.000.000,01")).toEqual({ ok: false, message: MONEY_TOO_LARGE_MESSAGE });
    expect(parseMoney("99999999999999999999")).toEqual({ ok: false, message: MONEY_TOO_LARGE_MESSAGE });
  });
});

describe("formatting", () => {
  it("shows centavos as reais", () => {
    expect(formatMoney(1_250_000)).toBe("R$\u00a012.500,00");
    expect(formatMoneyField(1_250_050)).toBe("12.500,50");
    expect(formatMoneyField(null)).toBe("");
  });

  it.each([
    ["12500", "12.500"],
    ["12.500,5", "12.500,5"],
    ["1234567,891", "1.234.567,89"],
    ["R$ 12500,00", "12.500,00"],
    [",5", "0,5"],
    ["007", "7"],
    ["12,5,0", "12,50"],
  ])("formats %j as %j while typing, and that parses", (typed, shown) => {
    expect(formatMoneyTyping(typed)).toBe(shown);
    expect(parseMoney(shown).ok).toBe(true);
  });
});
