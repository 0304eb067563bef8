import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formTexts } from "./read-form.server";
import { validateForm } from "./validate-form.server";

const schema = z
  .object({
    name: z.string().trim().min(1, "Informe o nome.").max(5, "Nome longo demais."),
    note: z.string().max(3, "Nota longa demais."),
  })
  .refine((form) => form.note !== "x", "Formulário recusado.");

describe("reading and validating a form", () => {
  it("reads missing fields and uploaded files as empty text", () => {
    const form = new FormData();
    form.set("name", new File(["bytes"], "nome.txt"));
    expect(formTexts(form, ["name", "note"])).toEqual({ name: "", note: "" });
    expect(formTexts(new URLSearchParams("name=Ana&note=ok"), ["name", "note"])).toEqual({
      name: "Ana",
      note: "ok",
    });
  });

  it("gives each invalid field its first message, and the first message of all", () => {
    const result = validateForm(schema, { name: "  ", note: "longa" });
    expect(result).toEqual({
      ok: false,
      message: "Informe o nome.",
      fieldErrors: { name: "Informe o nome.", note: "Nota longa demais." },
    });
  });

  it("keeps a problem of the whole form as the message, beside no field", () => {
    expect(validateForm(schema, { name: "Ana", note: "x" })).toEqual({
      ok: false,
      message: "Formulário recusado.",
      fieldErrors: {},
    });
  });

  it("hands back the parsed data", () => {
    expect(validateForm(schema, { name: " Ana ", note: "" })).toEqual({
      ok: true,
      data: { name: "Ana", note: "" },
    });
  });
});
