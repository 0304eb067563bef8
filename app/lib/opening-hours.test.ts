import { describe, expect, it } from "vitest";
import { defaultSite } from "~/lib/company-settings";
import {
  attendanceDaysText,
  formatDayRanges,
  openingHoursLines,
  openingHoursSpecification,
  parseDayRanges,
  type WeeklyHours,
} from "./opening-hours";

const closed: WeeklyHours = {
  monday: [],
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: [],
  sunday: [],
};
const range = (opens: string, closes: string) => ({ opens, closes });

describe("opening hours as text", () => {
  it("shows the default hours exactly as the site always has", () => {
    expect(openingHoursLines(defaultSite.hours)).toEqual(["Segunda a sexta: 8h às 18h", "Sábado: 8h às 12h"]);
    expect(attendanceDaysText(defaultSite.hours)).toBe("Atendimento de segunda a sábado");
  });

  it("groups consecutive days with the same ranges, with minutes and several ranges", () => {
    const hours: WeeklyHours = {
      ...closed,
      monday: [range("08:00", "12:00"), range("13:30", "18:00")],
      tuesday: [range("08:00", "12:00"), range("13:30", "18:00")],
      wednesday: [range("09:00", "17:00")],
      friday: [range("09:00", "17:00")],
      saturday: [range("08:00", "12:00")],
      sunday: [range("08:00", "12:00")],
    };
    expect(openingHoursLines(hours)).toEqual([
      "Segunda e terça: 8h às 12h e 13h30 às 18h",
      "Quarta: 9h às 17h",
      "Sexta: 9h às 17h",
      "Sábado e domingo: 8h às 12h",
    ]);
    expect(attendanceDaysText(hours)).toBe("Atendimento de segunda a domingo");
    expect(attendanceDaysText(closed)).toBe("");
    expect(openingHoursLines(closed)).toEqual([]);
  });

  it("gives schema.org one entry per group of days and range", () => {
    const hours: WeeklyHours = {
      ...closed,
      monday: [range("08:00", "12:00"), range("13:00", "18:00")],
      tuesday: [range("08:00", "12:00"), range("13:00", "18:00")],
      sunday: [range("10:00", "14:00")],
    };
    expect(openingHoursSpecification(hours)).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday"],
        opens: "08:00",
        closes: "12:00",
      },
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday"],
        opens: "13:00",
        closes: "18:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Sunday"], opens: "10:00", closes: "14:00" },
    ]);
  });
});

describe("a day's ranges as typed", () => {
  it("reads the usual ways of writing hours and gives them back in order", () => {
    expect(parseDayRanges("08:00-18:00", "Segunda")).toEqual({ ok: true, ranges: [range("08:00", "18:00")] });
    expect(parseDayRanges("13h30 às 18h, 8h às 12h", "Segunda")).toEqual({
      ok: true,
      ranges: [range("08:00", "12:00"), range("13:30", "18:00")],
    });
    expect(parseDayRanges("8h-12h e 14h-22h", "Segunda")).toEqual({
      ok: true,
      ranges: [range("08:00", "12:00"), range("14:00", "22:00")],
    });
    expect(parseDayRanges("  ", "Domingo")).toEqual({ ok: true, ranges: [] });
    expect(formatDayRanges([range("08:00", "12:00"), range("13:30", "18:00")])).toBe(
      "08:00-12:00, 13:30-18:00",
    );
  });

  it("refuses nonsense, inverted and overlapping ranges with a pt-BR message naming the day", () => {
    for (const typed of ["o dia todo", "8-", "25:00-26:00", "08:75-10:00"]) {
      const parsed = parseDayRanges(typed, "Terça");
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message).toMatch(/^Terça: use o formato 08:00-18:00/);
    }
    expect(parseDayRanges("18:00-08:00", "Terça")).toEqual({
      ok: false,
      message: "Terça: o horário de fechamento deve ser depois do de abertura.",
    });
    expect(parseDayRanges("08:00-13:00, 12:00-18:00", "Terça")).toEqual({
      ok: false,
      message: "Terça: os horários não podem se sobrepor.",
    });
    expect(parseDayRanges("1-2, 3-4, 5-6, 7-8", "Terça").ok).toBe(false);
  });
});
