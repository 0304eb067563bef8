/**
 * CSV that opens correctly in Excel in Brazil: UTF-8 with a byte-order mark (or accents
 * break), ";" as separator (the pt-BR list separator, since "," is the decimal mark), CRLF
 * line ends. Every export writes its cells through csvCell (docs/decisions/0068-csv-cells.md).
 */
export function toExcelCsv(rows: string[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(";")).join("\r\n")}\r\n`;
}

// A spreadsheet skips leading blanks and quotes before it decides a cell is a formula, so the
// guard looks past them too (OWASP's CSV injection guidance).
const FORMULA_START = /^[\s"]*[=+\-@\t\r]/;
// Either separator: a file opened with "," (Excel outside Brazil, most scripts) still keeps
// "26,3" or "Rua A, 10" in one cell.
const NEEDS_QUOTES = /[;,"\r\n]/;

/**
 * One cell as RFC 4180 writes it, and never a formula: a cell that would start like one gets a
 * leading "'", so the spreadsheet reads it as text. Every cell is text to the guard, numbers
 * too: the exports' numbers (counts, rates, dates) are never negative.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
