// Number formatting and the plain-text tables of `npm run bench` (pt-BR output).

export const decimal = (value: number, digits: number) => value.toFixed(digits).replace(".", ",");
export const seconds = (ms: number) => `${decimal(ms / 1000, ms < 1000 ? 2 : 1)} s`;
export const integer = (value: number) => Math.round(value).toLocaleString("pt-BR");
export const optional = (value: number | null, digits: number) =>
  value === null ? "—" : decimal(value, digits);

export interface Column<Row> {
  header: string;
  cell: (row: Row) => string;
  right?: boolean;
}

export function printTable<Row>(columns: Column<Row>[], rows: Row[], indent = ""): void {
  const cells = [columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => c.cell(row)))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => (line[i] ?? "").length)));
  for (const line of cells) {
    const padded = line.map((cell, i) =>
      columns[i]?.right ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
    );
    console.log(`${indent}${padded.join("  ").trimEnd()}`);
  }
}
