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

/** How many dates each format remembers: every post's dates on a busy page and then some. */
const REMEMBERED_DATES = 2_000;

/**
 * A date format that remembers its answers: pages show the same few hundred dates on every
 * render, and Intl formatting was a measurable share of an uncached page's time.
 */
function remembered(format: (iso: string) => string): (iso: string) => string {
  const known = new Map<string, string>();
  return (iso) => {
    let text = known.get(iso);
    if (text === undefined) {
      text = format(iso);
      if (known.size >= REMEMBERED_DATES) known.clear();
      known.set(iso, text);
    }
    return text;
  };
}

/** Featured card: "março de 2026". */
export const formatMonthYear = remembered((iso) => monthYearLong.format(new Date(iso)));

/** Cards: "mar. de 2026". */
export const formatMonthYearShort = remembered((iso) => monthYearShort.format(new Date(iso)));

/** Article: "dd MMM yyyy", e.g. "07 mar 2026". */
export const formatArticleDate = remembered((iso) => {
  const parts = dayMonthYear.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")} ${part("month").replace(".", "")} ${part("year")}`;
});

/** The calendar day in Curitiba, "2026-03-07", for <time datetime> and sitemaps. */
export const localDay = remembered((iso) => isoDay.format(new Date(iso)));
