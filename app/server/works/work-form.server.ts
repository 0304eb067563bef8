import { data, redirect } from "react-router";
import { requireAdminAction } from "~/route-support/admin-guard.server";
import { setFlash } from "../accounts/sessions.server";
import { recordAudit } from "../audit/audit-log.server";
import { readForm, UNREADABLE_FORM_MESSAGE } from "../forms/read-form.server";
import {
  MissingAltError,
  saveWork,
  UnknownWorkPictureError,
  WorkNotFoundError,
  WorkSlugTakenError,
} from "./save-work.server";
import {
  type WorkForm,
  type WorkFormErrors,
  type WorkFormField,
  workFormSchema,
} from "./work-form-schema.server";
import { WORK_GONE_MESSAGE } from "./work-id.server";
import { picturesByRef, type WorkPicture } from "./work-pictures.server";

// The work form (/admin/obras/nova and /admin/obras/<id>): reading what was sent, checking it
// against work-form-schema.server.ts and saving it, or saying why not, in pt-BR. The
// gallery and the before/after pairs arrive as repeated fields in their order (one group of
// hidden and text inputs per photo or pair), so the form saves what it shows with or without
// JavaScript.
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
  if (!form) return failure(400, UNREADABLE_FORM_MESSAGE);
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
