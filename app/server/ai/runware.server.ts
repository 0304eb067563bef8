import { randomUUID } from "node:crypto";
import { z } from "zod";
import { BodyTooLargeError, readBodyWithLimit } from "../limited-body.server";
import { ImageRejectedError } from "../media/image-processing.server";
import { type StoredImage, storeImage } from "../media/media-store.server";

// AI image generation through Runware's HTTP API (https://runware.ai/docs): one
// `imageInference` task, answered with a short-lived URL of the picture. The bytes are
// downloaded at once and stored like an upload, because provider URLs expire.

const DEFAULT_API_URL = "https://api.runware.ai/v1";
const DEFAULT_MODEL = "runware:101@1";
/** The size the spec asks for (4:3 at 1024 px, the post image block's shape). */
export const AI_IMAGE_WIDTH = 1024;
export const AI_IMAGE_HEIGHT = 768;
/** The whole operation: the provider's answer and the download. */
export const AI_GENERATION_TIMEOUT_MS = 60_000;
/** A 1024×768 WebP is well under 1 MB; anything far larger is not what we asked for. */
const MAX_DOWNLOAD_BYTES = 20 * 1024 * 1024;

export const AI_MESSAGES = {
  notConfigured:
    "A geração de imagens com IA não está configurada. Defina a variável RUNWARE_API_KEY no servidor.",
  invalidApiUrl: "A geração de imagens com IA está mal configurada: RUNWARE_API_URL não é uma URL http(s).",
  failed: "Erro ao gerar imagem com IA.",
  timeout: "A geração da imagem demorou mais de um minuto e foi cancelada. Tente novamente.",
  notAnImage: "O serviço de IA devolveu um arquivo que não é uma imagem válida. Tente novamente.",
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

const optionalText = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.string().trim().optional(),
);

const runwareEnvSchema = z.object({
  RUNWARE_API_KEY: optionalText,
  RUNWARE_API_URL: optionalText,
  RUNWARE_MODEL: optionalText,
});

/** Runware settings from the environment; throws AiImageError("not-configured") without a key. */
export function runwareConfigFromEnv(env: Record<string, string | undefined> = process.env): RunwareConfig {
  const { RUNWARE_API_KEY, RUNWARE_API_URL, RUNWARE_MODEL } = runwareEnvSchema.parse(env);
  if (!RUNWARE_API_KEY) throw new AiImageError("not-configured", AI_MESSAGES.notConfigured);
  const apiUrl = RUNWARE_API_URL ?? DEFAULT_API_URL;
  if (!z.url({ protocol: /^https?$/ }).safeParse(apiUrl).success)
    throw new AiImageError("not-configured", AI_MESSAGES.invalidApiUrl);
  return { apiKey: RUNWARE_API_KEY, apiUrl, model: RUNWARE_MODEL ?? DEFAULT_MODEL };
}

/** Whether the admin can offer AI generation (a key is set and the settings are valid). */
export function aiImagesConfigured(env: Record<string, string | undefined> = process.env): boolean {
  try {
    runwareConfigFromEnv(env);
    return true;
  } catch {
    return false;
  }
}

// Runware answers 200 with `data`, or an error status with `errors`; unknown fields are dropped.
const inferenceResultSchema = z.object({
  taskType: z.string(),
  taskUUID: z.string(),
  imageUUID: z.string().optional(),
  imageURL: z.url({ protocol: /^https?$/ }),
});
const successSchema = z.object({ data: z.array(inferenceResultSchema).min(1) });
const failureSchema = z.object({
  errors: z.array(z.object({ code: z.string().optional(), message: z.string().trim().min(1) })).min(1),
});

/** Runware's own words when it gives them (they explain a refused prompt), else ours. */
function providerError(body: unknown, detail: string): AiImageError {
  const failure = failureSchema.safeParse(body);
  const message = failure.success ? failure.data.errors[0]?.message.slice(0, 300) : undefined;
  console.error(`Geração de imagem com IA falhou: ${detail}${message ? ` (${message})` : ""}.`);
  return new AiImageError("provider", message ?? AI_MESSAGES.failed);
}

async function requestImageUrl(prompt: string, config: RunwareConfig, signal: AbortSignal): Promise<string> {
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
        outputType: "URL",
        outputFormat: "WEBP",
      },
    ]),
    signal,
  });
  const text = await response.text();
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
  return result.imageURL;
}

async function downloadImage(url: string, signal: AbortSignal): Promise<Uint8Array> {
  const response = await fetch(url, { signal });
  if (!response.ok) {
    await response.body?.cancel();
    throw providerError(undefined, `download da imagem: HTTP ${response.status}`);
  }
  try {
    return await readBodyWithLimit(response, MAX_DOWNLOAD_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw providerError(undefined, "imagem grande demais");
    throw error;
  }
}

export interface GenerateImageOptions {
  /** The signed-in user who asked for it. */
  uploadedBy: string | null;
  /** For tests; production uses the one-minute limit. */
  timeoutMs?: number;
  /** Defaults to the environment's settings. */
  config?: RunwareConfig;
}

/**
 * Generate a 1024×768 image for `prompt` and store it like an upload. Throws AiImageError with
 * the message for the admin: not configured, the provider's refusal or failure, or a timeout.
 */
export async function generateAndStoreImage(
  prompt: string,
  { uploadedBy, timeoutMs = AI_GENERATION_TIMEOUT_MS, config = runwareConfigFromEnv() }: GenerateImageOptions,
): Promise<StoredImage> {
  const signal = AbortSignal.timeout(timeoutMs);
  let bytes: Uint8Array;
  try {
    bytes = await downloadImage(await requestImageUrl(prompt, config, signal), signal);
  } catch (error) {
    if (signal.aborted) throw new AiImageError("timeout", AI_MESSAGES.timeout);
    if (error instanceof AiImageError) throw error;
    // Network failures (refused connection, DNS, reset) end here.
    console.error("Geração de imagem com IA falhou: sem resposta do provedor.", error);
    throw new AiImageError("provider", AI_MESSAGES.failed);
  }
  try {
    return await storeImage(bytes, { source: "ai", uploadedBy });
  } catch (error) {
    if (error instanceof ImageRejectedError) throw new AiImageError("provider", AI_MESSAGES.notAnImage);
    throw error;
  }
}
