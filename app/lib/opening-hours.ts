// Opening hours as the owner enters them (per weekday, one or more time ranges) and the two
// ways the site shows them: pt-BR text ("Segunda a sexta: 8h às 18h") and schema.org
// OpeningHoursSpecification for the JSON-LD.

export const weekdays = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type Weekday = (typeof weekdays)[number];

/** One time range, "HH:MM" on a 24-hour clock; `opens` is before `closes`. */
export interface TimeRange {
  opens: string;
  closes: string;
}

/** The ranges of each weekday; a day without ranges is closed. */
export type WeeklyHours = Record<Weekday, TimeRange[]>;

export const weekdayNames: Record<Weekday, string> = {
  monday: "Segunda",
  tuesday: "Terça",
  wednesday: "Quarta",
  thursday: "Quinta",
  friday: "Sexta",
  saturday: "Sábado",
  sunday: "Domingo",
};

const schemaDays: Record<Weekday, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

/** Most ranges one day may have (a morning, an afternoon and an evening shift). */
export const MAX_RANGES_PER_DAY = 3;

/** "08:00" → "8h", "08:30" → "8h30". */
function shortTime(time: string): string {
  const [hours = "0", minutes = "00"] = time.split(":");
  return `${Number(hours)}h${minutes === "00" ? "" : minutes}`;
}

/** "8h às 12h e 13h às 18h". */
function rangesText(ranges: readonly TimeRange[]): string {
  return ranges.map((range) => `${shortTime(range.opens)} às ${shortTime(range.closes)}`).join(" e ");
}

const sameRanges = (a: readonly TimeRange[], b: readonly TimeRange[]) =>
  a.length === b.length &&
  a.every((range, i) => range.opens === b[i]?.opens && range.closes === b[i]?.closes);

interface DayGroup {
  days: Weekday[];
  ranges: TimeRange[];
}

/** Consecutive open days with the same ranges, Monday first. */
function dayGroups(hours: WeeklyHours): DayGroup[] {
  const groups: DayGroup[] = [];
  let previous: Weekday | undefined;
  for (const day of weekdays) {
    const ranges = hours[day];
    const last = groups.at(-1);
    if (ranges.length === 0) {
      previous = undefined;
      continue;
    }
    if (last && previous && last.days.at(-1) === previous && sameRanges(last.ranges, ranges)) {
      last.days.push(day);
    } else {
      groups.push({ days: [day], ranges });
    }
    previous = day;
  }
  return groups;
}

/** "Segunda", "Sábado e domingo", "Segunda a sexta". */
function daysText(days: readonly Weekday[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return "";
  if (days.length === 1) return weekdayNames[first];
  const joiner = days.length === 2 ? " e " : " a ";
  return `${weekdayNames[first]}${joiner}${weekdayNames[last].toLowerCase()}`;
}

/** The hours as lines of text, e.g. ["Segunda a sexta: 8h às 18h", "Sábado: 8h às 12h"]. */
export function openingHoursLines(hours: WeeklyHours): string[] {
  return dayGroups(hours).map((group) => `${daysText(group.days)}: ${rangesText(group.ranges)}`);
}

/** "Atendimento de segunda a sábado": from the first to the last open day, or "" when always closed. */
export function attendanceDaysText(hours: WeeklyHours): string {
  const open = weekdays.filter((day) => hours[day].length > 0);
  const first = open[0];
  const last = open.at(-1);
  if (!first || !last) return "";
  if (first === last) return `Atendimento: ${weekdayNames[first].toLowerCase()}`;
  return `Atendimento de ${weekdayNames[first].toLowerCase()} a ${weekdayNames[last].toLowerCase()}`;
}

/** schema.org OpeningHoursSpecification entries: one per group of days and range. */
export function openingHoursSpecification(hours: WeeklyHours) {
  return dayGroups(hours).flatMap((group) =>
    group.ranges.map((range) => ({
      "@type": "OpeningHoursSpecification" as const,
      dayOfWeek: group.days.map((day) => schemaDays[day]),
      opens: range.opens,
      closes: range.closes,
    })),
  );
}

/** A day's ranges as the admin's field shows them: "08:00-12:00, 13:00-18:00" ("" when closed). */
export function formatDayRanges(ranges: readonly TimeRange[]): string {
  return ranges.map((range) => `${range.opens}-${range.closes}`).join(", ");
}

const TIME = String.raw`(\d{1,2})(?:[:h](\d{2})?)?`;
const RANGE = new RegExp(String.raw`^${TIME}\s*(?:-|–|—|às|as|a|até)\s*${TIME}$`, "i");

function clockTime(hours: string | undefined, minutes: string | undefined): string | null {
  const h = Number(hours);
  const m = Number(minutes ?? "0");
  if (!Number.isInteger(h) || !Number.isInteger(m) || m > 59) return null;
  // 24:00 closes a day that runs until midnight.
  if (h > 24 || (h === 24 && m > 0)) return null;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

export type DayRangesParse = { ok: true; ranges: TimeRange[] } | { ok: false; message: string };

/**
 * A day's ranges as typed: "08:00-18:00", "8h às 12h, 13h30 às 18h"… (empty: closed). The
 * ranges come back in order; overlapping or inverted ones are refused with a pt-BR message.
 */
export function parseDayRanges(text: string, dayName: string): DayRangesParse {
  const parts = text
    .split(/[,;]|\be\b/)
    .map((part) => part.trim())
    .filter(Boolean);
  const invalid = {
    ok: false as const,
    message: `${dayName}: use o formato 08:00-18:00; para mais de um horário, separe com vírgula (08:00-12:00, 13:00-18:00). Deixe vazio se não abre.`,
  };
  if (parts.length > MAX_RANGES_PER_DAY) {
    return { ok: false, message: `${dayName}: informe no máximo ${MAX_RANGES_PER_DAY} horários.` };
  }
  const ranges: TimeRange[] = [];
  for (const part of parts) {
    const match = RANGE.exec(part);
    if (!match) return invalid;
    const opens = clockTime(match[1], match[2]);
    const closes = clockTime(match[3], match[4]);
    if (!opens || !closes) return invalid;
    if (opens >= closes) {
      return { ok: false, message: `${dayName}: o horário de fechamento deve ser depois do de abertura.` };
    }
    ranges.push({ opens, closes });
  }
  ranges.sort((a, b) => a.opens.localeCompare(b.opens));
  for (let i = 1; i < ranges.length; i++) {
    const before = ranges[i - 1];
    const current = ranges[i];
    if (before && current && current.opens < before.closes) {
      return { ok: false, message: `${dayName}: os horários não podem se sobrepor.` };
    }
  }
  return { ok: true, ranges };
}
