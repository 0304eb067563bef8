import { z } from "zod";
import { type QuoteField, type QuoteValues, quoteDefaults, quoteFields, quoteMaxLength } from "~/lib/quote";
import { cleanLine, cleanText } from "../forms/clean-text.server";
import { type FormFields, formTexts } from "../forms/read-form.server";
import { type FieldErrors, validateForm } from "../forms/validate-form.server";

/** A valid quote request, cleaned, with the defaults (quoteDefaults) for empty optional fields. */
export type QuoteInput = QuoteValues;

export type QuoteParseResult =
  | { success: true; input: QuoteInput; values: QuoteValues }
  | { success: false; fieldErrors: FieldErrors<QuoteField>; values: QuoteValues };

const tooLong = (label: string, field: QuoteField) =>
  `${label} pode ter no máximo ${quoteMaxLength[field].toLocaleString("pt-BR")} caracteres.`;

type Rule = [test: (value: string) => boolean, message: string];

/** A string checked by rules in order; the first one that fails gives the field's message. */
function text(...rules: Rule[]) {
  return z.string().superRefine((value, ctx) => {
    const failed = rules.find(([test]) => !test(value));
    if (failed) ctx.addIssue({ code: "custom", message: failed[1] });
  });
}

const emailFormat = z.email();

/** The form's rules; `services` are the options the form offers. */
const quoteSchema = (services: readonly string[]) =>
  z.object({
    name: text(
      [(v) => v.length > 0, "Informe seu nome."],
      [(v) => v.length <= quoteMaxLength.name, tooLong("O nome", "name")],
      [(v) => /\p{L}/u.test(v), "Informe seu nome usando letras."],
    ),
    email: text(
      [(v) => v.length > 0, "Informe seu e-mail."],
      [(v) => v.length <= quoteMaxLength.email, tooLong("O e-mail", "email")],
      [(v) => emailFormat.safeParse(v).success, "Informe um e-mail válido, como nome@exemplo.com.br."],
    ),
    phone: text(
      [(v) => v.length > 0, "Informe seu telefone."],
      [(v) => v.length <= quoteMaxLength.phone, tooLong("O telefone", "phone")],
      [
        // Lenient on format ("(41) 3333-4444 ramal 12" is fine): it needs enough digits to call.
        (v) => v.replace(/\D/g, "").length >= 8,
        "Informe um telefone com DDD, como (41) 99999-9999.",
      ],
    ),
    condominium: text([
      (v) => v.length <= quoteMaxLength.condominium,
      tooLong("O condomínio", "condominium"),
    ]),
    service: text([(v) => v === "" || services.includes(v), "Escolha um dos serviços da lista."]),
    message: text([(v) => v.length <= quoteMaxLength.message, tooLong("A mensagem", "message")]),
  });

/**
 * Validate the form's fields. Each invalid field gets one pt-BR message; the raw values come
 * back so the page can show them again.
 */
export function parseQuoteForm(form: FormFields, services: readonly string[]): QuoteParseResult {
  const values = formTexts(form, quoteFields);
  const cleaned: QuoteValues = {
    name: cleanLine(values.name),
    email: cleanLine(values.email),
    phone: cleanLine(values.phone),
    condominium: cleanLine(values.condominium),
    service: cleanLine(values.service),
    message: cleanText(values.message),
  };
  const parsed = validateForm(quoteSchema(services), cleaned);
  if (!parsed.ok) return { success: false, fieldErrors: parsed.fieldErrors, values };
  const data = parsed.data;
  return {
    success: true,
    values,
    input: {
      ...data,
      condominium: data.condominium || quoteDefaults.condominium,
      service: data.service || quoteDefaults.service,
      message: data.message || quoteDefaults.message,
    },
  };
}
