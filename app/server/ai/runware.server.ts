import { randomUUID } from "node:crypto";
import { z } from "zod";
import { MEDIA_NAME_MAX_LENGTH } from "~/lib/media-limits";
import type { AuditActor } from "../audit/audit-log.server";
import { type Configuration, configuration } from "../config/configuration.server";
import { ImageRejectedError } from "../media/image-processing.server";
import { addToLibrary } from "../media/library-addition.server";
import type { StoredImage } from "../media/media-store.server";
import { BodyTooLargeError, readBodyWithLimit } from "../platform/limited-body.server";
import { logEvent } from "../platform/log.server";

// AI image generation through Runware's HTTP API (https://runware.ai/docs): one
// `imageInference` task, whose answer carries the picture itself, base64-encoded
// (`outputType: "base64Data"`). Nothing in an answer is ever fetched: a URL the provider (or
// whoever answers in its place) names could point anywhere, the server's own network
// included. See docs/decisions/0014-ai-images-bytes-in-the-answer.md.

/** 4:3 at 1024 px: the shape of the post image block. */
export const AI_IMAGE_WIDTH = 1024;
export const AI_IMAGE_HEIGHT = 768;
/** The whole operation: the request and the provider's answer. */
export const AI_GENERATION_TIMEOUT_MS = 60_000;
/** A 1024×768 WebP is well under 1 MB; anything far larger is not what we asked for. */
export const MAX_AI_IMAGE_BYTES = 20 * 1024 * 1024;
/** The base64 text of the largest accepted image. */
const MAX_BASE64_CHARS = Math.ceil(MAX_AI_IMAGE_BYTES / 3) * 4;
/** The whole JSON answer: the image's base64 text plus room for the other fields. */
const MAX_ANSWER_BYTES = MAX_BASE64_CHARS + 64 * 1024;

export const AI_MESSAGES = {
  notConfigured:
    "A geração de imagens com IA não está configurada. Defina a variável RUNWARE_API_KEY no servidor.",
  failed: "Erro ao gerar imagem com IA.",
  timeout: "A geração da imagem demorou mais de um minuto e foi cancelada. Tente novamente.",
  notAnImage: "O serviço de IA devolveu um arquivo que não é uma imagem válida. Tente novamente.",
  tooLarge: "O serviço de IA devolveu uma imagem grande demais (mais de 20 MB). Tente novamente.",
} as const;

export type AiImageErrorKind = "not-configured" | "provider" | "timeout";

/** Why an image could not be generated, with the pt-BR message to show the admin. */
export class AiImageError extends Error {
  constructor(
    readonly kind: AiImageErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "AiImageError";
  }
}

export interface RunwareConfig {
  apiKey: string;
  apiUrl: string;
  model: string;
}

/** Runware's settings from a configuration; throws AiImageError("not-configured") without a key. */
export function runwareConfig(config: Configuration = configuration()): RunwareConfig {
  const { apiKey, apiUrl, model } = config.runware;
  if (!apiKey) throw new AiImageError("not-configured", AI_MESSAGES.notConfigured);
  return { apiKey, apiUrl, model };
}

/** Whether the admin can offer AI generation (a key is set; the rest was checked at start). */
export function aiImagesConfigured(config: Configuration = configuration()): boolean {
  return config.runware.apiKey !== undefined;
}

// Runware answers 200 with `data`, or an error status with `errors`; unknown fields (an
// `imageURL` among them) are dropped unread.
const inferenceResultSchema = z.object({
  taskType: z.string(),
  taskUUID: z.string(),
  imageUUID: z.string().optional(),
  imageBase64Data: z.string(),
});
const successSchema = z.object({ data: z.array(inferenceResultSchema).min(1) });
const failureSchema = z.object({
  errors: z.array(z.object({ code: z.string().optional(), message: z.string().trim().min(1) })).min(1),
});

/** Runware's own words when it gives them (they explain a refused prompt), else ours. */
function providerError(body: unknown, detail: string): AiImageError {
  const failure = failureSchema.safeParse(body);
  const message = failure.success ? failure.data.errors[0]?.message.slice(0, 300) : undefined;
  logEvent("error", `Geração de imagem com IA falhou: ${detail}${message ? ` (${message})` : ""}.`);
  return new AiImageError("provider", message ?? AI_MESSAGES.failed);
}

/** Standard base64, padded. A plain character class: linear on megabytes of text. */
const BASE64_TEXT = /^[A-Za-z0-9+/]*={0,2}$/;

/** The image bytes of a base64 text, within the size limit. Node's decoder skips bad characters, hence the check. */
function decodeImage(base64: string): Uint8Array {
  if (base64.length > MAX_BASE64_CHARS) {
    logEvent("error", "Geração de imagem com IA falhou: imagem grande demais.");
    throw new AiImageError("provider", AI_MESSAGES.tooLarge);
  }
  if (base64.length === 0 || base64.length % 4 !== 0 || !BASE64_TEXT.test(base64)) {
    logEvent("error", "Geração de imagem com IA falhou: imageBase64Data não é base64.");
    throw new AiImageError("provider", AI_MESSAGES.notAnImage);
  }
  const bytes = Buffer.from(base64, "base64");
  if (bytes.byteLength > MAX_AI_IMAGE_BYTES) {
    logEvent("error", "Geração de imagem com IA falhou: imagem grande demais.");
    throw new AiImageError("provider", AI_MESSAGES.tooLarge);
  }
  return bytes;
}

async function requestImage(prompt: string, config: RunwareConfig, signal: AbortSignal): Promise<Uint8Array> {
  const taskUUID = randomUUID();
  const response = await fetch(config.apiUrl, {
    method: "POST",
    headers: { Authorization: `Bearer ${config.apiKey}`, "Content-Type": "application/json" },
    body: JSON.stringify([
      {
        taskType: "imageInference",
        taskUUID,
        positivePrompt: prompt,
        width: AI_IMAGE_WIDTH,
        height: AI_IMAGE_HEIGHT,
        model: config.model,
        numberResults: 1,
        outputType: "base64Data",
        outputFormat: "WEBP",
      },
    ]),
    // The API never redirects; following one would send the prompt (and, to the same origin,
    // the key) wherever the answer points.
    redirect: "error",
    signal,
  });
  let text: string;
  try {
    text = new TextDecoder().decode(await readBodyWithLimit(response, MAX_ANSWER_BYTES));
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      logEvent("error", `Geração de imagem com IA falhou: HTTP ${response.status}, resposta grande demais.`);
      throw new AiImageError("provider", AI_MESSAGES.tooLarge);
    }
    throw error;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw providerError(undefined, `HTTP ${response.status}, resposta que não é JSON`);
  }
  if (!response.ok) throw providerError(body, `HTTP ${response.status}`);
  const success = successSchema.safeParse(body);
  if (!success.success) throw providerError(body, "resposta sem imagem");
  const result = success.data.data.find((item) => item.taskUUID === taskUUID) ?? success.data.data[0];
  if (!result) throw providerError(body, "resposta sem imagem");
  return decodeImage(result.imageBase64Data);
}

export interface GenerateImageOptions {
  /** The signed-in user who asked for it: the library keeps them, the audit entry names them. */
  actor: AuditActor & { user: { id: string } };
  /** For tests; production uses the one-minute limit. */
  timeoutMs?: number;
  /** Defaults to the configuration's settings. */
  config?: RunwareConfig;
}

/**
 * Generate a 1024×768 image for `prompt` and store it like an upload. Throws AiImageError with
 * the message for the admin: not configured, the provider's refusal or failure, an answer that
 * is not an image, or a timeout.
 */
export async function generateAndStoreImage(
  prompt: string,
  { actor, timeoutMs = AI_GENERATION_TIMEOUT_MS, config = runwareConfig() }: GenerateImageOptions,
): Promise<StoredImage> {
  const signal = AbortSignal.timeout(timeoutMs);
  let bytes: Uint8Array;
  try {
    bytes = await requestImage(prompt, config, signal);
  } catch (error) {
    if (signal.aborted) throw new AiImageError("timeout", AI_MESSAGES.timeout);
    if (error instanceof AiImageError) throw error;
    // Network failures (refused connection, DNS, reset, a redirect) end here.
    logEvent("error", "Geração de imagem com IA falhou: sem resposta do provedor.", { error });
    throw new AiImageError("provider", AI_MESSAGES.failed);
  }
  try {
    // The prompt describes the picture: the library shows and searches it as the name.
    const name = prompt.replace(/\s+/g, " ").trim().slice(0, MEDIA_NAME_MAX_LENGTH);
    return await addToLibrary(actor, bytes, { source: "ai", uploadedBy: actor.user.id, name });
  } catch (error) {
    if (error instanceof ImageRejectedError) throw new AiImageError("provider", AI_MESSAGES.notAnImage);
    throw error;
  }
}
