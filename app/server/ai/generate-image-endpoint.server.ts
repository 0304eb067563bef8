import { z } from "zod";
import { recordMediaUpload } from "../audit/media-audit.server";
import { formText } from "../forms/read-form.server";
import { BodyReadError, BodyTooLargeError, readBodyWithLimit } from "../http/limited-body.server";
import { adminSessionOrResponse, jsonError, methodNotAllowed } from "../media/admin-api.server";
import { ImageProcessFailedError } from "../media/image-worker.server";
import { UPLOAD_MESSAGES } from "../media/media-messages.server";
import { AiImageError, generateAndStoreImage, type RunwareConfig, runwareConfig } from "./runware.server";

// POST /admin/api/generate-image (form field or JSON `prompt`) → 201 { url, width, height }.

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

type PromptInput = { prompt: string } | { error: Response };

async function readPrompt(request: Request): Promise<PromptInput> {
  const contentType = request.headers.get("content-type") ?? "";
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readBodyWithLimit(request, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { error: jsonError(400, GENERATE_MESSAGES.promptTooLong) };
    if (error instanceof BodyReadError) return { error: jsonError(400, GENERATE_MESSAGES.badRequest) };
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
      return { error: jsonError(400, GENERATE_MESSAGES.badRequest) };
    }
  } catch {
    return { error: jsonError(400, GENERATE_MESSAGES.badRequest) };
  }

  const parsed = promptSchema.safeParse(fields);
  if (!parsed.success) return { error: jsonError(400, GENERATE_MESSAGES.badRequest) };
  const { prompt } = parsed.data;
  if (prompt === "") return { error: jsonError(400, GENERATE_MESSAGES.emptyPrompt) };
  if (prompt.length > MAX_PROMPT_LENGTH) return { error: jsonError(400, GENERATE_MESSAGES.promptTooLong) };
  return { prompt };
}

export interface ImageGenerationOptions {
  /** For tests; production uses the one-minute limit. */
  timeoutMs?: number;
}

export async function handleImageGeneration(
  request: Request,
  { timeoutMs }: ImageGenerationOptions = {},
): Promise<Response> {
  const session = await adminSessionOrResponse(request);
  if (session instanceof Response) return session;
  if (request.method !== "POST") return methodNotAllowed();
  // Before reading anything: no point validating a prompt the server cannot use.
  let config: RunwareConfig;
  try {
    config = runwareConfig();
  } catch (error) {
    if (error instanceof AiImageError) return jsonError(503, error.message);
    throw error;
  }

  const input = await readPrompt(request);
  if ("error" in input) return input.error;

  try {
    const image = await generateAndStoreImage(input.prompt, {
      uploadedBy: session.user.id,
      timeoutMs,
      config,
    });
    await recordMediaUpload(session, [image], "ai");
    return Response.json(image, { status: 201 });
  } catch (error) {
    if (error instanceof AiImageError) return jsonError(STATUS_BY_ERROR_KIND[error.kind], error.message);
    if (error instanceof ImageProcessFailedError) return jsonError(503, UPLOAD_MESSAGES.processFailed);
    throw error;
  }
}
