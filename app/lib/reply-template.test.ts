import { describe, expect, it } from "vitest";
import { fillTemplate, unknownPlaceholders } from "./reply-template";

const facts = { nome: "Maria", servico: "Pintura Predial", empresa: "Alvorada", telefone: "(41) 99876-5432" };

describe("reply templates", () => {
  it("fills every known placeholder, as often as it appears", () => {
    expect(fillTemplate("Olá, {nome}! {servico} com a {empresa}: {telefone}. Até, {nome}.", facts)).toBe(
      "Olá, Maria! Pintura Predial com a Alvorada: (41) 99876-5432. Até, Maria.",
    );
  });

  it("leaves unknown braces as typed, and names them", () => {
    expect(fillTemplate("{nomes} e {Nome} { nome }", facts)).toBe("{nomes} e {Nome} { nome }");
    expect(unknownPlaceholders("{nomes} {nome} {x} {x}")).toEqual(["{nomes}", "{x}"]);
  });

  it("never reads a filled value as a placeholder again", () => {
    expect(fillTemplate("{nome}", { ...facts, nome: "{empresa}" })).toBe("{empresa}");
  });
});
