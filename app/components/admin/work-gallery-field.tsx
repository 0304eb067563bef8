import { useId, useRef, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { ACCEPTED_IMAGE_TYPES } from "~/lib/media-limits";
import type { WorkPicture } from "~/server/works/index.server";
import { notSentSuffix, UploadLimitsHint, UploadList, useImageUploads } from "./image-uploads";
import type { MediaPicker } from "./media-picker";
import { Button, Field, labelClassName, TextInput } from "./ui";
import { INVALID_GROUP } from "./use-focus-first-invalid";
import { ListItemButtons, useListEditing } from "./work-list-order";
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

let keys = 0;
export const newKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${keys++}`;

export interface WorkGalleryFieldProps {
  photos: GalleryPhoto[];
  onChange: (photos: GalleryPhoto[]) => void;
  picker: MediaPicker;
  enhanced: boolean;
  /** The gallery's own message (shown above the photos). */
  error?: string;
  /** Each photo's fields' messages, by the photo's key and the field's name ("foto-2:photoAlt"). */
  itemErrors?: Partial<Record<string, string>>;
}

export function WorkGalleryField({
  photos,
  onChange,
  picker,
  enhanced,
  error,
  itemErrors = {},
}: WorkGalleryFieldProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const uploads = useImageUploads();
  const [summary, setSummary] = useState("");
  const [announcement, setAnnouncement] = useState("");
  // One live message at a time: the last upload's summary or the last move or removal.
  const announce = (message: string) => {
    setSummary("");
    setAnnouncement(message);
  };
  // The latest list, for uploads that finish after other edits.
  const current = useRef(photos);
  current.current = photos;

  const add = (added: GalleryPhoto[]) => {
    current.current = [...current.current, ...added];
    onChange(current.current);
  };

  async function uploadAll(files: File[]) {
    setSummary("");
    setAnnouncement("");
    // Photos join the gallery in the order they were chosen, whichever finishes first.
    const results = await uploads.uploadAll(files, (media) => {
      const picture = workPictureFromMedia(media);
      return picture ? { key: newKey("foto"), picture, title: "", alt: picture.alt } : null;
    });
    const stored = results.filter((photo): photo is GalleryPhoto => photo !== null);
    add(stored);
    setSummary(
      `${stored.length === 1 ? "1 foto adicionada à galeria" : `${stored.length} fotos adicionadas à galeria`}${notSentSuffix(results.length - stored.length)}.`,
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

  const { move, remove } = useListEditing({
    list: photos,
    onChange,
    announce,
    buttonsId: (photo) => `${id}-${photo.key}`,
    movedMessage: (position, count) => `Foto movida para a posição ${position} de ${count}.`,
    removedMessage: (position) => `Foto ${position} removida da galeria.`,
  });

  return (
    <fieldset
      aria-describedby={error ? `${id}-error` : undefined}
      {...(error ? INVALID_GROUP : {})}
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
                  <Field
                    label={`Título da foto ${n}`}
                    id={`${id}-${photo.key}-title`}
                    error={itemErrors[`${photo.key}:photoTitle`]}
                  >
                    <TextInput
                      name="photoTitle"
                      value={photo.title}
                      maxLength={120}
                      onChange={(event) => edit(photo.key, { title: event.currentTarget.value })}
                    />
                  </Field>
                  <Field
                    label={`Texto alternativo da foto ${n}`}
                    id={`${id}-${photo.key}-alt`}
                    required
                    error={itemErrors[`${photo.key}:photoAlt`]}
                  >
                    <TextInput
                      name="photoAlt"
                      value={photo.alt}
                      maxLength={300}
                      onChange={(event) => edit(photo.key, { alt: event.currentTarget.value })}
                    />
                  </Field>
                </div>
                {enhanced ? (
                  <ListItemButtons
                    id={`${id}-${photo.key}`}
                    index={index}
                    count={photos.length}
                    name={`foto ${n}`}
                    onMove={(direction) => move(index, direction)}
                    onRemove={() => remove(index)}
                    className="flex flex-wrap gap-1 md:flex-col"
                  />
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
              busy={uploads.busy}
              busyLabel="Enviando..."
              onClick={() => fileInput.current?.click()}
              icon={<Icon name="image" className="size-4" />}
            >
              Enviar fotos
            </Button>
          </div>
          <UploadLimitsHint />
          <UploadList items={uploads.items} label="Envios da galeria" />
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
