// Dates and times as the site shows and reads them: in the company's time zone (São Paulo's,
// Curitiba's clock) and in pt-BR, whatever the server's or the browser's zone. Stored dates are
// UTC ISO strings. Every time-zone computation of the site is here, through Intl (no library).

import { boundedMemo } from "./bounded-memo";

export const SITE_TIME_ZONE = "America/Sao_Paulo";

/** What a `datetime-local` field holds: "2026-11-25T14:30" (seconds optional). */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SITE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The wall-clock fields of an instant in São Paulo, as if they were UTC (for offsets). */
function wallClockAsUtc(instant: Date): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/**
 * The UTC instant of a São Paulo wall-clock time typed in a `datetime-local` field, or null
 * when the text is not a real date and time ("2026-02-30T10:00", "amanhã").
 */
export function saoPauloLocalToUtc(local: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  // Date.UTC rolls 30 February over into March: such a date was never typed by a calendar.
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return null;
  }
  // Guess with the offset at that instant, then correct once (offsets change at most hourly).
  let instant = asUtc - (wallClockAsUtc(new Date(asUtc)) - asUtc);
  instant = asUtc - (wallClockAsUtc(new Date(instant)) - instant);
  return new Date(instant);
}

/** The São Paulo calendar day of an instant ("2026-11-25"). */
export function siteDay(instant: Date): string {
  return new Date(wallClockAsUtc(instant)).toISOString().slice(0, 10);
}

/** The day (YYYY-MM-DD) `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The UTC instant (ISO, as rows store it) when the São Paulo day `day` (YYYY-MM-DD) begins. */
export function dayStartUtc(day: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00.000Z`);
  // A first guess with the offset at local noon, then the offset at that guess: summer time
  // (until 2019) began at midnight, so that day's first hour did not exist and it began at
  // 01:00, which the second step finds.
  const offsetAt = (instant: number) => wallClockAsUtc(new Date(instant)) - instant;
  const guess = midnightUtc - offsetAt(midnightUtc + 15 * 3600_000);
  return new Date(midnightUtc - offsetAt(guess)).toISOString();
}

/** The UTC instant when the day after `day` begins: the end (exclusive) of `day`. */
export function dayEndUtc(day: string): string {
  return dayStartUtc(addDays(day, 1));
}

/** A UTC ISO instant as a `datetime-local` value in São Paulo ("2026-11-25T14:30"). */
export function utcToSaoPauloLocal(iso: string): string {
  return new Date(wallClockAsUtc(new Date(iso))).toISOString().slice(0, 16);
}

/** A pt-BR format in São Paulo's time zone. */
const siteFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("pt-BR", { timeZone: SITE_TIME_ZONE, ...options });

const shortDateTime = siteFormat({ dateStyle: "short", timeStyle: "short" });
const shortDateTimeWithSeconds = siteFormat({ dateStyle: "short", timeStyle: "medium" });
const mediumDateTime = siteFormat({ dateStyle: "medium", timeStyle: "short" });
const longDate = siteFormat({ day: "numeric", month: "long", year: "numeric" });
const clockTime = siteFormat({ hour: "2-digit", minute: "2-digit" });
const monthYearLong = siteFormat({ month: "long", year: "numeric" });
const monthYearShort = siteFormat({ month: "short", year: "numeric" });
const dayMonthYear = siteFormat({ day: "2-digit", month: "short", year: "numeric" });
/** A calendar day string is a date, not an instant: read and shown as UTC, it never shifts. */
const calendarDayMonth = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "UTC",
  day: "2-digit",
  month: "2-digit",
});
const calendarDayMedium = new Intl.DateTimeFormat("pt-BR", { timeZone: "UTC", dateStyle: "medium" });

// One date format per kind of place, so a date reads the same wherever that kind of place is:
// - a list, a strip, an e-mail, a fact line of Início or the health rows: `formatListDateTime`;
// - a record's own page (a request, its timeline, an image of the library): `formatDetailDateTime`;
// - the audit log and its CSV, where seconds tell entries apart: `formatAuditDateTime`;
// - a public page: the spec's formats for articles and cards (below), `formatPublicDate` elsewhere;
// - a report over calendar days (the Painel): `formatReportDay`, `formatDayMonth`.

/** "25/11/2026, 14:30": lists, strips, e-mails, Início's facts. */
export function formatListDateTime(iso: string): string {
  return shortDateTime.format(new Date(iso));
}

/** "25/11/2026, 14:30:05": the audit log and its CSV. */
export function formatAuditDateTime(iso: string): string {
  return shortDateTimeWithSeconds.format(new Date(iso));
}

/** "25 de nov. de 2026, 14:30": a record's own page (a request, an image of the library). */
export function formatDetailDateTime(iso: string): string {
  return mediumDateTime.format(new Date(iso));
}

/** "25 de nov. de 2026" for a calendar day (YYYY-MM-DD): a report's range of days. */
export function formatReportDay(day: string): string {
  return calendarDayMedium.format(new Date(`${day}T00:00:00.000Z`));
}

/** "25 de novembro de 2026": a date on a public page (the privacy policy, a confirmation). */
export function formatPublicDate(instant: Date): string {
  return longDate.format(instant);
}

/** "14:30": the time of day, as the editor's autosave says it. */
export function formatClockTime(instant: Date): string {
  return clockTime.format(instant);
}

/** "25/11" for a calendar day (YYYY-MM-DD): the dashboard's weeks. */
export function formatDayMonth(day: string): string {
  return calendarDayMonth.format(new Date(`${day}T00:00:00.000Z`));
}

/**
 * The public pages show the same few dates on every render (an article, its related posts, the
 * cards of a list), and Intl is slow: each format is remembered for the last inputs.
 */
const DATES_REMEMBERED = 1_000;

/** Featured card: "março de 2026". */
export const formatMonthYear = boundedMemo((iso) => monthYearLong.format(new Date(iso)), DATES_REMEMBERED);

/** Cards: "mar. de 2026". */
export const formatMonthYearShort = boundedMemo(
  (iso) => monthYearShort.format(new Date(iso)),
  DATES_REMEMBERED,
);

/** Article: "dd MMM yyyy", e.g. "07 mar 2026". */
export const formatArticleDate = boundedMemo((iso) => {
  const parts = dayMonthYear.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")} ${part("month").replace(".", "")} ${part("year")}`;
}, DATES_REMEMBERED);

/** The Monday (YYYY-MM-DD) of the week that holds the calendar day `day`. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * `siteDay` for a hot path, of a time in milliseconds: the day of the last time asked about is
 * kept with its UTC bounds, so times within the same São Paulo day cost two comparisons.
 */
export function siteDayTeller(): (time: number) => string {
  let day = "";
  let starts = 0;
  let ends = 0;
  return (time) => {
    if (time >= starts && time < ends) return day;
    day = siteDay(new Date(time));
    starts = Date.parse(dayStartUtc(day));
    ends = Date.parse(dayEndUtc(day));
    return day;
  };
}
