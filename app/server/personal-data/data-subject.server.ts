import { z } from "zod";
import { internationalPhoneDigits } from "~/lib/phone-digits";
import { erasureEmailHash, erasurePhoneHash } from "../db/lead-erasures.server";

// The person an LGPD request is about, as the admin types them: an e-mail or a phone number.
// An e-mail is compared trimmed and in lower case; a phone by its digits, so "(41) 99876-1234",
// "41998761234" and "+55 41 99876-1234" are the same person.

export type DataSubject =
  | { kind: "email"; email: string }
  | {
      kind: "phone";
      /** Country code and number, digits only. */
      international: string;
      /** The digits every stored form of the number contains: without Brazil's 55. */
      digits: string;
    };

/** The longest e-mail an address can be (RFC 5321), and more than any phone as typed. */
export const SUBJECT_MAX_LENGTH = 254;

const BRAZIL = "55";

const subjectSchema = z
  .string()
  .transform((value) => value.trim())
  .superRefine((value, ctx) => {
    if (value.length === 0) {
      ctx.addIssue({ code: "custom", message: "Informe o e-mail ou o telefone do titular." });
    } else if (value.length > SUBJECT_MAX_LENGTH) {
      ctx.addIssue({
        code: "custom",
        message: `O e-mail ou telefone pode ter no máximo ${SUBJECT_MAX_LENGTH} caracteres.`,
      });
    } else if (value.includes("@")) {
      if (!z.email().safeParse(value).success) {
        ctx.addIssue({ code: "custom", message: "Informe um e-mail válido, como nome@exemplo.com.br." });
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
    const digits = internationalPhoneDigits(value) as string;
    // Visitors type Brazilian numbers without the country code: search for the national part.
    return {
      kind: "phone",
      international: digits,
      digits: digits.startsWith(BRAZIL) ? digits.slice(BRAZIL.length) : digits,
    };
  });

export type SubjectParse = { ok: true; subject: DataSubject } | { ok: false; message: string };

export function parseDataSubject(typed: string): SubjectParse {
  const parsed = subjectSchema.safeParse(typed);
  if (parsed.success) return { ok: true, subject: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? "E-mail ou telefone inválido." };
}

/** The subject as a form field carries it back (parseDataSubject reads it again). */
export function subjectText(subject: DataSubject): string {
  return subject.kind === "email" ? subject.email : `+${subject.international}`;
}

/** As the page shows it. */
export function subjectLabel(subject: DataSubject): string {
  return subject.kind === "email" ? `e-mail ${subject.email}` : `telefone ${subject.digits}`;
}

/** The pseudonymous name the logs keep: the same hashes as lead_erasures (lead-erasures.server.ts). */
export function subjectHash(subject: DataSubject): string {
  return subject.kind === "email" ? erasureEmailHash(subject.email) : erasurePhoneHash(subject.digits);
}
