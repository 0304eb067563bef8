import { type FormFields, formTexts } from "../forms/read-form.server";
import { validateForm } from "../forms/validate-form.server";
import {
  type ServiceFormErrors,
  type ServiceFormField,
  serviceFormSchema,
} from "./service-form-schema.server";

// The service form (/admin/servicos/novo and /admin/servicos/<id>): reading what was sent,
// checking it against service-form-schema.server.ts, or saying why not, in pt-BR.

const serviceFormFields: ServiceFormField[] = [
  "title",
  "slug",
  "icon",
  "summary",
  "details",
  "features",
  "picture",
  "pictureAlt",
  "showOnHome",
];

/** The form as it was sent (text), to show it again when nothing was saved. */
export type ServiceFormValues = Record<ServiceFormField, string>;

export function parseServiceForm(form: FormFields) {
  const values = formTexts(form, serviceFormFields);
  return { values, parsed: validateForm(serviceFormSchema, values) };
}

/** What the service form's action answers when it saves nothing (rendered as the toast 'Erro'). */
export interface ServiceFormFailure {
  error: string;
  fieldErrors?: ServiceFormErrors;
  values?: ServiceFormValues;
}
