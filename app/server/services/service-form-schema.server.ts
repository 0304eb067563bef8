import { z } from "zod";
import { iconNames } from "~/lib/icon-names";
import { parseMediaUrl } from "~/lib/media-url";
import type { FieldErrors } from "../forms/validate-form.server";

// What a service consists of, as the service form's schema checks it, in pt-BR: the parsed form
// that services-admin.server.ts saves.

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
