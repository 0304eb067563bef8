import { z } from "zod";
import { leadStatusSchema, lostReasonSchema, stageAsks } from "~/lib/lead-status";
import { parseMoney } from "~/lib/money";
import { type FormFields, formText } from "../forms/read-form.server";
import { type ValidatedForm, validateForm } from "../forms/validate-form.server";
import type { StageChange } from "./lead-pipeline.server";

// The stage form of the board, the inbox and a request's page: a stage, the reason when lost,
// and (on the request's page) the proposal and closed values typed as money.

const LOST_REASON_REQUIRED = "Escolha o motivo da perda.";

/** A money field: undefined when the form has no such field (keep the value), null when empty. */
const moneyField = z
  .string()
  .max(40, "Valor inválido: digite em reais, por exemplo 12.500,00.")
  .optional()
  .transform((typed, context) => {
    if (typed === undefined) return undefined;
    const parsed = parseMoney(typed);
    if (parsed.ok) return parsed.cents;
    context.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  });

export const stageFormSchema = z
  .object({
    status: leadStatusSchema,
    lost_reason: z.union([z.literal(""), lostReasonSchema]),
    proposal_value: moneyField,
    closed_value: moneyField,
  })
  .superRefine((form, context) => {
    if (form.status === "perdido" && form.lost_reason === "") {
      context.addIssue({ code: "custom", path: ["lost_reason"], message: LOST_REASON_REQUIRED });
    }
  });

type StageFormField = "status" | "lost_reason" | "proposal_value" | "closed_value";

/** The stage form as sent: a value field left out (the board has none) is undefined. */
export type StageFormFields = { status: string; lost_reason: string } & Partial<
  Record<"proposal_value" | "closed_value", string>
>;

/** The stage form's fields, read from a posted form. */
export function stageFormFields(form: FormFields & { has(name: string): boolean }): StageFormFields {
  const fields: StageFormFields = {
    status: formText(form, "status"),
    lost_reason: formText(form, "lost_reason"),
  };
  for (const name of ["proposal_value", "closed_value"] as const) {
    if (form.has(name)) fields[name] = formText(form, name);
  }
  return fields;
}

/**
 * The board's card holds both value fields, and shows only the one its chosen stage asks for:
 * only that one counts, so a value typed and then hidden by choosing another stage is never
 * saved. The other keeps what the request has.
 */
export function onlyTheAskedValue(fields: StageFormFields): StageFormFields {
  const { proposal_value, closed_value, ...stage } = fields;
  const status = leadStatusSchema.safeParse(fields.status);
  const asked = status.success ? stageAsks(status.data) : null;
  if (asked === "proposal_value" && proposal_value !== undefined) return { ...stage, proposal_value };
  if (asked === "closed_value" && closed_value !== undefined) return { ...stage, closed_value };
  return stage;
}

/** The stage change the fields ask for, or the pt-BR problems with them. */
export function parseStageFields(fields: StageFormFields): ValidatedForm<StageChange, StageFormField> {
  const parsed = validateForm(stageFormSchema, fields);
  if (!parsed.ok) return parsed;
  const { status, lost_reason, proposal_value, closed_value } = parsed.data;
  return {
    ok: true,
    data: {
      status,
      lostReason: lost_reason === "" ? null : lost_reason,
      ...(proposal_value === undefined ? {} : { proposalCents: proposal_value }),
      ...(closed_value === undefined ? {} : { closedCents: closed_value }),
    },
  };
}

/** The stage change a posted form asks for, or the pt-BR problems with it. */
export function parseStageForm(
  form: FormFields & { has(name: string): boolean },
): ValidatedForm<StageChange, StageFormField> {
  return parseStageFields(stageFormFields(form));
}
