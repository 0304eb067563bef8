import type { z } from "zod";

/** One pt-BR message per invalid field, keyed by the field's name. */
export type FieldErrors<Field extends PropertyKey = string> = Partial<Record<Field, string>>;

export type ValidatedForm<Data, Field extends PropertyKey> =
  | { ok: true; data: Data }
  | {
      ok: false;
      /** The first problem of all, for a form that shows one message (a toast). */
      message: string;
      fieldErrors: FieldErrors<Field>;
    };

/**
 * Check a form's fields against its schema. Each invalid field gets the message of its first
 * problem (a field is the first step of an issue's path), so a form can show it beside the
 * field; `message` is the first problem overall.
 */
export function validateForm<Schema extends z.ZodType>(
  schema: Schema,
  fields: Record<string, unknown>,
): ValidatedForm<z.output<Schema>, keyof z.output<Schema> & string> {
  type Field = keyof z.output<Schema> & string;
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fieldErrors: FieldErrors<Field> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string") fieldErrors[field as Field] ??= issue.message;
  }
  return { ok: false, message: parsed.error.issues[0]?.message ?? "Dados inválidos.", fieldErrors };
}
