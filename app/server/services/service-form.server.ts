import { data, redirect } from "react-router";
import { z } from "zod";
import { iconNames } from "~/lib/icon-names";
import { parseMediaUrl } from "~/lib/media-url";
import { requireAdminAction } from "../accounts/guard.server";
import { setFlash } from "../accounts/sessions.server";
import { recordAudit } from "../audit/audit-log.server";
import { type FormFields, formTexts, readForm } from "../forms/read-form.server";
import { type FieldErrors, validateForm } from "../forms/validate-form.server";
import {
  SERVICE_GONE_MESSAGE,
  ServiceNotFoundError,
  SlugTakenError,
  saveService,
  UnknownPictureError,
} from "./services-admin.server";

// The service form (/admin/servicos/novo and /admin/servicos/<id>): what it accepts, in pt-BR.

export const MAX_SERVICE_FEATURES = 12;

/** Ids the pages around a service's section already use; an anchor must not repeat one. */
const RESERVED_SLUGS = new Set(["conteudo", "footer-servicos", "qualidade-titulo"]);

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const text = (required: string, max: number, tooLong: string) =>
  z.string().trim().min(1, required).max(max, tooLong);

/** The picture field: nothing, an illustration the site ships, or an image of the library. */
const pictureField = z
  .string()
  .trim()
  .max(500, "Endereço de imagem inválido.")
  .refine(
    (value) =>
      value === "" || parseMediaUrl(value) !== null || /^\/illustrations\/[a-z0-9-]+\.svg$/.test(value),
    "Escolha uma imagem da biblioteca ou envie uma nova.",
  )
  .transform((value) => value || null);

export const serviceFormSchema = z
  .object({
    title: text("Informe o título do serviço.", 80, "O título pode ter no máximo 80 caracteres."),
    slug: z
      .string()
      .trim()
      .max(60, "O identificador pode ter no máximo 60 caracteres.")
      .refine(
        (slug) => slug === "" || SLUG_PATTERN.test(slug),
        "Use apenas letras minúsculas sem acento, números e hífens (ex.: impermeabilizacao).",
      )
      .refine((slug) => !RESERVED_SLUGS.has(slug), "Este identificador é reservado; escolha outro.")
      .transform((slug) => slug || null),
    icon: z.enum(iconNames, { error: "Escolha um ícone da lista." }),
    summary: text(
      "Escreva o resumo exibido na página inicial.",
      600,
      "O resumo pode ter no máximo 600 caracteres.",
    ),
    details: text("Escreva a descrição do serviço.", 3000, "A descrição pode ter no máximo 3000 caracteres."),
    features: z
      .string()
      .max(3000, "A lista de itens está grande demais.")
      .transform((value) =>
        value
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
      )
      .refine(
        (lines) => lines.length <= MAX_SERVICE_FEATURES,
        `Informe no máximo ${MAX_SERVICE_FEATURES} itens.`,
      )
      .refine(
        (lines) => lines.every((line) => line.length <= 200),
        "Cada item pode ter no máximo 200 caracteres.",
      ),
    picture: pictureField,
    pictureAlt: z.string().trim().max(300, "O texto alternativo pode ter no máximo 300 caracteres."),
    showOnHome: z.unknown().transform((value) => value === "on" || value === "true"),
  })
  .superRefine((form, context) => {
    if (form.picture && !form.pictureAlt) {
      context.addIssue({
        code: "custom",
        path: ["pictureAlt"],
        message: "Descreva a imagem para quem não pode vê-la (texto alternativo).",
      });
    }
  });

export type ServiceForm = z.output<typeof serviceFormSchema>;
export type ServiceFormField = keyof ServiceForm;
export type ServiceFormErrors = FieldErrors<ServiceFormField>;

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
  if (!form) return failure(400, "Não foi possível ler o formulário.");
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
