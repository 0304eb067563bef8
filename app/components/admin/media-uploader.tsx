import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { ACCEPTED_IMAGE_TYPES } from "~/lib/media-limits";
import { notSentSuffix, UploadLimitsHint, UploadList, useImageUploads } from "./image-uploads";
import { Button, labelClassName } from "./ui";

// The media library's upload form. Without JavaScript it is a plain multipart form that sends
// every chosen file at once to the library's action. With it, each file goes to the upload
// endpoint in a request of its own, two at a time, with a progress bar per file; the grid is
// read again when they are done.

export function MediaUploader() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const { items, busy, uploadAll: uploadImages } = useImageUploads();
  const [summary, setSummary] = useState("");
  // Set once React runs here: from then on the form uploads with progress (tests wait for it).
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);

  async function uploadAll(files: File[]) {
    setSummary("");
    const results = await uploadImages(files, (media) => media);
    const stored = results.filter((media) => media !== null).length;
    setSummary(
      `${stored === 1 ? "1 imagem enviada" : `${stored} imagens enviadas`}${notSentSuffix(results.length - stored)}.`,
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
        <UploadLimitsHint id={`${id}-hint`} />
      </div>
      <div>
        <Button type="submit" busy={busy} busyLabel="Enviando...">
          Enviar imagens
        </Button>
      </div>
      <UploadList items={items} label="Envios" />
      <p role="status" className="text-sm font-medium text-slate-800 empty:sr-only dark:text-slate-200">
        {summary}
      </p>
    </form>
  );
}
