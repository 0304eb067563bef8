// What the media library accepts, shared by the admin's browser checks and the server's.

const MB = 1024 * 1024;

/** A photo as a phone takes it (12 MP JPEG, 3–8 MB; HDR or 48 MP modes up to ~20 MB). */
export const MEDIA_UPLOAD_MAX_BYTES = 20 * MB;
/**
 * The post editor's image block keeps the original site's limit and message ("A imagem deve
 * ter no máximo 5MB."); the library and the works take phone photos up to 20 MB
 * (docs/decisions/0021).
 */
export const POST_IMAGE_MAX_BYTES = 5 * MB;
/** Several files sent at once without JavaScript, in one form post (with it, one per request). */
export const MEDIA_BATCH_MAX_BYTES = 50 * MB;
export const MEDIA_BATCH_MAX_FILES = 10;

/** What the file pickers offer; the server decodes the bytes and trusts none of this. */
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif";
export const ACCEPTED_IMAGE_LABEL = "JPG, PNG, WEBP ou AVIF";

export const MEDIA_NAME_MAX_LENGTH = 200;
export const MEDIA_ALT_MAX_LENGTH = 500;

/** A limit as the admin writes it: "20MB". */
export function megabytesLabel(bytes: number): string {
  return `${Math.round(bytes / MB)}MB`;
}

/** The fixed wording, with the limit that applies: "A imagem deve ter no máximo 5MB." */
export function imageTooLargeMessage(maxBytes: number): string {
  return `A imagem deve ter no máximo ${megabytesLabel(maxBytes)}.`;
}

export const NOT_AN_IMAGE_MESSAGE = "Por favor, selecione apenas arquivos de imagem.";
