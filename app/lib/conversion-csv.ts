import { z } from "zod";
import {
  CONVERSION_TABLES,
  type Conversions,
  type ConversionTable,
  conversionRate,
  NO_CAMPAIGN,
} from "./conversions";
import { toExcelCsv } from "./csv";
import { formatDayMonth } from "./site-time";

// The conversions dashboard's tables as CSV files, one per table, every row (the page shows
// the first ones). Numbers are written as Excel in Brazil reads them (decimal comma).

export const conversionTableSchema = z.enum(CONVERSION_TABLES, {
  error: "Tabela desconhecida: escolha semanas, paginas, origens ou servicos.",
});

const decimal = new Intl.NumberFormat("pt-BR", {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  useGrouping: false,
});
const rate = (row: { visitors: number; requests: number; taps: number }) => {
  const value = conversionRate(row);
  return value === null ? "" : decimal.format(value);
};
const n = (value: number) => String(value);

const FIGURES = [
  "Visualizações",
  "Visitantes",
  "Solicitações",
  "Toques de contato",
  "Conversão por 100 visitantes",
];

/** The header and the rows of one table. */
export function conversionTableRows(table: ConversionTable, data: Conversions): string[][] {
  if (table === "semanas") {
    return [
      ["Semana (segunda-feira)", ...FIGURES],
      ...data.weeks.map((w) => [
        `${formatDayMonth(w.week)}/${w.week.slice(0, 4)}`,
        n(w.views),
        n(w.visitors),
        n(w.requests),
        n(w.taps),
        rate(w),
      ]),
    ];
  }
  if (table === "paginas") {
    return [
      ["Página", ...FIGURES],
      ...data.pages.map((p) => [p.label, n(p.views), n(p.visitors), n(p.requests), n(p.taps), rate(p)]),
    ];
  }
  if (table === "origens") {
    return [
      ["Origem", "Campanha", ...FIGURES],
      ...data.sources.map((s) => [
        s.label,
        s.campaign || NO_CAMPAIGN,
        n(s.views),
        n(s.visitors),
        n(s.requests),
        n(s.taps),
        rate(s),
      ]),
    ];
  }
  return [["Serviço escolhido", "Solicitações"], ...data.services.map((s) => [s.service, n(s.requests)])];
}

/** One table as a CSV file for Excel. */
export function conversionTableCsv(table: ConversionTable, data: Conversions): string {
  return toExcelCsv(conversionTableRows(table, data));
}
