import type { ReactNode } from "react";
import {
  type ConversionRange,
  type ConversionRow,
  type ConversionTable,
  conversionCsvHref,
  conversionRate,
  formatRate,
  RANGE_PARAMS,
} from "~/lib/conversions";
import { formatCount } from "~/lib/count-format";
import { BarChart, type ChartBar } from "./bar-charts";
import { TableScroller } from "./table-scroller";
import { Button, buttonClassName, Field, TextInput } from "./ui";

// The conversions part of the inbox's dashboard (docs/decisions/0061-conversions-dashboard.md):
// the period's GET form, then each table with its chart drawn on the server and its CSV.

/**
 * The period form: two dates and a button, a plain GET (no script needed); the browser keeps
 * the action's fragment, so the new page opens at the conversions, not at the top.
 */
export function ConversionRangeForm({ from, to, error }: { from: string; to: string; error?: string }) {
  return (
    <form
      method="get"
      action="#conversoes"
      className="flex flex-wrap items-end gap-4"
      aria-label="Período das conversões"
    >
      <Field label="De" error={error}>
        <TextInput type="date" name={RANGE_PARAMS.from} defaultValue={from} required />
      </Field>
      <Field label="Até">
        <TextInput type="date" name={RANGE_PARAMS.to} defaultValue={to} required />
      </Field>
      <Button type="submit" variant="secondary">
        Mostrar período
      </Button>
    </form>
  );
}

interface PanelProps {
  id: string;
  title: string;
  /** A sentence under the title: what the figures mean. */
  note?: ReactNode;
  table: ConversionTable;
  range: ConversionRange;
  empty: boolean;
  children: ReactNode;
}

/** A titled card with its CSV link; `children` are the chart and its table. */
export function ConversionPanel({ id, title, note, table, range, empty, children }: PanelProps) {
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={id} className="text-xl font-bold text-slate-900 dark:text-white">
          {title}
        </h2>
        <a href={conversionCsvHref(table, range)} className={buttonClassName("secondary", "sm")} download>
          Baixar CSV<span className="sr-only">: {title}</span>
        </a>
      </div>
      {note ? <p className="text-sm text-slate-600 dark:text-slate-400">{note}</p> : null}
      {empty ? <p className="text-slate-600 dark:text-slate-400">Nada registrado no período.</p> : children}
    </section>
  );
}

/** A ranking of the period (pages, sources, services): its card, its bar chart and its table. */
export function ConversionRanking<T>({
  id,
  title,
  note,
  table,
  range,
  chartTitle,
  bars,
  columns,
  rows,
  rowKey,
}: Omit<PanelProps, "empty" | "children"> & {
  /** The chart's name: the title and what its bars measure. */
  chartTitle: string;
  bars: ChartBar[];
  columns: FigureColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
}) {
  return (
    <ConversionPanel id={id} title={title} table={table} range={range} empty={rows.length === 0} note={note}>
      <BarChart title={chartTitle} bars={bars} />
      <FiguresTable caption={title} columns={columns} rows={rows} rowKey={rowKey} />
    </ConversionPanel>
  );
}

export interface FigureColumn<T> {
  heading: string;
  value: (row: T) => string;
  /** Numbers align right. */
  numeric?: boolean;
}

/** A table of figures in a scroller of its own, which says when it is wider than its card. */
export function FiguresTable<T>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: FigureColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
}) {
  const [first, ...rest] = columns;
  return (
    <TableScroller label={`${caption} (tabela)`}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left dark:border-slate-700">
            {columns.map((column) => (
              <th
                key={column.heading}
                scope="col"
                className={column.numeric ? "py-1.5 pr-3 text-right" : "py-1.5 pr-3"}
              >
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)} className="border-b border-slate-100 dark:border-slate-800">
              {first ? (
                <th scope="row" className="py-1.5 pr-3 text-left font-normal break-words">
                  {first.value(row)}
                </th>
              ) : null}
              {rest.map((column) => (
                <td
                  key={column.heading}
                  className={column.numeric ? "py-1.5 pr-3 text-right tabular-nums" : "py-1.5 pr-3"}
                >
                  {column.value(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

/** The figure columns every joined table shares, after its label column(s). */
export function figureColumns<T extends Omit<ConversionRow, "label">>(): FigureColumn<T>[] {
  return [
    { heading: "Visualizações", value: (row) => formatCount(row.views), numeric: true },
    { heading: "Visitantes", value: (row) => formatCount(row.visitors), numeric: true },
    { heading: "Solicitações", value: (row) => formatCount(row.requests), numeric: true },
    { heading: "Toques de contato", value: (row) => formatCount(row.taps), numeric: true },
    {
      heading: "Conversão (por 100 visitantes)",
      value: (row) => formatRate(conversionRate(row)),
      numeric: true,
    },
  ];
}

/** Bars of the conversion rate (one decimal), rows without visitors left out. */
export function rateBars<T extends ConversionRow>(rows: T[], label: (row: T) => string): ChartBar[] {
  return rows.flatMap((row) => {
    const rate = conversionRate(row);
    return rate === null ? [] : [{ label: label(row), value: Math.round(rate * 10) / 10 }];
  });
}
