import { describe, expect, it } from "vitest";
import { type Bound, hasThinMargin, meetsBound, thinMarginLine, thinMargins } from "./margins.ts";

const ratio = (value: number | null, limit = 0.95): Bound => ({
  target: "artigo × 50",
  value,
  comparison: "≥",
  limit,
  unit: "×",
  digits: 2,
});
const p99 = (value: number): Bound => ({
  target: "artigo × 50",
  measure: "p99",
  value,
  comparison: "<",
  limit: 20,
  unit: " ms",
  digits: 1,
});
const memory = (value: number): Bound => ({
  target: "memória do servidor principal",
  value,
  comparison: "≤",
  limit: 180,
  unit: " MB",
  digits: 0,
});

describe("a target's margin", () => {
  it("meets each comparison at its edge as written", () => {
    expect(meetsBound(ratio(0.95))).toBe(true);
    expect(meetsBound(ratio(0.9499))).toBe(false);
    expect(meetsBound(p99(20))).toBe(false);
    expect(meetsBound(p99(19.99))).toBe(true);
    expect(meetsBound(memory(180))).toBe(true);
    expect(meetsBound(memory(180.1))).toBe(false);
    expect(meetsBound(ratio(null))).toBe(false);
  });

  it("is thin within 5 % of a floor", () => {
    expect(hasThinMargin(ratio(0.97))).toBe(true); // 0.95 × 1.05 = 0.9975
    expect(hasThinMargin(ratio(0.95))).toBe(true);
    expect(hasThinMargin(ratio(0.998))).toBe(false);
    expect(hasThinMargin(ratio(1.2))).toBe(false);
  });

  it("is thin within 5 % of a ceiling", () => {
    expect(hasThinMargin(p99(19.5))).toBe(true); // 20 × 0.95 = 19
    expect(hasThinMargin(p99(18.9))).toBe(false);
    expect(hasThinMargin(memory(175))).toBe(true); // 180 × 0.95 = 171
    expect(hasThinMargin(memory(170))).toBe(false);
  });

  it("is never thin for a missed target, an unmeasured one or a limit of zero", () => {
    expect(hasThinMargin(ratio(0.94))).toBe(false);
    expect(hasThinMargin(p99(21))).toBe(false);
    expect(hasThinMargin(ratio(null))).toBe(false);
    const errors: Bound = { target: "artigo × 50", value: 0, comparison: "≤", limit: 0, unit: "", digits: 0 };
    expect(hasThinMargin(errors)).toBe(false);
  });

  it("names the thin ones in pt-BR, the limit without trailing zeros", () => {
    const thin = thinMargins([ratio(0.97), p99(12), ratio(0.91, 0.9), memory(176), memory(120)]);
    expect(thin.map((t) => t.text)).toEqual([
      "artigo × 50 (0,97× contra ≥ 0,95×)",
      "artigo × 50 (0,91× contra ≥ 0,9×)",
      "memória do servidor principal (176 MB contra ≤ 180 MB)",
    ]);
    expect(thinMargins([p99(19.5)])[0]).toEqual({
      target: "artigo × 50",
      measure: "p99",
      value: 19.5,
      comparison: "<",
      limit: 20,
      text: "artigo × 50 (p99 19,5 ms contra < 20 ms)",
    });
    expect(thinMarginLine(thin)).toBe(
      "Metas atingidas com folga menor que 5 %: artigo × 50 (0,97× contra ≥ 0,95×); " +
        "artigo × 50 (0,91× contra ≥ 0,9×); memória do servidor principal (176 MB contra ≤ 180 MB).",
    );
    expect(thinMarginLine([])).toBe("Nenhuma meta com folga menor que 5 %.");
  });
});
