import { z } from "zod";
import type { FieldErrors } from "../forms/validate-form.server";

// What a work consists of, as the work form's schema checks it: the limits, how a picture is
// named, and the parsed form that save-work.server.ts saves.

export const WORK_LIMITS = {
  title: 120,
  slug: 80,
  neighbourhood: 80,
  city: 80,
  period: 60,
  buildingType: 60,
  servicesText: 3000,
  serviceItems: 20,
  serviceItem: 120,
  description: 5000,
  alt: 300,
  photoTitle: 120,
  photos: 60,
  pairs: 20,
} as const;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A picture shipped with the site (the demo works' illustrations). */
const SHIPPED_PICTURE_PATTERN = /^\/illustrations\/[a-z0-9-]+\.svg$/;

/**
 * How the form names a picture: a library image by its media id, or a file shipped with the
 * site by its path (the demo works keep their illustrations until the owner replaces them).
 */
export type PictureRef = { kind: "media"; id: string } | { kind: "path"; path: string };

/** The picture a form value names, or null when it names none. */
export function pictureRefFrom(value: string): PictureRef | null {
  const text = value.trim().toLowerCase();
  if (UUID_PATTERN.test(text)) return { kind: "media", id: text };
  if (SHIPPED_PICTURE_PATTERN.test(value.trim())) return { kind: "path", path: value.trim() };
  return null;
}

const PICTURE_MESSAGE = "Escolha uma imagem da biblioteca ou envie uma nova.";

const picture = z
  .string()
  .trim()
  .max(200, PICTURE_MESSAGE)
  .refine((value) => pictureRefFrom(value) !== null, PICTURE_MESSAGE)
  .transform((value) => pictureRefFrom(value) as PictureRef);

const optionalPicture = z
  .string()
  .trim()
  .max(200, PICTURE_MESSAGE)
  .refine((value) => value === "" || pictureRefFrom(value) !== null, PICTURE_MESSAGE)
  .transform((value) => (value ? pictureRefFrom(value) : null));

const line = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);
const required = (max: number, missing: string, tooLong: string) => line(max, tooLong).min(1, missing);
const flag = z.unknown().transform((value) => value === "on" || value === "true");
const altText = line(
  WORK_LIMITS.alt,
  `O texto alternativo pode ter no máximo ${WORK_LIMITS.alt} caracteres.`,
);

const photoSchema = z.object({
  picture,
  title: line(
    WORK_LIMITS.photoTitle,
    `O título da foto pode ter no máximo ${WORK_LIMITS.photoTitle} caracteres.`,
  ),
  alt: altText,
});

const pairSchema = z.object({
  title: line(
    WORK_LIMITS.photoTitle,
    `O título do par pode ter no máximo ${WORK_LIMITS.photoTitle} caracteres.`,
  ),
  before: z.string().trim().min(1, "Escolha a foto de antes.").pipe(picture),
  beforeAlt: altText,
  after: z.string().trim().min(1, "Escolha a foto de depois.").pipe(picture),
  afterAlt: altText,
});

export const workFormSchema = z
  .object({
    title: required(
      WORK_LIMITS.title,
      "Informe o título da obra.",
      `O título pode ter no máximo ${WORK_LIMITS.title} caracteres.`,
    ),
    slug: z
      .string()
      .trim()
      .max(WORK_LIMITS.slug, `O endereço pode ter no máximo ${WORK_LIMITS.slug} caracteres.`)
      .refine(
        (slug) => slug === "" || SLUG_PATTERN.test(slug),
        "Use apenas letras minúsculas sem acento, números e hífens (ex.: edificio-aurora).",
      )
      .transform((slug) => slug || null),
    neighbourhood: line(
      WORK_LIMITS.neighbourhood,
      `O bairro pode ter no máximo ${WORK_LIMITS.neighbourhood} caracteres.`,
    ),
    city: required(
      WORK_LIMITS.city,
      "Informe a cidade.",
      `A cidade pode ter no máximo ${WORK_LIMITS.city} caracteres.`,
    ),
    period: line(WORK_LIMITS.period, `O período pode ter no máximo ${WORK_LIMITS.period} caracteres.`),
    buildingType: line(
      WORK_LIMITS.buildingType,
      `O tipo de edificação pode ter no máximo ${WORK_LIMITS.buildingType} caracteres.`,
    ),
    services: z
      .string()
      .max(WORK_LIMITS.servicesText, "A lista de serviços está grande demais.")
      .transform((value) =>
        value
          .split(/\r?\n/)
          .map((item) => item.trim())
          .filter(Boolean),
      )
      .refine(
        (items) => items.length <= WORK_LIMITS.serviceItems,
        `Informe no máximo ${WORK_LIMITS.serviceItems} serviços.`,
      )
      .refine(
        (items) => items.every((item) => item.length <= WORK_LIMITS.serviceItem),
        `Cada serviço pode ter no máximo ${WORK_LIMITS.serviceItem} caracteres.`,
      ),
    description: line(
      WORK_LIMITS.description,
      `A descrição pode ter no máximo ${WORK_LIMITS.description} caracteres.`,
    ),
    inProgress: flag,
    published: flag,
    cover: optionalPicture,
    coverAlt: altText,
    photos: z
      .array(photoSchema)
      .max(WORK_LIMITS.photos, `A galeria pode ter no máximo ${WORK_LIMITS.photos} fotos.`),
    pairs: z
      .array(pairSchema)
      .max(WORK_LIMITS.pairs, `Informe no máximo ${WORK_LIMITS.pairs} pares de antes e depois.`),
  })
  .superRefine((form, context) => {
    // The cover is the work's Open Graph image and the page's first picture: it needs words too
    // (photos and pairs fall back to the library's alt text or their title, see save-work.server.ts).
    if (form.cover && !form.coverAlt) {
      context.addIssue({
        code: "custom",
        path: ["coverAlt"],
        message: "Descreva a capa para quem não pode vê-la (texto alternativo).",
      });
    }
  });

export type WorkForm = z.output<typeof workFormSchema>;
export type WorkFormField = keyof WorkForm;
export type WorkFormErrors = FieldErrors<WorkFormField>;
