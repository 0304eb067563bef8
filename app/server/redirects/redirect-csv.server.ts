import { CsvError, parse } from "csv-parse/sync";
import {
  lowerFirst,
  parseRedirectSource,
  parseRedirectTarget,
  REDIRECT_CSV_MAX_BYTES,
} from "~/lib/redirect-paths";
import type { NewRedirect } from "./redirects.server";

// A CSV of redirects from an old site: two columns, source and destination ("de,para"), the
// header optional, "," or ";" as separator (a spreadsheet in Brazil saves ";"). Every line is
// checked; one bad line refuses the whole file, with a pt-BR message per bad line.

export const REDIRECT_CSV_MAX_LINES = 5000;

export interface CsvLine extends NewRedirect {
  /** The line of the file, counting from 1, for messages. */
  line: number;
}

export type ParsedRedirectCsv = { ok: true; redirects: CsvLine[] } | { ok: false; errors: string[] };

const HEADER_NAMES = new Set(["de", "from", "origem"]);

export function parseRedirectCsv(text: string, siteOrigins: readonly string[]): ParsedRedirectCsv {
  if (Buffer.byteLength(text) > REDIRECT_CSV_MAX_BYTES) {
    return { ok: false, errors: ["O arquivo CSV pode ter no máximo 1 MB."] };
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: [",", ";"],
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = error instanceof CsvError && typeof error.lines === "number" ? error.lines : null;
    return {
      ok: false,
      errors: [
        `${line ? `Linha ${line}: ` : ""}o arquivo não é um CSV válido (confira as aspas e os separadores).`,
      ],
    };
  }
  const first = records[0]?.record;
  const rows = first && HEADER_NAMES.has((first[0] ?? "").toLowerCase()) ? records.slice(1) : records;
  if (rows.length === 0) return { ok: false, errors: ["O arquivo não tem nenhum redirecionamento."] };
  if (rows.length > REDIRECT_CSV_MAX_LINES) {
    return {
      ok: false,
      errors: [`O arquivo pode ter no máximo ${REDIRECT_CSV_MAX_LINES} redirecionamentos.`],
    };
  }
  const errors: string[] = [];
  const redirects: CsvLine[] = [];
  for (const { record, info } of rows) {
    const line = info.lines;
    if (record.length !== 2) {
      errors.push(`Linha ${line}: são esperadas 2 colunas (de,para), mas há ${record.length}.`);
      continue;
    }
    const from = parseRedirectSource(record[0] ?? "", siteOrigins);
    const to = parseRedirectTarget(record[1] ?? "", siteOrigins);
    if (!from.ok) errors.push(`Linha ${line}: ${lowerFirst(from.message)}`);
    else if (!to.ok) errors.push(`Linha ${line}: ${lowerFirst(to.message)}`);
    else redirects.push({ line, from: from.path, to: to.path });
  }
  return errors.length ? { ok: false, errors } : { ok: true, redirects };
}
