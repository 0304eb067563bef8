import { z } from "zod";
import { iconNames } from "~/lib/icon-names";
import { type FormFields, formTexts } from "../forms/read-form.server";
import { validateForm } from "../forms/validate-form.server";

// The forms of /admin/pagina-inicial as they are checked: the numbers (one form for the four),
// each reason, and the testimonials; and what the page gets back when one saves nothing.

const text = (required: string, max: number, tooLong: string) =>
  z.string().trim().min(1, required).max(max, tooLong);

export const statFormSchema = z.object({
  value: text("Informe o número (ex.: 200+).", 12, "O número pode ter no máximo 12 caracteres."),
  label: text("Informe a legenda do número.", 60, "A legenda pode ter no máximo 60 caracteres."),
});

export const reasonFormSchema = z.object({
  icon: z.enum(iconNames, { error: "Escolha um ícone da lista." }),
  title: text("Informe o título do motivo.", 80, "O título pode ter no máximo 80 caracteres."),
  description: text("Escreva o texto do motivo.", 400, "O texto pode ter no máximo 400 caracteres."),
});

export const testimonialFormSchema = z.object({
  author: text("Informe o nome de quem deu o depoimento.", 80, "O nome pode ter no máximo 80 caracteres."),
  role: text(
    "Informe o cargo ou o condomínio de quem deu o depoimento.",
    120,
    "O cargo ou condomínio pode ter no máximo 120 caracteres.",
  ),
  quote: text("Escreva o depoimento.", 1000, "O depoimento pode ter no máximo 1000 caracteres."),
  visible: z.unknown().transform((value) => value === "on" || value === "true"),
});

/** A row's id as the forms send it. */
export const HOME_ITEM_ID = z.uuid();

/** Which of the page's forms a failure belongs to: "stats", "reason:<id>", "testimonial:new"… */
export type HomeFormKey = string;

/** What the page's action answers when it saves nothing (rendered as the toast 'Erro'). */
export interface HomeFormFailure {
  error: string;
  form?: HomeFormKey;
  /** By field name as the form sends it (e.g. "value:<id>", "title"). */
  fieldErrors?: Record<string, string>;
  /** What the form sent, to show it again. */
  values?: Record<string, string>;
}

/** The fields of `schema` as sent, and what they parse to. */
export function readFields<Schema extends z.ZodObject>(schema: Schema, form: FormFields) {
  const values = formTexts(form, Object.keys(schema.shape));
  return { values, parsed: validateForm(schema, values) };
}
