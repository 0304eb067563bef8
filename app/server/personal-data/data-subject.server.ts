import { z } from "zod";
import { internationalPhoneDigits } from "~/lib/phone-digits";
import { erasureEmailHash, erasureNameHash, erasurePhoneHash } from "../db/lead-erasures.server";

// The person an LGPD request is about, as the admin types them: an e-mail, a phone number or a
// name. An e-mail is compared trimmed and in lower case; a phone by its digits, so
// "(41) 99876-1234", "41998761234" and "+55 41 99876-1234" are the same person; a name in lower
// case with single spaces, as a whole name (not "Maria" inside "Mariana").

export type DataSubject =
  | { kind: "email"; email: string }
  | {
      kind: "name";
      /** Trimmed, single-spaced, as typed (shown and sent back by the page). */
      name: string;
      /** The same in lower case: what columns are compared with. */
      folded: string;
    }
  | {
      kind: "phone";
      /** Country code and number, digits only. */
      international: string;
      /** The digits every stored form of the number contains: without Brazil's 55. */
      digits: string;
    };

/** The longest e-mail an address can be (RFC 5321), and more than any phone or name as typed. */
export const SUBJECT_MAX_LENGTH = 254;
/** A name shorter than this would match half the database. */
const NAME_MIN_LENGTH = 3;
const HAS_LETTER = /\p{L}/u;

const BRAZIL = "55";

const subjectSchema = z
  .string()
  .transform((value) => value.trim().replace(/\s+/g, " "))
  .superRefine((value, ctx) => {
    if (value.length === 0) {
      ctx.addIssue({ code: "custom", message: "Informe o e-mail, o telefone ou o nome do titular." });
    } else if (value.length > SUBJECT_MAX_LENGTH) {
      ctx.addIssue({
        code: "custom",
        message: `O e-mail, telefone ou nome pode ter no máximo ${SUBJECT_MAX_LENGTH} caracteres.`,
      });
    } else if (value.includes("@")) {
      if (!z.email().safeParse(value).success) {
        ctx.addIssue({ code: "custom", message: "Informe um e-mail válido, como nome@exemplo.com.br." });
      }
    } else if (isName(value)) {
      if (value.length < NAME_MIN_LENGTH) {
        ctx.addIssue({
          code: "custom",
          message: `Informe o nome completo do titular (${NAME_MIN_LENGTH} letras ou mais).`,
        });
      }
    } else if (internationalPhoneDigits(value) === null) {
      ctx.addIssue({
        code: "custom",
        message: "Informe um e-mail ou um telefone com DDD, como (41) 99999-9999.",
      });
    }
  })
  .transform((value): DataSubject => {
    if (value.includes("@")) return { kind: "email", email: value.toLowerCase() };
    if (isName(value)) return { kind: "name", name: value, folded: value.toLocaleLowerCase("pt-BR") };
    const digits = internationalPhoneDigits(value) as string;
    // Visitors type Brazilian numbers without the country code: search for the national part.
    return {
      kind: "phone",
      international: digits,
      digits: digits.startsWith(BRAZIL) ? digits.slice(BRAZIL.length) : digits,
    };
  });

/** Anything else with a letter in it (a phone number has none). */
function isName(value: string): boolean {
  return HAS_LETTER.test(value);
}

export type SubjectParse = { ok: true; subject: DataSubject } | { ok: false; message: string };

export function parseDataSubject(typed: string): SubjectParse {
  const parsed = subjectSchema.safeParse(typed);
  if (parsed.success) return { ok: true, subject: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? "E-mail, telefone ou nome inválido." };
}

/** The subject as a form field carries it back (parseDataSubject reads it again). */
export function subjectText(subject: DataSubject): string {
  if (subject.kind === "email") return subject.email;
  if (subject.kind === "name") return subject.name;
  return `+${subject.international}`;
}

/** As the page shows it. */
export function subjectLabel(subject: DataSubject): string {
  if (subject.kind === "email") return `e-mail ${subject.email}`;
  if (subject.kind === "name") return `nome ${subject.name}`;
  return `telefone ${subject.digits}`;
}

/** The pseudonymous name the logs keep: the same keyed hashes as lead_erasures (lead-erasures.server.ts). */
export function subjectHash(subject: DataSubject): string {
  if (subject.kind === "email") return erasureEmailHash(subject.email);
  if (subject.kind === "name") return erasureNameHash(subject.name);
  return erasurePhoneHash(subject.digits);
}
