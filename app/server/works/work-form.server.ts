import {
  type WorkForm,
  type WorkFormErrors,
  type WorkFormField,
  workFormSchema,
} from "./work-form-schema.server";
import type { WorkPicture } from "./work-pictures.server";

// The work form (/admin/obras/nova and /admin/obras/<id>): reading what was sent and checking it
// against work-form-schema.server.ts, or saying why not, in pt-BR. The
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

/**
 * A work form's field errors: by scalar field, by group ("photos", "pairs": what the group says
 * above its list), and by a photo's or a pair's own input, `<name>:<index>` (the name the input
 * posts, e.g. "photoAlt:2" for the third photo's alt text), so each shows at its input.
 */
export type WorkFieldErrors = WorkFormErrors & Record<string, string | undefined>;

/** The input a photo's or a pair's part is posted as (see readWorkFormValues). */
const groupInputs: Record<"photos" | "pairs", Record<string, string>> = {
  photos: { picture: "photo", title: "photoTitle", alt: "photoAlt" },
  pairs: {
    title: "pairTitle",
    before: "pairBefore",
    beforeAlt: "pairBeforeAlt",
    after: "pairAfter",
    afterAlt: "pairAfterAlt",
  },
};

export type ParsedWorkForm =
  | { ok: true; data: WorkForm }
  | { ok: false; message: string; fieldErrors: WorkFieldErrors };

/**
 * Check the sent values. Each invalid field gets the message of its first problem; a photo's
 * or a pair's problem names which one ("Foto 2: …") under the field "photos" or "pairs", and
 * is also given, as it is, to its own input ("photoTitle:1").
 */
export function validateWorkForm(values: WorkFormValues): ParsedWorkForm {
  const parsed = workFormSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fieldErrors: WorkFieldErrors = {};
  let first = "";
  for (const issue of parsed.error.issues) {
    const [field, index, part] = issue.path;
    if (typeof field !== "string") continue;
    const group = field === "photos" || field === "pairs" ? field : null;
    const which =
      group && typeof index === "number" ? `${group === "photos" ? "Foto" : "Par"} ${index + 1}: ` : "";
    const message = `${which}${issue.message}`;
    first ||= message;
    fieldErrors[field as WorkFormField] ??= message;
    const input = group && typeof part === "string" ? groupInputs[group][part] : undefined;
    if (input && typeof index === "number") fieldErrors[`${input}:${index}`] ??= issue.message;
  }
  return { ok: false, message: first || "Dados inválidos.", fieldErrors };
}

/** What the work form's action answers when it saves nothing (rendered as the toast 'Erro'). */
export interface WorkFormFailure {
  error: string;
  /** By the field names the editor renders: `title`, `photos` (the gallery), `photoAlt:<index>`… */
  fieldErrors?: WorkFieldErrors;
  values?: WorkFormValues;
  /** Previews of the pictures `values` names, to show the gallery as it was sent. */
  pictures?: Record<string, WorkPicture>;
}
