import { describe, expect, it } from "vitest";
import { fillTemplate, templateFor, unknownPlaceholders } from "./reply-template";

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

describe("the template a reply starts from", () => {
  const any = { id: "qualquer", stage: null };
  const first = { id: "primeiro", stage: "novo" as const };
  const proposal = { id: "proposta", stage: "proposta_enviada" as const };
  const templates = [any, first, proposal];

  it("is the one chosen, else the one written for the request's stage", () => {
    expect(templateFor(templates, "proposta_enviada", "primeiro")).toBe(first);
    expect(templateFor(templates, "proposta_enviada")).toBe(proposal);
    expect(templateFor(templates, "novo", "")).toBe(first);
    // A chosen template that is gone counts as none chosen.
    expect(templateFor(templates, "novo", "apagado")).toBe(first);
  });

  it("else the first written for any stage, else the first there is", () => {
    expect(templateFor(templates, "perdido")).toBe(any);
    expect(templateFor([proposal, first], "perdido")).toBe(proposal);
    expect(templateFor([], "novo")).toBeUndefined();
  });
});
