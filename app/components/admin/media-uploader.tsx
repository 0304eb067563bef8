import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import {
  ACCEPTED_IMAGE_LABEL,
  ACCEPTED_IMAGE_TYPES,
  MEDIA_UPLOAD_MAX_BYTES,
  megabytesLabel,
} from "~/lib/media-limits";
import { Button, labelClassName } from "./ui";
import { refusedBeforeUpload, sendImageWithProgress } from "./upload-with-progress";

// The media library's upload form. Without JavaScript it is a plain multipart form that sends
// every chosen file at once to the library's action. With it, each file goes to the upload
// endpoint in a request of its own, two at a time, with a progress bar per file; the grid is
// read again when they are done.

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

export function MediaUploader() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [summary, setSummary] = useState("");
  // Set once React runs here: from then on the form uploads with progress (tests wait for it).
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const busy = items.some((item) => item.state !== "done" && item.state !== "error");

  const update = (key: string, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  async function uploadAll(files: File[]) {
    const batch = files.map((file, index) => ({
      file,
      item: {
        key: `${Date.now()}-${index}`,
        name: file.name,
        progress: 0,
        state: "waiting" as UploadState,
        message: "",
      },
    }));
    setItems(batch.map(({ item }) => item));
    setSummary("");
    let next = 0;
    let stored = 0;
    const worker = async () => {
      while (next < batch.length) {
        const entry = batch[next++];
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
        if (!answer.ok) update(item.key, { state: "error", message: answer.error });
        else {
          stored += 1;
          update(item.key, { state: "done", progress: 1 });
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT_UPLOADS }, worker));
    const failed = batch.length - stored;
    setSummary(
      `${stored === 1 ? "1 imagem enviada" : `${stored} imagens enviadas`}${
        failed ? `; ${failed === 1 ? "1 não enviada" : `${failed} não enviadas`}` : ""
      }.`,
    );
    if (stored > 0) await revalidator.revalidate();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const files = Array.from(input.current?.files ?? []);
    // Nothing chosen: the server answers with its message, as without JavaScript.
    if (files.length === 0) return;
    event.preventDefault();
    if (busy) return;
    if (input.current) input.current.value = "";
    void uploadAll(files);
  }

  return (
    <form
      method="post"
      action="/admin/midia"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      data-enhanced={enhanced || undefined}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name="intent" value="upload" />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-files`} className={labelClassName}>
          Escolher imagens
        </label>
        <input
          ref={input}
          id={`${id}-files`}
          type="file"
          name="files"
          multiple
          accept={ACCEPTED_IMAGE_TYPES}
          aria-describedby={`${id}-hint`}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold file:text-slate-800 dark:text-slate-300 dark:file:border-slate-600 dark:file:bg-slate-900 dark:file:text-slate-100"
        />
        <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {ACCEPTED_IMAGE_LABEL}, até {megabytesLabel(MEDIA_UPLOAD_MAX_BYTES)} cada. Escolha várias de uma
          vez. A localização e os demais dados da câmera são removidos das fotos.
        </p>
      </div>
      <div>
        <Button type="submit" busy={busy} busyLabel="Enviando...">
          Enviar imagens
        </Button>
      </div>
      {items.length > 0 ? (
        <ul aria-label="Envios" className="flex flex-col gap-2">
          {items.map((item) => (
            <li
              key={item.key}
              className="flex flex-col gap-1 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                <span className="font-semibold break-all text-slate-800 dark:text-slate-200">
                  {item.name}
                </span>
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
      ) : null}
      <p role="status" className="text-sm font-medium text-slate-800 empty:sr-only dark:text-slate-200">
        {summary}
      </p>
    </form>
  );
}
