import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-policy.server";

// Loading the dictionaries takes a moment the first time.
describe("passwordProblem (OWASP ASVS 5.0 with zxcvbn-ts)", { timeout: 30_000 }, () => {
  it("refuses fewer than 8 and more than 128 characters", async () => {
    expect(await passwordProblem("curta")).toBe("A senha precisa ter pelo menos 8 caracteres.");
    expect(await passwordProblem("a".repeat(129))).toBe("A senha pode ter no máximo 128 caracteres.");
  });

  it("refuses common passwords with zxcvbn's pt-BR reason", async () => {
    for (const password of ["12345678", "senha123", "qwertyuiop", "password1"]) {
      expect(await passwordProblem(password), password).toMatch(/^Senha fraca: /);
    }
    expect(await passwordProblem("senha123")).toContain("comumente usada");
  });

  it("refuses a password made of the person's e-mail, name or the company's name", async () => {
    const related = ["contato@zimbrelux.com.br", "Zimbrelux Engenharia"];
    for (const password of ["zimbrelux8431", "zimbreluxengenharia"]) {
      expect(await passwordProblem(password), password).toBeUndefined();
      expect(await passwordProblem(password, related), password).toMatch(/^Senha fraca/);
    }
  });

  it("accepts a long phrase without composition rules, and a short random one, up to 128 characters", async () => {
    expect(await passwordProblem("girassol amarelo na varanda de inverno")).toBeUndefined();
    expect(await passwordProblem("x7$Lq!9Zr")).toBeUndefined();
    expect(await passwordProblem(`${"frase longa e única ".repeat(6)}fim`.slice(0, 128))).toBeUndefined();
  });
});
