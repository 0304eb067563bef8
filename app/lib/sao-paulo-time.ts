// The company works in São Paulo: the admin enters and reads dates there, whatever the
// server's or the browser's time zone. Stored dates are UTC ISO strings.

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

/** A UTC ISO instant as a `datetime-local` value in São Paulo ("2026-11-25T14:30"). */
export function utcToSaoPauloLocal(iso: string): string {
  return new Date(wallClockAsUtc(new Date(iso))).toISOString().slice(0, 16);
}

const displayFormat = new Intl.DateTimeFormat("pt-BR", {
  timeZone: SITE_TIME_ZONE,
  dateStyle: "short",
  timeStyle: "short",
});

/** A UTC ISO instant as São Paulo shows it, in pt-BR ("25/11/2026, 14:30"). */
export function formatSaoPauloDateTime(iso: string): string {
  return displayFormat.format(new Date(iso));
}
