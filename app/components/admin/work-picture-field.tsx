import { useId, useRef, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { ACCEPTED_IMAGE_TYPES, MEDIA_UPLOAD_MAX_BYTES } from "~/lib/media-limits";
import type { WorkPicture } from "~/server/works/index.server";
import { type PickedMedia, useImageUpload } from "./image-upload";
import type { MediaPicker } from "./media-picker";
import { Button } from "./ui";
import { INVALID_GROUP } from "./use-focus-first-invalid";

/** A library image (picked or just uploaded) as a work's form keeps it: by its media id. */
export function workPictureFromMedia(media: PickedMedia): WorkPicture | null {
  if (!media.id) return null;
  return {
    ref: media.id,
    url: media.url,
    width: media.width,
    height: media.height,
    name: media.name,
    alt: media.alt,
  };
}

/** A small preview of a work's picture (decorative: the fields around it name it). */
export function WorkPicturePreview({
  picture,
  className = "",
}: {
  picture: WorkPicture;
  className?: string;
}) {
  return (
    <img
      src={picture.url}
      alt=""
      width={picture.width}
      height={picture.height}
      loading="lazy"
      decoding="async"
      className={`aspect-[4/3] w-40 shrink-0 rounded-lg bg-slate-100 object-cover dark:bg-slate-800 ${className}`}
    />
  );
}

export interface WorkPictureFieldProps {
  /** The hidden field's name; it posts the picture's ref (a media id or a shipped path). */
  name: string;
  /** What is chosen, e.g. "Capa" or "Foto de antes do par 1": the group's name and the buttons'. */
  label: string;
  value: WorkPicture | null;
  onChange: (picture: WorkPicture | null) => void;
  /** The page's one media picker (one dialog for the whole form). */
  picker: MediaPicker;
  /** JavaScript runs: the buttons work. Without it the field only keeps what it shows. */
  enhanced: boolean;
  /** Offer "Remover" (a pair's sides are required, so they are replaced, not removed). */
  removable?: boolean;
  /** A picture must be chosen: the group's name says so. */
  required?: boolean;
  /** Why the picture sent was refused (shown in the group, which then takes the focus first). */
  error?: string;
}

/** One picture of a work (its cover, a side of a before/after pair): pick, upload, preview. */
export function WorkPictureField({
  name,
  label,
  value,
  onChange,
  picker,
  enhanced,
  removable = true,
  required = false,
  error,
}: WorkPictureFieldProps) {
  const errorId = useId();
  const upload = useImageUpload({ maxBytes: MEDIA_UPLOAD_MAX_BYTES });
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    const uploaded = await upload(file);
    setUploading(false);
    if (fileInput.current) fileInput.current.value = "";
    const picture = uploaded ? workPictureFromMedia(uploaded) : null;
    if (picture) onChange(picture);
  }

  async function choose() {
    const picked = await picker.pick();
    const picture = picked ? workPictureFromMedia(picked) : null;
    if (picture) onChange(picture);
  }

  return (
    <fieldset
      aria-label={required ? `${label} (obrigatória)` : label}
      aria-describedby={error ? errorId : undefined}
      {...(error ? INVALID_GROUP : {})}
      className="flex min-w-0 flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start"
    >
      <input type="hidden" name={name} value={value?.ref ?? ""} />
      {error ? (
        <p id={errorId} role="alert" className="w-full text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {value ? (
        <WorkPicturePreview picture={value} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Nenhuma imagem escolhida.</p>
      )}
      {enhanced ? (
        <div className="flex flex-col items-start gap-2">
          {value?.name ? (
            <p className="text-sm break-all text-slate-700 dark:text-slate-300">{value.name}</p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={choose}
              aria-label={`Escolher da biblioteca: ${label}`}
              icon={<Icon name="grid" className="size-4" />}
            >
              Escolher da biblioteca
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES}
              className="sr-only"
              aria-label={`Arquivo de imagem: ${label}`}
              tabIndex={-1}
              onChange={(event) => void onFile(event.currentTarget.files?.[0])}
            />
            <Button
              variant="secondary"
              size="sm"
              busy={uploading}
              busyLabel="Enviando..."
              onClick={() => fileInput.current?.click()}
              aria-label={`Enviar imagem: ${label}`}
              icon={<Icon name="image" className="size-4" />}
            >
              Enviar imagem
            </Button>
            {removable && value ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onChange(null)}
                aria-label={`Remover imagem: ${label}`}
                icon={<Icon name="x" className="size-4" />}
              >
                Remover
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
