import { z } from "zod";
import { MEDIA_ALT_MAX_LENGTH, MEDIA_NAME_MAX_LENGTH } from "~/lib/media-limits";

// The texts the owner gives an image: its name in the library and its alt text. One line each;
// control characters (a NUL byte, which PostgreSQL cannot store, or a pasted tab) become spaces.

// biome-ignore lint/suspicious/noControlCharactersInRegex: replacing control characters on purpose
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

const oneLine = z.string().transform((value) => value.replace(CONTROL_CHARACTERS, " ").trim());

export const MEDIA_FIELD_MESSAGES = {
  nameMissing: "Informe o nome da imagem.",
  nameTooLong: `O nome pode ter no máximo ${MEDIA_NAME_MAX_LENGTH} caracteres.`,
  altTooLong: `O texto alternativo pode ter no máximo ${MEDIA_ALT_MAX_LENGTH} caracteres.`,
} as const;

const name = oneLine.pipe(z.string().max(MEDIA_NAME_MAX_LENGTH, MEDIA_FIELD_MESSAGES.nameTooLong));
const alt = oneLine.pipe(z.string().max(MEDIA_ALT_MAX_LENGTH, MEDIA_FIELD_MESSAGES.altTooLong));

/** With an upload: both optional (the name defaults to the file's). */
export const uploadFieldsSchema = z.object({ name, alt });

/** Editing an image in the library: the name cannot be emptied. */
export const mediaEditSchema = z.object({
  name: name.pipe(z.string().min(1, MEDIA_FIELD_MESSAGES.nameMissing)),
  alt,
});

export type MediaEdit = z.infer<typeof mediaEditSchema>;
