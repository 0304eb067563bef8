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
function containsEmail(column: Expression<string | null>, email: string): RawBuilder<SqlBool> {
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

/**
 * The column names the subject: is (or, with `loose`, contains) the e-mail or the name, or holds
 * the phone. A loose match is a candidate: `mentionsSubject` decides on the text.
 */
export function namesSubject(
  column: Expression<string | null>,
  subject: DataSubject,
  { loose = false } = {},
): RawBuilder<SqlBool> {
  if (subject.kind === "phone") return containsPhone(column, subject.digits);
  if (subject.kind === "email") {
    return loose ? containsEmail(column, subject.email) : isEmail(column, subject.email);
  }
  // A name in lower case, or as typed (SQLite's lower() leaves accented capitals alone).
  if (loose) {
    return sql<SqlBool>`(${containsEmail(column, subject.folded)} or ${column} like ${`%${likeLiteral(subject.name)}%`} escape '\\')`;
  }
  return sql<SqlBool>`(lower(trim(${column})) = ${subject.folded} or trim(${column}) = ${subject.name})`;
}

/**
 * The text names the person: the whole e-mail address or the whole name (not "Maria" inside
 * "Mariana"), in any case; a phone already matched on its digits in SQL.
 */
export function mentionsSubject(text: string, subject: DataSubject): boolean {
  if (subject.kind === "phone") return true;
  if (subject.kind === "email") return mentionsEmail(text, subject.email);
  const literal = subject.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}])${literal}(?![\\p{L}\\p{N}])`, "iu").test(text);
}

/** The rate-limit bucket is the one named after the e-mail ("login-fail:email:<e-mail>"). */
export function bucketOf(column: Expression<string>, email: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${`%:email:${likeLiteral(email)}`} escape '\\'`;
}

/**
 * The text names the e-mail as a whole address, not as the end or the start of a longer one
 * ("maria@x.com.br" is not in "anamaria@x.com.br"); a full stop after it ends a sentence.
 */
function mentionsEmail(text: string, email: string): boolean {
  const literal = email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![a-z0-9._%+-])${literal}(?![a-z0-9_-]|\\.[a-z0-9])`, "i").test(text);
}
