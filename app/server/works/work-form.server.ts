import { data, redirect } from "react-router";
import { z } from "zod";
import { requireAdminAction } from "../accounts/guard.server";
import { setFlash } from "../accounts/sessions.server";
import { recordAudit } from "../audit/audit-log.server";
import { readForm } from "../forms/read-form.server";
import type { FieldErrors } from "../forms/validate-form.server";
import {
  MissingAltError,
  picturesByRef,
  saveWork,
  UnknownWorkPictureError,
  WORK_GONE_MESSAGE,
  WorkNotFoundError,
  type WorkPicture,
  WorkSlugTakenError,
} from "./works-admin.server";

// The work form (/admin/obras/nova and /admin/obras/<id>): what it accepts, in pt-BR. The
// gallery and the before/after pairs arrive as repeated fields in their order (one group of
// hidden and text inputs per photo or pair), so the form saves what it shows with or without
// JavaScript.

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
    // (photos and pairs fall back to the library's alt text or their title, see works-admin).
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

const scalarFields = [
  "title",
  "slug",
  "neighbourhood",
  "city",
  "period",
  "buildingType",
  "services",
  "description",
  "inProgress",
  "published",
  "cover",
  "coverAlt",
] as const;

type ScalarField = (typeof scalarFields)[number];

/** The form as it was sent (text), to show it again when nothing was saved. */
export type WorkFormValues = Record<ScalarField, string> & {
  photos: Array<{ picture: string; title: string; alt: string }>;
  pairs: Array<{ title: string; before: string; beforeAlt: string; after: string; afterAlt: string }>;
};

/** Where repeated fields are read from (FormData). */
export interface RepeatedFields {
  get(name: string): unknown;
  getAll(name: string): unknown[];
}

const texts = (form: RepeatedFields, name: string): string[] =>
  form.getAll(name).map((value) => (typeof value === "string" ? value : ""));

/** At most this many groups are read: more than any form shows, fewer than a flood. */
const MAX_GROUPS = 200;

/**
 * The sent values, or null when the repeated groups do not line up (a photo with two titles):
 * no page of ours sends that, so the whole form is refused rather than guessed at.
 */
export function readWorkFormValues(form: RepeatedFields): WorkFormValues | null {
  const scalars = Object.fromEntries(
    scalarFields.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : ""];
    }),
  ) as Record<ScalarField, string>;
  const photoPictures = texts(form, "photo");
  const photoTitles = texts(form, "photoTitle");
  const photoAlts = texts(form, "photoAlt");
  const pairTitles = texts(form, "pairTitle");
  const pairBefores = texts(form, "pairBefore");
  const pairBeforeAlts = texts(form, "pairBeforeAlt");
  const pairAfters = texts(form, "pairAfter");
  const pairAfterAlts = texts(form, "pairAfterAlt");
  const photoCount = photoPictures.length;
  const pairCount = pairTitles.length;
  if (photoCount > MAX_GROUPS || pairCount > MAX_GROUPS) return null;
  if (photoTitles.length !== photoCount || photoAlts.length !== photoCount) return null;
  if ([pairBefores, pairBeforeAlts, pairAfters, pairAfterAlts].some((list) => list.length !== pairCount)) {
    return null;
  }
  return {
    ...scalars,
    photos: photoPictures.map((picture, index) => ({
      picture,
      title: photoTitles[index] ?? "",
      alt: photoAlts[index] ?? "",
    })),
    pairs: pairTitles.map((title, index) => ({
      title,
      before: pairBefores[index] ?? "",
      beforeAlt: pairBeforeAlts[index] ?? "",
      after: pairAfters[index] ?? "",
      afterAlt: pairAfterAlts[index] ?? "",
    })),
  };
}

export type ParsedWorkForm =
  | { ok: true; data: WorkForm }
  | { ok: false; message: string; fieldErrors: WorkFormErrors };

/**
 * Check the sent values. Each invalid field gets the message of its first problem; a photo's
 * or a pair's problem names which one ("Foto 2: …"), under the field "photos" or "pairs".
 */
export function validateWorkForm(values: WorkFormValues): ParsedWorkForm {
  const parsed = workFormSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fieldErrors: WorkFormErrors = {};
  let first = "";
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path;
    if (typeof field !== "string") continue;
    const which = typeof index === "number" ? `${field === "photos" ? "Foto" : "Par"} ${index + 1}: ` : "";
    const message = `${which}${issue.message}`;
    first ||= message;
    fieldErrors[field as WorkFormField] ??= message;
  }
  return { ok: false, message: first || "Dados inválidos.", fieldErrors };
}

/** What the work form's action answers when it saves nothing (rendered as the toast 'Erro'). */
export interface WorkFormFailure {
  error: string;
  fieldErrors?: WorkFormErrors;
  values?: WorkFormValues;
  /** Previews of the pictures `values` names, to show the gallery as it was sent. */
  pictures?: Record<string, WorkPicture>;
}

async function failure(
  status: 400 | 404 | 409,
  error: string,
  extra: { fieldErrors?: WorkFormErrors; values?: WorkFormValues } = {},
) {
  const values = extra.values;
  const pictures = values
    ? await picturesByRef([
        values.cover,
        ...values.photos.map((photo) => photo.picture),
        ...values.pairs.flatMap((pair) => [pair.before, pair.after]),
      ])
    : undefined;
  return data<WorkFormFailure>({ error, ...extra, ...(pictures ? { pictures } : {}) }, { status });
}

/** Save a new work (id null) or the one being edited, then back to the list; or say why not. */
export async function submitWorkForm(request: Request, id: string | null) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return failure(400, "Não foi possível ler o formulário.");
  const values = readWorkFormValues(form);
  if (!values) return failure(400, "Não foi possível ler as fotos do formulário; recarregue a página.");
  const parsed = validateWorkForm(values);
  if (!parsed.ok) {
    return failure(400, "Verifique os campos destacados.", { fieldErrors: parsed.fieldErrors, values });
  }
  let saved: { id: string; created: boolean };
  try {
    saved = await saveWork(id, parsed.data);
  } catch (error) {
    if (error instanceof WorkNotFoundError) return failure(404, WORK_GONE_MESSAGE);
    if (error instanceof WorkSlugTakenError) {
      const message = "Já existe outra obra com este endereço.";
      return failure(409, message, { fieldErrors: { slug: message }, values });
    }
    if (error instanceof UnknownWorkPictureError) {
      const message = "Uma das imagens escolhidas não está na biblioteca; escolha outra ou envie de novo.";
      return failure(400, message, { fieldErrors: { [error.field]: message }, values });
    }
    if (error instanceof MissingAltError) {
      return failure(400, error.message, { fieldErrors: error.fieldErrors, values });
    }
    throw error;
  }
  await recordAudit(session, {
    action: saved.created ? "work.create" : "work.update",
    target: { type: "work", id: saved.id, label: parsed.data.title },
    details: { published: parsed.data.published },
  });
  await setFlash(session, {
    title: saved.created ? "Obra criada!" : "Obra atualizada!",
    description: parsed.data.published
      ? "As alterações já aparecem no site."
      : "A obra está salva como rascunho e não aparece no site.",
  });
  throw redirect(`/admin/obras/${saved.id}`);
}
