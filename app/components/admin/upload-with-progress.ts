import { imageTooLargeMessage, MEDIA_UPLOAD_MAX_BYTES, NOT_AN_IMAGE_MESSAGE } from "~/lib/media-limits";
import { type PickedMedia, pickedFromAnswer } from "./image-upload";

// One image to the library's upload endpoint with XMLHttpRequest, the only browser API that
// reports the bytes sent: the media library's uploader and a work's gallery show a progress bar
// per file with it.

export type UploadAnswer = { ok: true; media: PickedMedia } | { ok: false; error: string };

const UPLOAD_FAILED = "Erro ao fazer upload da imagem.";

/** The message the server would answer for a file the browser can already tell is refused. */
export function refusedBeforeUpload(file: File, maxBytes: number = MEDIA_UPLOAD_MAX_BYTES): string | null {
  if (!file.type.startsWith("image/")) return NOT_AN_IMAGE_MESSAGE;
  if (file.size > maxBytes) return imageTooLargeMessage(maxBytes);
  return null;
}

/**
 * POST `file` to /admin/api/upload; `onProgress` gets 0–1 of the bytes sent, `onSent` fires when
 * the last byte left (the server then re-encodes the image, which takes a while).
 */
export function sendImageWithProgress(
  file: File,
  onProgress: (sent: number) => void,
  onSent: () => void,
): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/admin/api/upload");
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.upload.addEventListener("load", onSent);
    request.addEventListener("load", () => {
      let answer: { error?: string } & Parameters<typeof pickedFromAnswer>[0] = {};
      try {
        answer = JSON.parse(request.responseText) as typeof answer;
      } catch {}
      const media = request.status === 201 ? pickedFromAnswer(answer) : null;
      resolve(media ? { ok: true, media } : { ok: false, error: answer.error || UPLOAD_FAILED });
    });
    request.addEventListener("error", () => resolve({ ok: false, error: UPLOAD_FAILED }));
    const body = new FormData();
    body.set("file", file);
    request.send(body);
  });
}
