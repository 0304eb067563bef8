import { describe, expect, it } from "vitest";
import { formatArticleDate, formatMonthYear, formatMonthYearShort } from "./dates";

describe("dates in pt-BR, America/Sao_Paulo", () => {
  it("shows month and year in full on the featured card", () => {
    expect(formatMonthYear("2026-03-14T12:30:00.000Z")).toBe("março de 2026");
  });

  it("abbreviates the month on cards", () => {
    expect(formatMonthYearShort("2026-03-14T12:30:00.000Z")).toBe("mar. de 2026");
  });

  it("formats the article date as dd MMM yyyy", () => {
    expect(formatArticleDate("2026-03-07T12:00:00.000Z")).toBe("07 mar 2026");
    expect(formatArticleDate("2025-12-25T15:00:00.000Z")).toBe("25 dez 2025");
  });

  it("uses Curitiba's calendar day, not UTC's", () => {
    // 01:30 UTC on 1 April is still 31 March in Curitiba (UTC−3).
    expect(formatArticleDate("2026-04-01T01:30:00.000Z")).toBe("31 mar 2026");
    expect(formatMonthYear("2026-04-01T01:30:00.000Z")).toBe("março de 2026");
  });

  it("keeps answering each date right while it remembers many others", () => {
    const months = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];
    const first = "2019-01-15T12:00:00.000Z";
    expect(formatArticleDate(first)).toBe("15 jan 2019");
    // More distinct dates than a format remembers, one day apart from 2020 on (noon UTC is
    // the same calendar day in Curitiba).
    const start = Date.parse("2020-01-01T12:00:00.000Z");
    for (let day = 0; day < 2_500; day++) {
      const date = new Date(start + day * 86_400_000);
      const expected = `${String(date.getUTCDate()).padStart(2, "0")} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
      expect(formatArticleDate(date.toISOString())).toBe(expected);
    }
    expect(formatArticleDate(first)).toBe("15 jan 2019");
    expect(formatArticleDate(first)).toBe("15 jan 2019");
  });
});
