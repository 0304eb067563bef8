import { describe, expect, it } from "vitest";
import { toExcelCsv } from "./csv";

describe("toExcelCsv", () => {
  it("starts with a BOM, separates with semicolons and ends lines with CRLF", () => {
    expect(
      toExcelCsv([
        ["Nome", "Condomínio"],
        ["Ana", "Edifício Açaí"],
      ]),
    ).toBe("\uFEFFNome;Condomínio\r\nAna;Edifício Açaí\r\n");
  });
  it("quotes separators, quotes and line breaks", () => {
    expect(toExcelCsv([["a;b", 'diz "oi"', "linha1\nlinha2"]])).toBe(
      '\uFEFF"a;b";"diz ""oi""";"linha1\nlinha2"\r\n',
    );
  });
  it("neutralises formulas", () => {
    expect(toExcelCsv([['=HYPERLINK("x")', "+1", "-2", "@SUM(A1)"]])).toBe(
      '\uFEFF"\'=HYPERLINK(""x"")";\'+1;\'-2;\'@SUM(A1)\r\n',
    );
  });
});
