import { describe, expect, it } from "vitest";
import { formatSaoPauloDateTime, saoPauloLocalToUtc, utcToSaoPauloLocal } from "./sao-paulo-time";

describe("São Paulo time", () => {
  it("reads a wall-clock time as São Paulo's (UTC-3 since 2019)", () => {
    expect(saoPauloLocalToUtc("2026-11-25T14:30")?.toISOString()).toBe("2026-11-25T17:30:00.000Z");
    expect(saoPauloLocalToUtc("2026-12-31T23:59:30")?.toISOString()).toBe("2027-01-01T02:59:30.000Z");
  });

  it("follows the zone's history (summer time in 2018: UTC-2)", () => {
    expect(saoPauloLocalToUtc("2018-12-01T12:00")?.toISOString()).toBe("2018-12-01T14:00:00.000Z");
  });

  it("refuses what is not a real date and time", () => {
    for (const text of [
      "",
      "2026-02-30T10:00",
      "2026-13-01T10:00",
      "2026-01-01T24:00",
      "25/11/2026 10:00",
      "amanhã",
    ]) {
      expect(saoPauloLocalToUtc(text), text).toBeNull();
    }
  });

  it("writes an instant back for a datetime-local field and for people", () => {
    expect(utcToSaoPauloLocal("2026-11-25T17:30:00.000Z")).toBe("2026-11-25T14:30");
    expect(formatSaoPauloDateTime("2026-11-25T17:30:00.000Z")).toBe("25/11/2026, 14:30");
  });
});
