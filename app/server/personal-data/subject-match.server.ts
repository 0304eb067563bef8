import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import type { DataSubject } from "./data-subject.server";

// How a column is compared with the person, the same SQL on both engines. A phone is stored as
// typed ("(41) 99876-1234", "+55 41 99876 1234 ramal 2"): the usual separators are removed in
// SQL and the subject's digits looked for inside what is left.

/** LIKE's wildcards taken literally (an e-mail may hold "_"); pair with ESCAPE '\'. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The column, lower-cased, holds the e-mail anywhere (a JSON payload, a rate-limit bucket). */
export function containsEmail(column: Expression<string | null>, email: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${`%${likeLiteral(email)}%`} escape '\\'`;
}

/** The column is the e-mail, whatever its case. */
export function isEmail(column: Expression<string | null>, email: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${column}) = ${email}`;
}

/** The column, without spaces, brackets, dashes, dots, slashes or '+', holds the digits. */
export function containsPhone(column: Expression<string | null>, digits: string): RawBuilder<SqlBool> {
  let stripped: RawBuilder<string | null> = sql`${column}`;
  for (const separator of [" ", "(", ")", "-", ".", "/", "+"]) {
    stripped = sql`replace(${stripped}, ${separator}, '')`;
  }
  return sql<SqlBool>`${stripped} like ${`%${digits}%`}`;
}

/** The column names the subject: is (or, with `loose`, contains) the e-mail, or holds the phone. */
export function namesSubject(
  column: Expression<string | null>,
  subject: DataSubject,
  { loose = false } = {},
): RawBuilder<SqlBool> {
  if (subject.kind === "phone") return containsPhone(column, subject.digits);
  return loose ? containsEmail(column, subject.email) : isEmail(column, subject.email);
}
