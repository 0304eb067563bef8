import {
  imageTooLargeMessage,
  MEDIA_BATCH_MAX_BYTES,
  MEDIA_BATCH_MAX_FILES,
  MEDIA_UPLOAD_MAX_BYTES,
  NOT_AN_IMAGE_MESSAGE,
} from "~/lib/media-limits";
import { MAX_INPUT_PIXELS } from "./image-processing.server";

// What the media library and its uploads say, in one place: the endpoints, the library's page
// and the server's body limit answer with the same words.

const MB = 1024 * 1024;

export const UPLOAD_MESSAGES = {
  tooLarge: imageTooLargeMessage(MEDIA_UPLOAD_MAX_BYTES),
  notAnImage: NOT_AN_IMAGE_MESSAGE,
  tooManyPixels: `A imagem tem resolução grande demais (máximo de ${MAX_INPUT_PIXELS / 1_000_000} megapixels).`,
  notMultipart: 'Envio inválido: a imagem deve vir em um formulário multipart/form-data, no campo "file".',
  malformed: "Não foi possível ler o envio (dados incompletos ou corrompidos). Tente novamente.",
  missingFile: "Nenhuma imagem foi enviada. Selecione um arquivo.",
  processFailed: "Não foi possível processar a imagem agora; nada foi salvo. Tente novamente em instantes.",
} as const;

export const MEDIA_MESSAGES = {
  batchTooLarge: `Envie no máximo ${MEDIA_BATCH_MAX_FILES} imagens ou ${MEDIA_BATCH_MAX_BYTES / MB}MB de uma vez.`,
  unknownIntent: "Ação desconhecida.",
  gone: "Imagem não encontrada; ela pode ter sido excluída.",
} as const;
