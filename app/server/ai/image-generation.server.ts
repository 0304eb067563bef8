import { z } from "zod";
import { FORBIDDEN_MESSAGE, roleCan } from "~/lib/roles";
import type { CurrentSession } from "../accounts/sessions.server";
import { formText } from "../forms/read-form.server";
import { ImageProcessFailedError } from "../media/image-worker.server";
import { UPLOAD_MESSAGES } from "../media/media-messages.server";
import type { StoredImage } from "../media/media-store.server";
import { BodyReadError, BodyTooLargeError, readBodyWithLimit } from "../platform/limited-body.server";
import { AiImageError, generateAndStoreImage, runwareConfig } from "./runware.server";

// An image made from a description, as an admin command: the picture is asked of the provider,
// then stored in the library with its audit entry in one transaction.

export const MAX_PROMPT_LENGTH = 1000;
/** A prompt is short; the body limit only keeps a client from making us buffer megabytes. */
const MAX_BODY_BYTES = 64 * 1024;

export const GENERATE_MESSAGES = {
  emptyPrompt: "Por favor, digite uma descrição para gerar a imagem.",
  promptTooLong: `A descrição deve ter no máximo ${MAX_PROMPT_LENGTH} caracteres.`,
  badRequest: 'Envio inválido: mande o campo "prompt" em um formulário ou em JSON.',
} as const;

const STATUS_BY_ERROR_KIND = { "not-configured": 503, provider: 502, timeout: 504 } as const;

// A missing or non-text prompt is an empty description to the admin.
const promptSchema = z.object({
  prompt: z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string()),
});

/** The prompt a request sends (a form field or JSON), or the 400's message. */
export async function readPrompt(request: Request): Promise<{ prompt: string } | { error: string }> {
  const contentType = request.headers.get("content-type") ?? "";
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readBodyWithLimit(request, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { error: GENERATE_MESSAGES.promptTooLong };
    if (error instanceof BodyReadError) return { error: GENERATE_MESSAGES.badRequest };
    throw error;
  }

  let fields: unknown;
  try {
    if (/^application\/json\b/i.test(contentType)) {
      fields = JSON.parse(new TextDecoder().decode(body));
    } else if (/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(contentType)) {
      const form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
      fields = { prompt: formText(form, "prompt") };
    } else {
      return { error: GENERATE_MESSAGES.badRequest };
    }
  } catch {
    return { error: GENERATE_MESSAGES.badRequest };
  }

  const parsed = promptSchema.safeParse(fields);
  if (!parsed.success) return { error: GENERATE_MESSAGES.badRequest };
  const { prompt } = parsed.data;
  if (prompt === "") return { error: GENERATE_MESSAGES.emptyPrompt };
  if (prompt.length > MAX_PROMPT_LENGTH) return { error: GENERATE_MESSAGES.promptTooLong };
  return { prompt };
}

/**
 * What generating answers: the stored image, or why not with its status. Not a CommandOutcome:
 * the endpoint answers JSON, and the provider's failures are 502, 503 and 504.
 */
export type GenerationOutcome =
  | { ok: true; image: StoredImage }
  | { ok: false; status: 403 | 502 | 503 | 504; error: string };

export interface ImageGenerationOptions {
  /** For tests; production uses the one-minute limit. */
  timeoutMs?: number;
}

export async function generateImage(
  actor: CurrentSession,
  input: { prompt: string },
  { timeoutMs }: ImageGenerationOptions = {},
): Promise<GenerationOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return { ok: false, status: 403, error: FORBIDDEN_MESSAGE };
  try {
    const image = await generateAndStoreImage(input.prompt, { actor, timeoutMs, config: runwareConfig() });
    return { ok: true, image };
  } catch (error) {
    if (error instanceof AiImageError)
      return { ok: false, status: STATUS_BY_ERROR_KIND[error.kind], error: error.message };
    if (error instanceof ImageProcessFailedError)
      return { ok: false, status: 503, error: UPLOAD_MESSAGES.processFailed };
    throw error;
  }
}
