// The image process: the site starts it (image-worker.server.ts) to decode and re-encode images
// away from the server's own memory. The built site runs it as the server build's second entry
// (build/server/image-worker-process.js); from the sources (`npm run dev`, tests) Node strips
// its types. It answers one request at a time over the IPC channel and exits when the site lets
// the channel go.
import {
  encodeImage,
  ImageRejectedError,
  type ImageRejectionReason,
  type ProcessedImage,
  renderSocialImage,
} from "./image-processing.server.ts";

export type ImageTask = { id: number; task: "encode" | "social"; bytes: Uint8Array };

export type ImageTaskResult =
  | { id: number; ok: true; image: ProcessedImage }
  | { id: number; ok: true; bytes: Uint8Array }
  | {
      id: number;
      ok: false;
      rejection: { reason: ImageRejectionReason; message: string } | null;
      message: string;
    };

async function answer({ id, task, bytes }: ImageTask): Promise<ImageTaskResult> {
  try {
    return task === "encode"
      ? { id, ok: true, image: await encodeImage(bytes) }
      : { id, ok: true, bytes: await renderSocialImage(bytes) };
  } catch (error) {
    const rejection =
      error instanceof ImageRejectedError ? { reason: error.reason, message: error.message } : null;
    return { id, ok: false, rejection, message: error instanceof Error ? error.message : String(error) };
  }
}

// Started by the site (fork): without its channel there is nobody to answer.
if (process.send) {
  const send = process.send.bind(process);
  process.on("message", (message: ImageTask) => {
    void answer(message).then((result) => send(result));
  });
  process.on("disconnect", () => process.exit(0));
}
