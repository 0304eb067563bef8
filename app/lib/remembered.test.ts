import { describe, expect, it } from "vitest";
import { remembered } from "./remembered";

describe("remembered", () => {
  it("computes each key once while it is remembered, forgetting the oldest beyond the limit", () => {
    const computed: string[] = [];
    const upper = remembered(
      2,
      (text: string) => text,
      (text: string) => {
        computed.push(text);
        return text.toUpperCase();
      },
    );
    expect([upper("a"), upper("b"), upper("a")]).toEqual(["A", "B", "A"]);
    expect(computed).toEqual(["a", "b"]);
    expect(upper("c")).toBe("C"); // "a", the oldest, is forgotten
    expect(upper("b")).toBe("B");
    expect(upper("a")).toBe("A");
    expect(computed).toEqual(["a", "b", "c", "a"]);
  });

  it("remembers answers that are falsy", () => {
    let calls = 0;
    const empty = remembered(
      10,
      (n: number) => n,
      () => {
        calls++;
        return "";
      },
    );
    expect([empty(1), empty(1)]).toEqual(["", ""]);
    expect(calls).toBe(1);
  });
});
