import { describe, expect, it } from "vitest";
import { formatCount, formatCountOf } from "./count-format";

describe("counts in pt-BR", () => {
  it("groups thousands with a dot", () => {
    expect(formatCount(1234567)).toBe("1.234.567");
  });

  it("takes the singular for one alone, the plural for none and for more", () => {
    const noun = { one: "solicitação", many: "solicitações" };
    expect(formatCountOf(1, noun)).toBe("1 solicitação");
    expect(formatCountOf(0, noun)).toBe("0 solicitações");
    expect(formatCountOf(2, noun)).toBe("2 solicitações");
    expect(formatCountOf(1234, noun)).toBe("1.234 solicitações");
  });
});
