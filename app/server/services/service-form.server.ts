import { data, redirect } from "react-router";
import { requireAdminAction } from "~/route-support/admin-guard.server";
import { setFlash } from "../accounts/sessions.server";
import { recordAudit } from "../audit/audit-log.server";
import { type FormFields, formTexts, readForm, UNREADABLE_FORM_MESSAGE } from "../forms/read-form.server";
import { validateForm } from "../forms/validate-form.server";
import {
  type ServiceFormErrors,
  type ServiceFormField,
  serviceFormSchema,
} from "./service-form-schema.server";
import {
  SERVICE_GONE_MESSAGE,
  ServiceNotFoundError,
  SlugTakenError,
  saveService,
  UnknownPictureError,
} from "./services-admin.server";

// The service form (/admin/servicos/novo and /admin/servicos/<id>): reading what was sent,
// checking it against service-form-schema.server.ts and saving it, or saying why not, in pt-BR.

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

const failure = (
  status: 400 | 404 | 409,
  error: string,
  extra: Pick<ServiceFormFailure, "fieldErrors" | "values"> = {},
) => data<ServiceFormFailure>({ error, ...extra }, { status });

/** Save a new service (id null) or the one being edited, then back to the list; or say why not. */
export async function submitServiceForm(request: Request, id: string | null) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return failure(400, UNREADABLE_FORM_MESSAGE);
  const { values, parsed } = parseServiceForm(form);
  if (!parsed.ok) {
    return failure(400, "Verifique os campos destacados.", { fieldErrors: parsed.fieldErrors, values });
  }
  try {
    const saved = await saveService(id, parsed.data);
    await recordAudit(session, {
      action: saved.created ? "service.create" : "service.update",
      target: { type: "service", id: saved.id, label: parsed.data.title },
    });
    await setFlash(session, {
      title: saved.created ? "Serviço criado!" : "Serviço atualizado!",
      description: "As alterações já aparecem no site.",
    });
  } catch (error) {
    if (error instanceof ServiceNotFoundError) return failure(404, SERVICE_GONE_MESSAGE);
    if (error instanceof SlugTakenError) {
      const message = "Já existe outro serviço com este identificador.";
      return failure(409, message, { fieldErrors: { slug: message }, values });
    }
    if (error instanceof UnknownPictureError) {
      const message = "A imagem escolhida não está na biblioteca; escolha outra ou envie de novo.";
      return failure(400, message, { fieldErrors: { picture: message }, values });
    }
    throw error;
  }
  throw redirect("/admin/servicos");
}
