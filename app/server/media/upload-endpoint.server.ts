import { z } from "zod";
import { BodyReadError, BodyTooLargeError, readBodyWithLimit } from "../limited-body.server";
import { adminSessionOrResponse, jsonError, methodNotAllowed } from "./admin-api.server";
import { ImageRejectedError, MAX_INPUT_PIXELS } from "./image-processing.server";
import { storeImage } from "./media-store.server";

// POST /admin/api/upload (multipart/form-data, field "file") → 201 { url, width, height }.

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Room for the multipart boundaries and part headers around a file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const UPLOAD_MESSAGES = {
  tooLarge: "A imagem deve ter no máximo 5MB.",
  notAnImage: "Por favor, selecione apenas arquivos de imagem.",
  tooManyPixels: `A imagem tem resolução grande demais (máximo de ${MAX_INPUT_PIXELS / 1_000_000} megapixels).`,
  notMultipart: 'Envio inválido: a imagem deve vir em um formulário multipart/form-data, no campo "file".',
  malformed: "Não foi possível ler o envio (dados incompletos ou corrompidos). Tente novamente.",
  missingFile: "Nenhuma imagem foi enviada. Selecione um arquivo.",
} as const;

// An empty file part is what a browser sends when the form is submitted with nothing chosen.
const uploadFormSchema = z.object({
  file: z.instanceof(File).refine((file) => file.size > 0),
});

export async function handleImageUpload(request: Request): Promise<Response> {
  const session = await adminSessionOrResponse(request);
  if (session instanceof Response) return session;
  if (request.method !== "POST") return methodNotAllowed();

  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return jsonError(400, UPLOAD_MESSAGES.notMultipart);

  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readBodyWithLimit(request, MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES);
  } catch (error) {
    // Answered without "Connection: close", like the server's own body limit (body-limits.server.ts).
    if (error instanceof BodyTooLargeError) return jsonError(413, UPLOAD_MESSAGES.tooLarge);
    if (error instanceof BodyReadError) return jsonError(400, UPLOAD_MESSAGES.malformed);
    throw error;
  }

  let form: FormData;
  try {
    // The body is already bounded in memory; let the platform's parser handle the multipart.
    form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return jsonError(400, UPLOAD_MESSAGES.malformed);
  }

  const parsed = uploadFormSchema.safeParse({ file: form.get("file") });
  if (!parsed.success) return jsonError(400, UPLOAD_MESSAGES.missingFile);
  const { file } = parsed.data;
  if (file.size > MAX_UPLOAD_BYTES) return jsonError(413, UPLOAD_MESSAGES.tooLarge);

  try {
    // The file's declared type and name are ignored: storeImage decodes the bytes to decide.
    const image = await storeImage(new Uint8Array(await file.arrayBuffer()), {
      source: "upload",
      uploadedBy: session.user.id,
    });
    return Response.json(image, { status: 201 });
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      return error.reason === "too-many-pixels"
        ? jsonError(413, UPLOAD_MESSAGES.tooManyPixels)
        : jsonError(415, UPLOAD_MESSAGES.notAnImage);
    }
    throw error;
  }
}
