import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { erasureEmailHash, erasurePhoneHash } from "../db/lead-erasures.server";
import { parseDataSubject, subjectHash, subjectText } from "./data-subject.server";

describe("the person of an LGPD request", () => {
  it("reads an e-mail trimmed and in lower case", () => {
    expect(parseDataSubject("  Maria.Silva@Exemplo.com.BR ")).toEqual({
      ok: true,
      subject: { kind: "email", email: "maria.silva@exemplo.com.br" },
    });
  });

  it("reads a Brazilian phone by its national digits, however it is typed", () => {
    for (const typed of ["(41) 99876-1234", "41998761234", "+55 41 99876-1234", "55 (41) 99876 1234"]) {
      expect(parseDataSubject(typed)).toEqual({
        ok: true,
        subject: { kind: "phone", international: "5541998761234", digits: "41998761234" },
      });
    }
    expect(parseDataSubject("+351 912 345 678")).toEqual({
      ok: true,
      subject: { kind: "phone", international: "351912345678", digits: "351912345678" },
    });
  });

  it("reads a name trimmed and single-spaced, compared in lower case", () => {
    expect(parseDataSubject("  Maria   José Titular ")).toEqual({
      ok: true,
      subject: { kind: "name", name: "Maria José Titular", folded: "maria josé titular" },
    });
  });

  it("reads back what the page sends in its hidden fields", () => {
    for (const typed of ["(41) 99876-1234", "+351 912 345 678", "a_b@exemplo.com.br", "Maria da Silva"]) {
      const first = parseDataSubject(typed);
      if (!first.ok) throw new Error(first.message);
      expect(parseDataSubject(subjectText(first.subject))).toEqual(first);
    }
  });

  it("refuses what is neither, with a pt-BR message", () => {
    expect(parseDataSubject("")).toEqual({
      ok: false,
      message: "Informe o e-mail, o telefone ou o nome do titular.",
    });
    expect(parseDataSubject("maria@")).toMatchObject({
      ok: false,
      message: expect.stringContaining("e-mail válido"),
    });
    expect(parseDataSubject("9999-1234")).toMatchObject({
      ok: false,
      message: expect.stringContaining("DDD"),
    });
    expect(parseDataSubject("Ma")).toMatchObject({ ok: false, message: expect.stringContaining("nome") });
    expect(parseDataSubject(`${"a".repeat(10_000)}@exemplo.com.br`)).toEqual({
      ok: false,
      message: "O e-mail, telefone ou nome pode ter no máximo 254 caracteres.",
    });
  });

  it("is hashed with the site's key as the erasure log hashes a request's e-mail and phone", () => {
    const email = parseDataSubject("Maria@Exemplo.com.br");
    const phone = parseDataSubject("+55 41 99876-1234");
    if (!email.ok || !phone.ok) throw new Error("parse");
    expect(subjectHash(email.subject)).toBe(erasureEmailHash("maria@exemplo.com.br"));
    expect(subjectHash(phone.subject)).toBe(erasurePhoneHash("(41) 99876-1234"));
    // Never the plain SHA-256 a stolen backup could brute-force.
    expect(subjectHash(phone.subject)).not.toBe(createHash("sha256").update("41998761234").digest("hex"));
  });
});
