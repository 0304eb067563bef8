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

/** Featured card: "março de 2026". */
export const formatMonthYear = (iso: string): string => monthYearLong.format(new Date(iso));

/** Cards: "mar. de 2026". */
export const formatMonthYearShort = (iso: string): string => monthYearShort.format(new Date(iso));

/** Article: "dd MMM yyyy", e.g. "07 mar 2026". */
export function formatArticleDate(iso: string): string {
  const parts = dayMonthYear.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")} ${part("month").replace(".", "")} ${part("year")}`;
}
