// How close a met target is to its limit. A target met by a hair is the first to go on a slower
// machine or after a small regression: the run names every one within THIN_MARGIN of its limit.
import { decimal } from "../bench-format.ts";

/** A met target nearer its limit than this share of it has a thin margin. */
export const THIN_MARGIN = 0.05;

/** How the measured figure must compare with the limit. */
export type Comparison = "≥" | "<" | "≤";

/** One measured figure of a target against one of its limits. */
export interface Bound {
  /** The target, as the lines name it: "artigo × 50", "memória do servidor principal". */
  target: string;
  /** What is measured, when the target has several limits: "p99", "p50 servidor". */
  measure?: string;
  /** Null when it could not be measured (the limit is then missed). */
  value: number | null;
  comparison: Comparison;
  limit: number;
  /** Written right after each figure: "×", " ms", " MB". */
  unit: string;
  /** Decimal places of the figure. */
  digits: number;
}

/** A bound whose target is met with less than THIN_MARGIN to spare, as the report keeps it. */
export interface ThinMargin {
  target: string;
  measure: string | null;
  value: number;
  comparison: Comparison;
  limit: number;
  /** How the line prints it: "artigo × 50 (0,97× contra ≥ 0,95×)". */
  text: string;
}

export function meetsBound({ value, comparison, limit }: Bound): boolean {
  if (value === null || Number.isNaN(value)) return false;
  if (comparison === "≥") return value >= limit;
  return comparison === "<" ? value < limit : value <= limit;
}

/**
 * True when the bound is met but within `share` of its limit: a floor met below limit × (1 +
 * share), a ceiling met above limit × (1 − share). 0.97 against ≥ 0.95 is thin (0.9975), 19.5 ms
 * against < 20 ms is (19), 175 MB against ≤ 180 MB is (171). A limit of zero ("0 erros") never is.
 */
export function hasThinMargin(bound: Bound, share = THIN_MARGIN): boolean {
  if (!meetsBound(bound) || bound.value === null) return false;
  return bound.comparison === "≥"
    ? bound.value < bound.limit * (1 + share)
    : bound.value > bound.limit * (1 - share);
}

/** A limit as written: no trailing zeros (0,9, 20, 0,95). */
export function limitText(limit: number, digits: number): string {
  const text = decimal(limit, digits);
  return text.includes(",") ? text.replace(/0+$/, "").replace(/,$/, "") : text;
}

export function marginText(bound: Bound): string {
  const measure = bound.measure ? `${bound.measure} ` : "";
  const value = bound.value === null ? "—" : `${decimal(bound.value, bound.digits)}${bound.unit}`;
  return (
    `${bound.target} (${measure}${value} contra ${bound.comparison} ` +
    `${limitText(bound.limit, bound.digits)}${bound.unit})`
  );
}

/** The bounds of met targets that have a thin margin, in their order. */
export function thinMargins(bounds: readonly Bound[], share = THIN_MARGIN): ThinMargin[] {
  return bounds
    .filter((bound) => hasThinMargin(bound, share))
    .map((bound) => ({
      target: bound.target,
      measure: bound.measure ?? null,
      value: bound.value ?? 0,
      comparison: bound.comparison,
      limit: bound.limit,
      text: marginText(bound),
    }));
}

/** The line printed after the targets. */
export function thinMarginLine(thin: readonly ThinMargin[]): string {
  const percent = decimal(THIN_MARGIN * 100, 0);
  return thin.length
    ? `Metas atingidas com folga menor que ${percent} %: ${thin.map((t) => t.text).join("; ")}.`
    : `Nenhuma meta com folga menor que ${percent} %.`;
}
