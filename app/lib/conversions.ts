// The conversions dashboard's figures, as the server computes them and the page and the CSV
// files show them (docs/decisions/0061-conversions-dashboard.md). A conversion is a quote
// request or a contact tap; the rate is conversions per 100 unique visitors.

/** Inclusive São Paulo days, "YYYY-MM-DD". */
export interface ConversionRange {
  from: string;
  to: string;
}

export interface ConversionWeek {
  /** The week's Monday (São Paulo); only the days inside the range are counted. */
  week: string;
  views: number;
  visitors: number;
  requests: number;
  taps: number;
}

/** One row of a table that joins visits, taps and requests by the same key. */
export interface ConversionRow {
  label: string;
  views: number;
  visitors: number;
  requests: number;
  taps: number;
}

export interface SourceConversionRow extends ConversionRow {
  /** utm_campaign, '' when there was none. */
  campaign: string;
}

export interface ServiceRequests {
  service: string;
  requests: number;
}

export interface Conversions {
  range: ConversionRange;
  weeks: ConversionWeek[];
  totals: Omit<ConversionWeek, "week">;
  /** Every page with a view, a tap or a request, the most viewed first. */
  pages: ConversionRow[];
  /** Every source and campaign pair, the most visitors first. */
  sources: SourceConversionRow[];
  services: ServiceRequests[];
}

/** Rows of a table the page draws; the CSV files hold them all. */
export const CONVERSION_TOP = 10;

/** Requests plus taps per 100 visitors, or null without visitors (a rate of nothing). */
export function conversionRate(row: { visitors: number; requests: number; taps: number }): number | null {
  return row.visitors > 0 ? ((row.requests + row.taps) * 100) / row.visitors : null;
}

const rateFormat = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "3,2" (per 100 visitors), or "—" without visitors. */
export function formatRate(rate: number | null): string {
  return rate === null ? "—" : rateFormat.format(rate);
}

/** The period's query parameters, as the dashboard's GET form names its date inputs. */
export const RANGE_PARAMS = { from: "de", to: "ate" } as const;

/** The tables that download as CSV files. */
export const CONVERSION_TABLES = ["semanas", "paginas", "origens", "servicos"] as const;
export type ConversionTable = (typeof CONVERSION_TABLES)[number];

/** The CSV download's address for a table and a period. */
export function conversionCsvHref(table: ConversionTable, range: ConversionRange): string {
  return `/admin/solicitacoes/conversoes.csv?tabela=${table}&${RANGE_PARAMS.from}=${range.from}&${RANGE_PARAMS.to}=${range.to}`;
}

/** The label of a row without a campaign. */
export const NO_CAMPAIGN = "(sem campanha)";
