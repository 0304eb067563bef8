import { z } from "zod";
import { type ConversionRange, RANGE_PARAMS } from "./conversions";
import { addDays, mondayOf, siteDay } from "./site-time";

// The conversions' period as the dashboard's GET form sends it (`de`, `ate`: the date inputs'
// YYYY-MM-DD), checked at the boundary: a bad date is a pt-BR message, never a query.

/** Weeks shown when no period is asked for: the current one and the 11 before it. */
export const DEFAULT_RANGE_WEEKS = 12;
/** The longest period (two years and a leap day), so one request never reads more. */
export const MAX_RANGE_DAYS = 731;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day between 2000 and 2100 ("2026-02-30" is not one). */
function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 &&
    year <= 2100 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

const day = (which: string) =>
  z
    .string()
    .trim()
    .refine(isCalendarDay, `A data ${which} não é uma data válida (use dia, mês e ano).`)
    .optional();

const schema = z
  .object({ from: day("inicial"), to: day("final") })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: "A data inicial deve ser igual ou anterior à data final.",
  });

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

export type RangeParse =
  | { ok: true; range: ConversionRange }
  | { ok: false; message: string; typed: { from: string; to: string } };

/**
 * The period a query string asks for. A missing end is today; a missing start, 12 weeks
 * before the end's week; both missing, the default.
 */
export function parseConversionRange(params: URLSearchParams, now = new Date()): RangeParse {
  const typed = { from: params.get(RANGE_PARAMS.from) ?? "", to: params.get(RANGE_PARAMS.to) ?? "" };
  const parsed = schema.safeParse({ from: typed.from || undefined, to: typed.to || undefined });
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? "Período inválido.", typed };
  }
  const to = parsed.data.to ?? siteDay(now);
  const from = parsed.data.from ?? addDays(mondayOf(to), -7 * (DEFAULT_RANGE_WEEKS - 1));
  if (from > to) {
    return { ok: false, message: "A data inicial deve ser igual ou anterior à data final.", typed };
  }
  if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) {
    return { ok: false, message: "O período pode ter no máximo 2 anos (731 dias).", typed };
  }
  return { ok: true, range: { from, to } };
}
