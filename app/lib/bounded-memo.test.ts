import { describe, expect, it } from "vitest";
import { boundedMemo } from "./bounded-memo";

describe("boundedMemo", () => {
  it("computes each input once, also a falsy answer, and again only after the bound is passed", () => {
    const asked: string[] = [];
    const isEmpty = boundedMemo((input) => {
      asked.push(input);
      return input === "";
    }, 2);
    expect([isEmpty("a"), isEmpty("a"), isEmpty(""), isEmpty("")]).toEqual([false, false, true, true]);
    expect(asked).toEqual(["a", ""]);
    isEmpty("b"); // a third input: the two known ones are forgotten
    isEmpty("a");
    expect(asked).toEqual(["a", "", "b", "a"]);
  });
});
