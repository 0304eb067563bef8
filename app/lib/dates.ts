// Dates for visitors: pt-BR, in Curitiba's time zone, through Intl (no date library).

const timeZone = "America/Sao_Paulo";

const monthYearLong = new Intl.DateTimeFormat("pt-BR", { timeZone, month: "long", year: "numeric" });
const monthYearShort = new Intl.DateTimeFormat("pt-BR", { timeZone, month: "short", year: "numeric" });
const dayMonthYear = new Intl.DateTimeFormat("pt-BR", {
  timeZone,
  day: "2-digit",
  month: "short",
  year: "numeric",
});
const isoDay = new Intl.DateTimeFormat("en-CA", {
  timeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Featured card: "março de 2026". */
export function formatMonthYear(iso: string): string {
  return monthYearLong.format(new Date(iso));
}

/** Cards: "mar. de 2026". */
export function formatMonthYearShort(iso: string): string {
  return monthYearShort.format(new Date(iso));
}

/** Article: "dd MMM yyyy", e.g. "07 mar 2026". */
export function formatArticleDate(iso: string): string {
  const parts = dayMonthYear.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")} ${part("month").replace(".", "")} ${part("year")}`;
}

/** The calendar day in Curitiba, "2026-03-07", for <time datetime> and sitemaps. */
export function localDay(iso: string): string {
  return isoDay.format(new Date(iso));
}
