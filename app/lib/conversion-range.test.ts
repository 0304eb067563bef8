import { describe, expect, it } from "vitest";
import { parseConversionRange } from "./conversion-range";

const parse = (query: string, now: Date) => parseConversionRange(new URLSearchParams(query), now);

describe("the conversions' period", () => {
  it("defaults to the 12 weeks ending today in São Paulo, not in UTC", () => {
    // Monday 30 November 2026, 02:30 UTC: still Sunday 29 November in São Paulo.
    expect(parse("", new Date("2026-11-30T02:30:00.000Z"))).toEqual({
      ok: true,
      range: { from: "2026-09-07", to: "2026-11-29" },
    });
    // Half an hour later it is Monday there: a new week, the oldest one dropped.
    expect(parse("", new Date("2026-11-30T03:00:00.000Z"))).toEqual({
      ok: true,
      range: { from: "2026-09-14", to: "2026-11-30" },
    });
  });

  it("takes the dates asked for, up to two years", () => {
    const now = new Date("2026-11-28T12:00:00.000Z");
    expect(parse("de=2026-01-01&ate=2026-01-01", now)).toEqual({
      ok: true,
      range: { from: "2026-01-01", to: "2026-01-01" },
    });
    expect(parse("de=2024-11-28&ate=2026-11-28", now)).toMatchObject({ ok: true });
    expect(parse("ate=2026-03-15", now)).toEqual({
      ok: true,
      range: { from: "2025-12-22", to: "2026-03-15" },
    });
  });

  it("explains a bad period in pt-BR", () => {
    const now = new Date("2026-11-28T12:00:00.000Z");
    const message = (query: string) => {
      const parsed = parse(query, now);
      return parsed.ok ? null : parsed.message;
    };
    expect(message("de=2026-02-29")).toBe("A data inicial não é uma data válida (use dia, mês e ano).");
    expect(message("ate=28/11/2026")).toBe("A data final não é uma data válida (use dia, mês e ano).");
    expect(message("de=2026-11-20&ate=2026-11-01")).toBe(
      "A data inicial deve ser igual ou anterior à data final.",
    );
    expect(message("de=2026-12-20")).toBe("A data inicial deve ser igual ou anterior à data final.");
    expect(message("de=2024-11-27&ate=2026-11-28")).toBe("O período pode ter no máximo 2 anos (731 dias).");
    expect(message("de=1999-12-31&ate=2000-01-01")).toMatch(/não é uma data válida/);
  });
});
