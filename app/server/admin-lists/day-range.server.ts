// Date filters of the admin lists name days in Curitiba (America/Sao_Paulo), the owner's
// calendar; rows store UTC instants. A day runs from its local midnight to the next one.

const timeZone = "America/Sao_Paulo";
const wallClock = new Intl.DateTimeFormat("en-US", {
  timeZone,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** Milliseconds the zone's wall clock is ahead of UTC at `instant` (negative in Brazil). */
function zoneOffsetMs(instant: number): number {
  const parts = Object.fromEntries(wallClock.formatToParts(instant).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant (ISO, as rows store it) when the local day `day` (YYYY-MM-DD) begins. */
export function dayStartUtc(day: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00.000Z`);
  // The offset at local noon: old daylight-saving changes happened at midnight, never at noon.
  const offset = zoneOffsetMs(midnightUtc + 15 * 3600_000);
  return new Date(midnightUtc - offset).toISOString();
}

/** The UTC instant when the local day after `day` begins: the end (exclusive) of `day`. */
export function dayEndUtc(day: string): string {
  const next = new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
  return dayStartUtc(next);
}
