import {
  MEDIA_BATCH_MAX_BYTES,
  MEDIA_BATCH_MAX_FILES,
  MEDIA_NAME_MAX_LENGTH,
  MEDIA_UPLOAD_MAX_BYTES,
} from "~/lib/media-limits";
import type { AuditActor } from "../audit/audit-log.server";
import { type FieldErrors, validateForm } from "../forms/validate-form.server";
import { BodyReadError, BodyTooLargeError, readBodyWithLimit } from "../platform/limited-body.server";
import { ImageRejectedError } from "./image-processing.server";
import { ImageProcessFailedError } from "./image-worker.server";
import { addToLibrary } from "./library-addition.server";
import { uploadFieldsSchema } from "./media-fields.server";
import { MEDIA_MESSAGES, UPLOAD_MESSAGES } from "./media-messages.server";
import type { StoredImage } from "./media-store.server";

// Images sent from a person's computer: one at a time from the editors (/admin/api/upload), or
// several at once from the library's form without JavaScript (/admin/midia). Each file is
// stored with its audit entry, one file at a time.

/** Who sends the files: the entries name them, the library keeps them as the uploader. */
type Uploader = AuditActor & { user: { id: string } };

const MAX_UPLOAD_BYTES = MEDIA_UPLOAD_MAX_BYTES;
/** Room for the multipart boundaries, part headers and text fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** What the upload endpoint reads at most: one file and its fields. */
export const UPLOAD_BODY_LIMIT_BYTES = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES;

export type UploadOutcome =
  | { ok: true; image: StoredImage }
  | { ok: false; status: 400 | 413 | 415 | 503; error: string; fieldErrors?: FieldErrors<"name" | "alt"> };

/** The file's own name, as the library shows it: no folders, no control characters, bounded. */
export function libraryNameOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters on purpose
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (clean || "imagem").slice(0, MEDIA_NAME_MAX_LENGTH);
}

/**
 * Store one uploaded file in the library, or say why not (a pt-BR message and the status).
 * `fields` are the name and alt text typed with it, if any.
 */
export async function storeUploadedFile(
  file: File,
  fields: { name: string; alt: string },
  uploader: Uploader,
): Promise<UploadOutcome> {
  const parsed = validateForm(uploadFieldsSchema, fields);
  if (!parsed.ok) return { ok: false, status: 400, error: parsed.message, fieldErrors: parsed.fieldErrors };
  if (file.size === 0) return { ok: false, status: 400, error: UPLOAD_MESSAGES.missingFile };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, status: 413, error: UPLOAD_MESSAGES.tooLarge };
  try {
    // The file's declared type is ignored: storeImage decodes the bytes to decide.
    const image = await addToLibrary(uploader, new Uint8Array(await file.arrayBuffer()), {
      source: "upload",
      uploadedBy: uploader.user.id,
      name: parsed.data.name || libraryNameOf(file.name),
      alt: parsed.data.alt,
    });
    return { ok: true, image };
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      return error.reason === "too-many-pixels"
        ? { ok: false, status: 413, error: UPLOAD_MESSAGES.tooManyPixels }
        : { ok: false, status: 415, error: UPLOAD_MESSAGES.notAnImage };
    }
    if (error instanceof ImageProcessFailedError) {
      return { ok: false, status: 503, error: UPLOAD_MESSAGES.processFailed };
    }
    throw error;
  }
}

export type MultipartOutcome = { ok: true; form: FormData } | { ok: false; status: 400 | 413; error: string };

/**
 * A multipart body read whole, never more than `limitBytes` (Content-Length first, then as it
 * streams), and parsed by the platform. `tooLarge` is the message for an oversize body.
 */
export async function readMultipart(
  request: Request,
  limitBytes: number,
  tooLarge: string,
): Promise<MultipartOutcome> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    return { ok: false, status: 400, error: UPLOAD_MESSAGES.notMultipart };
  }
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readBodyWithLimit(request, limitBytes);
  } catch (error) {
    // Answered without "Connection: close", like the server's own body limit (body-limits.server.ts).
    if (error instanceof BodyTooLargeError) return { ok: false, status: 413, error: tooLarge };
    if (error instanceof BodyReadError) return { ok: false, status: 400, error: UPLOAD_MESSAGES.malformed };
    throw error;
  }
  try {
    // The body is already bounded in memory; let the platform's parser handle the multipart.
    return {
      ok: true,
      form: await new Response(body, { headers: { "Content-Type": contentType } }).formData(),
    };
  } catch {
    return { ok: false, status: 400, error: UPLOAD_MESSAGES.malformed };
  }
}

/** A text field of a multipart form ("" when absent or a file). */
export function multipartText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

export type BatchOutcome =
  | { ok: true; stored: StoredImage[]; failures: Array<{ name: string; error: string }> }
  | { ok: false; status: 400 | 413 | 415 | 503; error: string };

/** What the library's form may send at once, with room for the multipart around the files. */
export const BATCH_BODY_LIMIT_BYTES = MEDIA_BATCH_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;

/**
 * The library's upload form without JavaScript: several files in one post, each stored as the
 * upload endpoint stores one. Refused as a whole only when nothing could be stored; otherwise
 * the answer says which files failed and why.
 */
export async function storeUploadedFiles(sent: unknown[], uploader: Uploader): Promise<BatchOutcome> {
  const files = sent.filter((value): value is File => value instanceof File && value.size > 0);
  if (files.length === 0) return { ok: false, status: 400, error: UPLOAD_MESSAGES.missingFile };
  if (files.length > MEDIA_BATCH_MAX_FILES) {
    return { ok: false, status: 413, error: MEDIA_MESSAGES.batchTooLarge };
  }
  const stored: StoredImage[] = [];
  const failures: Array<{ name: string; error: string; status: 400 | 413 | 415 | 503 }> = [];
  for (const file of files) {
    const outcome = await storeUploadedFile(file, { name: "", alt: "" }, uploader);
    if (outcome.ok) stored.push(outcome.image);
    else failures.push({ name: libraryNameOf(file.name), error: outcome.error, status: outcome.status });
  }
  const first = failures[0];
  if (stored.length === 0 && first) {
    return { ok: false, status: first.status, error: failureList(failures) };
  }
  return { ok: true, stored, failures: failures.map(({ name, error }) => ({ name, error })) };
}

/** "foto.txt: Por favor, selecione apenas arquivos de imagem. outra.jpg: …" */
export function failureList(failures: Array<{ name: string; error: string }>): string {
  return failures.map(({ name, error }) => `${name}: ${error}`).join(" ");
}
