import { describe, expect, it } from "vitest";
import { parseReadTime } from "./read-time";
import { isSlug, slugify, uniqueSlug } from "./slug";

describe("slugify", () => {
  it("lowercases and removes accents", () => {
    expect(slugify("Impermeabilização de Lajes")).toBe("impermeabilizacao-de-lajes");
    expect(slugify("ÁGUA, ÇÃO e Ü")).toBe("agua-cao-e-u");
  });
  it("drops punctuation and collapses spaces and hyphens", () => {
    expect(slugify("NBR 5674: por onde começar?!")).toBe("nbr-5674-por-onde-comecar");
    expect(slugify("a  --  b")).toBe("a-b");
    expect(slugify("  Fachada — 2026 (parte 1)  ")).toBe("fachada-2026-parte-1");
  });
  it("never returns an empty address", () => {
    expect(slugify("!!!")).toBe("post");
    expect(slugify("")).toBe("post");
  });
});

describe("isSlug", () => {
  it("accepts what slugify and uniqueSlug produce", () => {
    for (const title of ["Impermeabilização de Lajes", "NBR 5674: por onde começar?!", "!!!"]) {
      expect(isSlug(slugify(title))).toBe(true);
      expect(isSlug(`${slugify(title)}-12`)).toBe(true);
    }
  });
  it("refuses anything else", () => {
    for (const value of [
      "",
      "a\u0000b",
      "Maiuscula",
      "-a",
      "a-",
      "a--b",
      "a/b",
      "..",
      "\uFFFD",
      "a".repeat(301),
    ]) {
      expect(isSlug(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe("uniqueSlug", () => {
  const taken = (slugs: string[]) => async (candidate: string) => slugs.includes(candidate);

  it("keeps a free slug", async () => {
    expect(await uniqueSlug("fachadas", taken([]))).toBe("fachadas");
  });
  it("appends -1, -2, … until free", async () => {
    expect(await uniqueSlug("fachadas", taken(["fachadas"]))).toBe("fachadas-1");
    expect(await uniqueSlug("fachadas", taken(["fachadas", "fachadas-1", "fachadas-2"]))).toBe("fachadas-3");
  });
  it("keeps the edited post's own slug when the lookup ignores that post", async () => {
    const others = ["outro-post"];
    expect(await uniqueSlug("meu-post", taken(others))).toBe("meu-post");
  });
});

describe("parseReadTime", () => {
  it("reads whole minutes, at least 1", () => {
    expect(parseReadTime("7")).toBe(7);
    expect(parseReadTime(" 12 ")).toBe(12);
    expect(parseReadTime("0")).toBe(1);
    expect(parseReadTime("-3")).toBe(1);
    expect(parseReadTime(3.9)).toBe(3);
  });
  it("falls back to 5 for anything that is not a number", () => {
    expect(parseReadTime("abc")).toBe(5);
    expect(parseReadTime("")).toBe(5);
    expect(parseReadTime(undefined)).toBe(5);
    expect(parseReadTime(null)).toBe(5);
  });
});
