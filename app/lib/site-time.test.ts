import { describe, expect, it } from "vitest";
import {
  addDays,
  dayEndUtc,
  dayStartUtc,
  formatArticleDate,
  formatAuditDateTime,
  formatClockTime,
  formatDayMonth,
  formatDetailDateTime,
  formatListDateTime,
  formatMonthYear,
  formatMonthYearShort,
  formatPublicDate,
  formatReportDay,
  saoPauloLocalToUtc,
  siteDay,
  utcToSaoPauloLocal,
} from "./site-time";

describe("São Paulo time", () => {
  it("reads a wall-clock time as São Paulo's (UTC-3 since 2019)", () => {
    expect(saoPauloLocalToUtc("2026-11-25T14:30")?.toISOString()).toBe("2026-11-25T17:30:00.000Z");
    expect(saoPauloLocalToUtc("2026-12-31T23:59:30")?.toISOString()).toBe("2027-01-01T02:59:30.000Z");
  });

  it("follows the zone's history (summer time in 2018: UTC-2)", () => {
    expect(saoPauloLocalToUtc("2018-12-01T12:00")?.toISOString()).toBe("2018-12-01T14:00:00.000Z");
  });

  it("refuses what is not a real date and time", () => {
    for (const text of [
      "",
      "2026-02-30T10:00",
      "2026-13-01T10:00",
      "2026-01-01T24:00",
      "25/11/2026 10:00",
      "amanhã",
    ]) {
      expect(saoPauloLocalToUtc(text), text).toBeNull();
    }
  });

  it("writes an instant back for a datetime-local field and for people", () => {
    expect(utcToSaoPauloLocal("2026-11-25T17:30:00.000Z")).toBe("2026-11-25T14:30");
    expect(formatListDateTime("2026-11-25T17:30:00.000Z")).toBe("25/11/2026, 14:30");
  });
});

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

describe("São Paulo days", () => {
  it("names the day of an instant on Curitiba's calendar", () => {
    // 01:30 UTC on 1 April is 22:30 on 31 March in Curitiba.
    expect(siteDay(new Date("2026-04-01T01:30:00.000Z"))).toBe("2026-03-31");
    expect(siteDay(new Date("2026-04-01T03:00:00.000Z"))).toBe("2026-04-01");
  });

  it("starts and ends a day at its local midnight, in summer time too", () => {
    expect(dayStartUtc("2026-11-25")).toBe("2026-11-25T03:00:00.000Z");
    expect(dayEndUtc("2026-11-25")).toBe("2026-11-26T03:00:00.000Z");
    // Summer time (UTC-2) in January 2018. The next one began at midnight on 4 November 2018,
    // so that day began at 01:00 local, 03:00 UTC; and it ended at midnight on 17 February 2019,
    // so 16 February had 25 hours.
    expect(dayStartUtc("2018-01-10")).toBe("2018-01-10T02:00:00.000Z");
    expect(dayStartUtc("2018-11-04")).toBe("2018-11-04T03:00:00.000Z");
    expect(dayStartUtc("2019-02-16")).toBe("2019-02-16T02:00:00.000Z");
    expect(dayEndUtc("2019-02-16")).toBe("2019-02-17T03:00:00.000Z");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("shows the site's other formats in pt-BR", () => {
    const iso = "2026-11-25T17:30:05.000Z";
    expect(formatAuditDateTime(iso)).toBe("25/11/2026, 14:30:05");
    expect(formatDetailDateTime(iso)).toBe("25 de nov. de 2026, 14:30");
    expect(formatReportDay("2026-11-25")).toBe("25 de nov. de 2026");
    // A calendar day is not an instant: the first day of a year never shows as the last of the one before.
    expect(formatReportDay("2027-01-01")).toBe("1 de jan. de 2027");
    expect(formatPublicDate(new Date(iso))).toBe("25 de novembro de 2026");
    expect(formatClockTime(new Date(iso))).toBe("14:30");
    expect(formatDayMonth("2026-11-23")).toBe("23/11");
  });
});
