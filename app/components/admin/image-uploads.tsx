import { useState } from "react";
import { ACCEPTED_IMAGE_LABEL, MEDIA_UPLOAD_MAX_BYTES, megabytesLabel } from "~/lib/media-limits";
import type { PickedMedia } from "./image-upload";
import { refusedBeforeUpload, sendImageWithProgress } from "./upload-with-progress";

// Several images sent to the media library at once, each in a request of its own, two at a time,
// each with its progress bar and its outcome: the library's upload form and a work's gallery.

type UploadState = "waiting" | "sending" | "processing" | "done" | "error";

interface UploadItem {
  key: string;
  name: string;
  /** 0–1, of the bytes sent. */
  progress: number;
  state: UploadState;
  message: string;
}

const CONCURRENT_UPLOADS = 2;
const UPLOAD_FAILED = "Erro ao fazer upload da imagem.";

let keys = 0;

function statusText(item: UploadItem): string {
  switch (item.state) {
    case "waiting":
      return "Aguardando…";
    case "sending":
      return `Enviando… ${Math.round(item.progress * 100)}%`;
    case "processing":
      return "Processando no servidor…";
    case "done":
      return "Enviada.";
    case "error":
      return item.message;
  }
}

/**
 * The uploads under way and done. `uploadAll` sends the files and resolves with what `accept`
 * made of each stored image, in the order the files were chosen (null for a file refused, failed
 * or not accepted), whichever finishes first.
 */
export function useImageUploads() {
  const [items, setItems] = useState<UploadItem[]>([]);
  const busy = items.some((item) => item.state !== "done" && item.state !== "error");

  const update = (key: string, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  async function uploadAll<T>(
    files: File[],
    accept: (media: PickedMedia) => T | null,
  ): Promise<Array<T | null>> {
    const batch = files.map((file) => ({
      file,
      item: {
        key: `envio-${keys++}`,
        name: file.name,
        progress: 0,
        state: "waiting" as UploadState,
        message: "",
      },
    }));
    setItems(batch.map(({ item }) => item));
    const results: Array<T | null> = batch.map(() => null);
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const index = next++;
        const entry = batch[index];
        if (!entry) return;
        const { file, item } = entry;
        // The server says the same; checking first saves sending 25 MB for nothing.
        const refused = refusedBeforeUpload(file);
        if (refused) {
          update(item.key, { state: "error", message: refused });
          continue;
        }
        update(item.key, { state: "sending" });
        const answer = await sendImageWithProgress(
          file,
          (progress) => update(item.key, { progress }),
          () => update(item.key, { progress: 1, state: "processing" }),
        );
        const accepted = answer.ok ? accept(answer.media) : null;
        if (accepted === null) {
          update(item.key, { state: "error", message: answer.ok ? UPLOAD_FAILED : answer.error });
          continue;
        }
        update(item.key, { state: "done", progress: 1 });
        results[index] = accepted;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT_UPLOADS }, worker));
    return results;
  }

  return { items, busy, uploadAll };
}

/** "; 2 não enviadas" after a summary, when some files were not stored. */
export function notSentSuffix(failed: number): string {
  return failed ? `; ${failed === 1 ? "1 não enviada" : `${failed} não enviadas`}` : "";
}

export interface UploadListProps {
  items: ReturnType<typeof useImageUploads>["items"];
  /** The list's accessible name ("Envios"). */
  label: string;
}

/** Each file's name, state ("Enviando… 40%", the refusal…) and progress bar. */
export function UploadList({ items, label }: UploadListProps) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {items.map((item) => (
        <li
          key={item.key}
          className="flex flex-col gap-1 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <span className="font-semibold break-all text-slate-800 dark:text-slate-200">{item.name}</span>
            <span
              className={
                item.state === "error"
                  ? "font-medium text-red-700 dark:text-red-400"
                  : "text-slate-600 dark:text-slate-400"
              }
            >
              {statusText(item)}
            </span>
          </div>
          <progress
            max={100}
            value={Math.round(item.progress * 100)}
            aria-label={`Envio de ${item.name}`}
            className="h-2 w-full overflow-hidden rounded-full accent-brand-700"
          />
        </li>
      ))}
    </ul>
  );
}

/** What may be sent, and that the camera's data is removed. */
export function UploadLimitsHint({ id }: { id?: string }) {
  return (
    <p id={id} className="text-sm text-slate-600 dark:text-slate-400">
      {ACCEPTED_IMAGE_LABEL}, até {megabytesLabel(MEDIA_UPLOAD_MAX_BYTES)} cada. Escolha várias de uma vez. A
      localização e os demais dados da câmera são removidos das fotos.
    </p>
  );
}
