import { describe, expect, it } from "vitest";
import { MAX_SEARCH_WORDS, prefixStem, searchWords, sqliteMatchExpression } from "./search-terms.server";

describe("searchWords", () => {
  it("folds accents and case, and keeps letters and digits only", () => {
    expect(searchWords('Impermeabilização "NBR 9575" AND (laje*)')).toEqual([
      "impermeabilizacao",
      "nbr",
      "9575",
      "and",
      "laje",
    ]);
  });
  it("leaves out Portuguese stopwords unless nothing else is left", () => {
    expect(searchWords("limpeza de fachada para o condomínio")).toEqual(["limpeza", "fachada", "condominio"]);
    expect(searchWords("de para")).toEqual(["de", "para"]);
  });
  it("drops repeats, emoji and punctuation, and bounds the number of words", () => {
    expect(searchWords("laje laje LAJE 🏠 ;--")).toEqual(["laje"]);
    expect(searchWords("🏠🔥")).toEqual([]);
    const many = Array.from({ length: 50 }, (_, i) => `palavra${i}`).join(" ");
    expect(searchWords(many)).toHaveLength(MAX_SEARCH_WORDS);
  });
});

describe("prefixStem", () => {
  it("removes plural, gender and -ção endings, keeping four letters at least", () => {
    expect(prefixStem("fachadas")).toBe("fachad");
    expect(prefixStem("fachada")).toBe("fachad");
    expect(prefixStem("impermeabilizacao")).toBe("impermeabilizac");
    expect(prefixStem("impermeabilizacoes")).toBe("impermeabilizac");
    expect(prefixStem("lajes")).toBe("laje");
    expect(prefixStem("agua")).toBe("agua");
    expect(prefixStem("9575")).toBe("9575");
  });
});

describe("sqliteMatchExpression", () => {
  it("quotes every word, as a prefix when it has a stem", () => {
    expect(sqliteMatchExpression(["fachadas", "nbr", "and"])).toBe('"fachad"* "nbr" "and"');
  });
});
