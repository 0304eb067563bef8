import { type Expression, type Kysely, PostgresAdapter, type RawBuilder, type SqlBool, sql } from "kysely";
import { foldForSearch } from "../media/media-search.server";

// The admin lists' search: "contains these characters", ignoring case and accents, the same on
// both engines without a stored copy of the text ('joao' finds 'JOÃO', 'impermeabilizacao'
// finds 'Impermeabilização'). The typed term is folded (lower case, no accents) and each letter
// becomes the set of its spellings in both cases: a GLOB character class on SQLite (GLOB is
// case-sensitive) and a class of a regular expression on PostgreSQL. At
// 10,000 rows a scan of the listed columns costs a few milliseconds (docs/decisions/0026).

/** The spellings a folded letter stands for. */
const SPELLINGS: Record<string, string> = {
  a: "aáàâãä",
  e: "eéèêë",
  i: "iíìîï",
  o: "oóòôõö",
  u: "uúùûü",
  c: "cç",
  n: "nñ",
};

/** A search longer than this is cut (a longer one matches nothing anyway in these lists). */
export const ADMIN_SEARCH_MAX_LENGTH = 200;

function letterSet(char: string): string | null {
  const lower = SPELLINGS[char] ?? (/[a-z]/.test(char) ? char : null);
  return lower === null ? null : `${lower}${lower.toUpperCase()}`;
}

/** SQLite: a GLOB pattern matching the folded `term` anywhere. */
export function globContainsPattern(term: string): string {
  let pattern = "*";
  for (const char of foldForSearch(term)) {
    const set = letterSet(char);
    // A GLOB class takes everything literally; `]` first in a class is literal too.
    pattern += set ? `[${set}]` : char === "]" ? "]" : /[*?[]/.test(char) ? `[${char}]` : char;
  }
  return `${pattern}*`;
}

/** PostgreSQL: a regular expression (for `~`) matching the folded `term` anywhere. */
export function regexContainsPattern(term: string): string {
  let pattern = "";
  for (const char of foldForSearch(term)) {
    const set = letterSet(char);
    pattern += set ? `[${set}]` : char.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`);
  }
  return pattern;
}

/**
 * True for rows where any of `columns` contains `term` (case and accents ignored). The caller
 * passes a non-empty term; `columns` are trusted column references.
 */
export function anyColumnContains<DB>(
  db: Kysely<DB>,
  columns: Expression<string>[],
  term: string,
): RawBuilder<SqlBool> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const pattern = postgres ? regexContainsPattern(term) : globContainsPattern(term);
  const tests = columns.map((column) =>
    postgres ? sql<SqlBool>`${column} ~ ${pattern}` : sql<SqlBool>`${column} GLOB ${pattern}`,
  );
  return sql<SqlBool>`(${sql.join(tests, sql` OR `)})`;
}
