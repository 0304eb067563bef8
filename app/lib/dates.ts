// Dates for visitors: pt-BR, in Curitiba's time zone, through Intl (no date library).
import { remembered } from "./remembered";

const timeZone = "America/Sao_Paulo";

const monthYearLong = new Intl.DateTimeFormat("pt-BR", { timeZone, month: "long", year: "numeric" });
const monthYearShort = new Intl.DateTimeFormat("pt-BR", { timeZone, month: "short", year: "numeric" });
const dayMonthYear = new Intl.DateTimeFormat("pt-BR", {
  timeZone,
  day: "2-digit",
  month: "short",
  year: "numeric",
});

/** How many dates each format remembers: every post's dates on a busy page and then some. */
const REMEMBERED_DATES = 2_000;

/**
 * A date format that remembers its answers: pages show the same few hundred dates on every
 * render, and Intl formatting was a measurable share of an uncached page's time.
 */
const rememberedFormat = (format: (iso: string) => string) =>
  remembered(REMEMBERED_DATES, (iso: string) => iso, format);

/** Featured card: "março de 2026". */
export const formatMonthYear = rememberedFormat((iso) => monthYearLong.format(new Date(iso)));

/** Cards: "mar. de 2026". */
export const formatMonthYearShort = rememberedFormat((iso) => monthYearShort.format(new Date(iso)));

/** Article: "dd MMM yyyy", e.g. "07 mar 2026". */
export const formatArticleDate = rememberedFormat((iso) => {
  const parts = dayMonthYear.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")} ${part("month").replace(".", "")} ${part("year")}`;
});
