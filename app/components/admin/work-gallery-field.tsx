import { useId, useRef, useState } from "react";
import { Icon } from "~/components/ui/icon";
import {
  ACCEPTED_IMAGE_LABEL,
  ACCEPTED_IMAGE_TYPES,
  MEDIA_UPLOAD_MAX_BYTES,
  megabytesLabel,
} from "~/lib/media-limits";
import type { WorkPicture } from "~/server/works/works-admin.server";
import type { MediaPicker } from "./media-picker";
import { Button, labelClassName, TextInput } from "./ui";
import { refusedBeforeUpload, sendImageWithProgress } from "./upload-with-progress";
import { moveItem, useFocusAfterMove } from "./work-list-order";
import { WorkPicturePreview, workPictureFromMedia } from "./work-picture-field";

// A work's gallery: many photos, each with its title and alt text, in order. Photos come from
// the media library (the picker) or are uploaded here, several at once, with a progress bar per
// file. Each photo posts `photo` (its ref), `photoTitle` and `photoAlt`, in order, so the form
// saves what it shows with or without JavaScript; moving and removing need JavaScript.

export interface GalleryPhoto {
  key: string;
  picture: WorkPicture;
  title: string;
  alt: string;
}

type UploadState = "waiting" | "sending" | "processing" | "done" | "error";

interface UploadItem {
  key: string;
  name: string;
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

let keys = 0;
export const newKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${keys++}`;

export interface WorkGalleryFieldProps {
  photos: GalleryPhoto[];
  onChange: (photos: GalleryPhoto[]) => void;
  picker: MediaPicker;
  enhanced: boolean;
  error?: string;
}

export function WorkGalleryField({ photos, onChange, picker, enhanced, error }: WorkGalleryFieldProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const [summary, setSummary] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const focusAfterMove = useFocusAfterMove();
  // One live message at a time: the last upload's summary or the last move or removal.
  const announce = (message: string) => {
    setSummary("");
    setAnnouncement(message);
  };
  // The latest list, for uploads that finish after other edits.
  const current = useRef(photos);
  current.current = photos;
  const busy = uploads.some((item) => item.state !== "done" && item.state !== "error");

  const update = (key: string, change: Partial<UploadItem>) =>
    setUploads((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const add = (added: GalleryPhoto[]) => {
    current.current = [...current.current, ...added];
    onChange(current.current);
  };

  async function uploadAll(files: File[]) {
    const batch = files.map((file) => ({
      file,
      item: {
        key: newKey("envio"),
        name: file.name,
        progress: 0,
        state: "waiting" as UploadState,
        message: "",
      },
    }));
    setUploads(batch.map(({ item }) => item));
    setSummary("");
    setAnnouncement("");
    // Photos join the gallery in the order they were chosen, whichever finishes first.
    const results: Array<GalleryPhoto | null> = batch.map(() => null);
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const index = next++;
        const entry = batch[index];
        if (!entry) return;
        const { file, item } = entry;
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
        const picture = answer.ok ? workPictureFromMedia(answer.media) : null;
        if (!picture) {
          update(item.key, {
            state: "error",
            message: answer.ok ? "Erro ao fazer upload da imagem." : answer.error,
          });
          continue;
        }
        update(item.key, { state: "done", progress: 1 });
        results[index] = { key: newKey("foto"), picture, title: "", alt: picture.alt };
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT_UPLOADS }, worker));
    const stored = results.filter((photo): photo is GalleryPhoto => photo !== null);
    add(stored);
    const failed = batch.length - stored.length;
    setSummary(
      `${stored.length === 1 ? "1 foto adicionada à galeria" : `${stored.length} fotos adicionadas à galeria`}${
        failed ? `; ${failed === 1 ? "1 não enviada" : `${failed} não enviadas`}` : ""
      }.`,
    );
  }

  async function choose() {
    const picked = await picker.pick();
    const picture = picked ? workPictureFromMedia(picked) : null;
    if (!picture) return;
    add([{ key: newKey("foto"), picture, title: "", alt: picture.alt }]);
    announce(`Foto ${current.current.length} adicionada à galeria.`);
  }

  const edit = (key: string, change: Partial<GalleryPhoto>) =>
    onChange(photos.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));

  function move(index: number, direction: "up" | "down") {
    const moved = moveItem(photos, index, direction);
    if (!moved) return;
    onChange(moved.list);
    announce(`Foto movida para a posição ${moved.to + 1} de ${photos.length}.`);
    focusAfterMove(
      `${id}-${photos[index]?.key}-${direction}`,
      `${id}-${photos[index]?.key}-${direction === "up" ? "down" : "up"}`,
    );
  }

  function remove(index: number) {
    onChange(photos.filter((_, at) => at !== index));
    announce(`Foto ${index + 1} removida da galeria.`);
  }

  return (
    <fieldset
      aria-describedby={error ? `${id}-error` : undefined}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <legend className={`${labelClassName} px-1`}>Galeria de fotos</legend>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {photos.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Nenhuma foto na galeria.</p>
      ) : (
        <ol aria-label="Fotos da galeria" className="flex flex-col gap-3">
          {photos.map((photo, index) => {
            const n = index + 1;
            return (
              <li
                key={photo.key}
                className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 md:flex-row md:items-start dark:border-slate-700"
              >
                <input type="hidden" name="photo" value={photo.picture.ref} />
                <WorkPicturePreview picture={photo.picture} />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <p className="text-sm font-semibold text-slate-900 dark:text-white">
                    Foto {n}
                    {photo.picture.name ? (
                      <span className="font-normal break-all text-slate-600 dark:text-slate-400">
                        {" "}
                        · {photo.picture.name}
                      </span>
                    ) : null}
                  </p>
                  <label htmlFor={`${id}-${photo.key}-title`} className={labelClassName}>
                    Título da foto {n}
                  </label>
                  <TextInput
                    id={`${id}-${photo.key}-title`}
                    name="photoTitle"
                    value={photo.title}
                    maxLength={120}
                    onChange={(event) => edit(photo.key, { title: event.currentTarget.value })}
                  />
                  <label htmlFor={`${id}-${photo.key}-alt`} className={labelClassName}>
                    Texto alternativo da foto {n}
                  </label>
                  <TextInput
                    id={`${id}-${photo.key}-alt`}
                    name="photoAlt"
                    value={photo.alt}
                    maxLength={300}
                    onChange={(event) => edit(photo.key, { alt: event.currentTarget.value })}
                  />
                </div>
                {enhanced ? (
                  <div className="flex flex-wrap gap-1 md:flex-col">
                    <Button
                      id={`${id}-${photo.key}-up`}
                      variant="secondary"
                      size="sm"
                      disabled={index === 0}
                      onClick={() => move(index, "up")}
                      aria-label={`Subir foto ${n}`}
                      icon={<Icon name="chevron-down" className="size-4 rotate-180" />}
                    >
                      Subir
                    </Button>
                    <Button
                      id={`${id}-${photo.key}-down`}
                      variant="secondary"
                      size="sm"
                      disabled={index === photos.length - 1}
                      onClick={() => move(index, "down")}
                      aria-label={`Descer foto ${n}`}
                      icon={<Icon name="chevron-down" className="size-4" />}
                    >
                      Descer
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => remove(index)}
                      aria-label={`Remover foto ${n}`}
                      icon={<Icon name="x" className="size-4" />}
                    >
                      Remover
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {enhanced ? (
        <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" onClick={choose} icon={<Icon name="grid" className="size-4" />}>
              Adicionar da biblioteca
            </Button>
            <input
              ref={fileInput}
              id={`${id}-files`}
              type="file"
              multiple
              accept={ACCEPTED_IMAGE_TYPES}
              className="sr-only"
              tabIndex={-1}
              aria-label="Fotos para enviar à galeria"
              onChange={(event) => {
                const files = Array.from(event.currentTarget.files ?? []);
                event.currentTarget.value = "";
                if (files.length > 0) void uploadAll(files);
              }}
            />
            <Button
              variant="secondary"
              busy={busy}
              busyLabel="Enviando..."
              onClick={() => fileInput.current?.click()}
              icon={<Icon name="image" className="size-4" />}
            >
              Enviar fotos
            </Button>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {ACCEPTED_IMAGE_LABEL}, até {megabytesLabel(MEDIA_UPLOAD_MAX_BYTES)} cada. Escolha várias de uma
            vez. A localização e os demais dados da câmera são removidos das fotos.
          </p>
          {uploads.length > 0 ? (
            <ul aria-label="Envios da galeria" className="flex flex-col gap-2">
              {uploads.map((item) => (
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
            {summary || announcement}
          </p>
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Para adicionar, mover ou remover fotos, ative o JavaScript do navegador.
        </p>
      )}
    </fieldset>
  );
}
