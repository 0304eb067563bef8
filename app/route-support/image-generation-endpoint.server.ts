import {
  AI_MESSAGES,
  aiImagesConfigured,
  generateImage,
  type ImageGenerationOptions,
  readPrompt,
} from "~/server/ai/index.server";
import { adminSessionOrResponse, jsonError, methodNotAllowed } from "./admin-api.server";

// POST /admin/api/generate-image (form field or JSON `prompt`) → 201 { url, width, height },
// or { error } with a pt-BR message. Kept out of the route module so a test can shorten the
// provider's time limit.

export async function handleImageGeneration(
  request: Request,
  options: ImageGenerationOptions = {},
): Promise<Response> {
  const session = await adminSessionOrResponse(request);
  if (session instanceof Response) return session;
  if (request.method !== "POST") return methodNotAllowed();
  // Before reading anything: no point validating a prompt the server cannot use.
  if (!aiImagesConfigured()) return jsonError(503, AI_MESSAGES.notConfigured);
  const input = await readPrompt(request);
  if ("error" in input) return jsonError(400, input.error);
  const outcome = await generateImage(session, { prompt: input.prompt }, options);
  if (!outcome.ok) return jsonError(outcome.status, outcome.error);
  return Response.json(outcome.image, { status: 201 });
}
