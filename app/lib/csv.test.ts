import { describe, expect, it } from "vitest";
import { csvCell, toExcelCsv } from "./csv";

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

describe("csvCell", () => {
  it("leaves plain text alone", () => {
    expect(csvCell("Edifício Açaí")).toBe("Edifício Açaí");
    expect(csvCell("")).toBe("");
    expect(csvCell("12")).toBe("12");
    expect(csvCell("a'b")).toBe("a'b");
  });

  it("quotes either separator, a quote (doubled), CR and LF", () => {
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell("26,3")).toBe('"26,3"');
    expect(csvCell('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvCell("linha1\r\nlinha2")).toBe('"linha1\r\nlinha2"');
    expect(csvCell("fim\r")).toBe('"fim\r"');
  });

  it("guards each formula start, also after leading spaces and quotes", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvCell(`${start}1`).replace(/^"/, ""), JSON.stringify(start)).toMatch(/^'/);
    }
    expect(csvCell(" =cmd")).toBe("' =cmd");
    expect(csvCell('"@x')).toBe('"\'""@x"');
    expect(csvCell(' " +1')).toBe('"\' "" +1"');
    expect(csvCell("\u00a0-2")).toBe("'\u00a0-2");
    expect(csvCell("\n=1")).toBe('"\'\n=1"');
    expect(csvCell("\tSOMA(A1)")).toBe("'\tSOMA(A1)");
  });

  it("leaves a formula character that does not start the cell", () => {
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("contato@empresa.com.br")).toBe("contato@empresa.com.br");
    expect(csvCell("(41) 3000-1111")).toBe("(41) 3000-1111");
    expect(csvCell("'=já protegido")).toBe("'=já protegido");
  });
});
