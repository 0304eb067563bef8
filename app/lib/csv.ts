/**
 * CSV that opens correctly in Excel in Brazil: UTF-8 with a byte-order mark (or accents
 * break), ";" as separator (the pt-BR list separator, since "," is the decimal mark), CRLF
 * line ends. Cells that start like a formula are prefixed with "'" so a visitor's text can
 * never run as a formula in the owner's spreadsheet.
 */
export function toExcelCsv(rows: string[][]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `\uFEFF${rows.map((row) => row.map(cell).join(";")).join("\r\n")}\r\n`;
}
