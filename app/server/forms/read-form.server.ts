/** What a form that could not be read is answered with (a 400), wherever it was posted. */
export const UNREADABLE_FORM_MESSAGE = "Não foi possível ler o formulário.";

/**
 * The request's form fields, or null when the body is not a readable form (malformed,
 * truncated, wrong type) or a field carries a NUL character: no browser sends one, and
 * PostgreSQL cannot store it in text (the query would fail with a 500).
 */
export async function readForm(request: Request): Promise<FormData | null> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) return null;
  }
  return form;
}

/** Where fields are read from: FormData, or URLSearchParams for a body parsed by hand. */
export interface FormFields {
  get(name: string): unknown;
}

/** A text field's value: "" when the field is missing or holds a file instead of text. */
export function formText(form: FormFields, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** Several text fields at once, by name (each as formText reads it). */
export function formTexts<Name extends string>(
  form: FormFields,
  names: readonly Name[],
): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, formText(form, name)])) as Record<Name, string>;
}
