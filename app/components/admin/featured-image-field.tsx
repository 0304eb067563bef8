import { useRef, useState } from "react";
import { Icon } from "~/components/ui/icon";
import {
  ACCEPTED_IMAGE_LABEL,
  ACCEPTED_IMAGE_TYPES,
  MEDIA_UPLOAD_MAX_BYTES,
  megabytesLabel,
} from "~/lib/media-limits";
import { mediaSrcSet } from "~/lib/media-url";
import { type PickedMedia, pickedFromAnswer, postForImage, useImageUpload } from "./image-upload";
import { MaintainerDetails } from "./maintainer-details";
import { pickedFromUrl, useMediaPicker } from "./media-picker";
import { useToast } from "./toaster";
import { Button, FieldError, labelClassName, TextInput } from "./ui";

export type { PickedMedia };

export interface FeaturedImageFieldProps {
  /** The hidden field's name: it posts the image's URL, or its media id (see `valueKind`). */
  name: string;
  /** The field's starting value: a URL (`valueKind` "url") or a media id ("id"); null for none. */
  defaultValue: string | null;
  /** The server has an AI provider: "Gerar com IA" works (else it says why not). */
  aiConfigured: boolean;
  /**
   * What the form keeps: "url" (`/media/<hash>/<W>x<H>.webp`, posts) or "id" (the library's
   * media id, for content that stores images by id: works, services).
   */
  valueKind?: "url" | "id";
  /** With `valueKind` "id": the starting image, to show it (`mediaItemsById` on the server). */
  defaultImage?: PickedMedia | null;
  /** The fieldset's legend. */
  legend?: string;
  /** Largest upload, checked in the browser; the post editor passes the 5 MB of every image upload. */
  maxUploadBytes?: number;
  /** Offer "Gerar com IA" (the post editor does; a work's photos need not). */
  allowAi?: boolean;
  /** Told each time the owner picks, uploads, generates or removes the image. */
  onImageChange?: (image: PickedMedia | null) => void;
  /** Why the server refused the image sent (marks the block invalid). */
  error?: string | undefined;
}

function initialImage({
  defaultValue,
  defaultImage,
  valueKind,
}: FeaturedImageFieldProps): PickedMedia | null {
  if (valueKind === "id") return defaultValue && defaultImage ? defaultImage : null;
  return defaultValue ? pickedFromUrl(defaultValue) : null;
}

/**
 * A form's image block: pick from the media library, upload a new image into it, generate one
 * with AI, preview and remove. The post editor's featured image, a work's cover or photos.
 */
export function FeaturedImageField(props: FeaturedImageFieldProps) {
  const {
    name,
    aiConfigured,
    valueKind = "url",
    legend = "Imagem de destaque",
    maxUploadBytes = MEDIA_UPLOAD_MAX_BYTES,
    allowAi = true,
    error,
  } = props;
  const toast = useToast();
  const upload = useImageUpload({ maxBytes: maxUploadBytes });
  const picker = useMediaPicker({ maxUploadBytes });
  const [image, setShownImage] = useState<PickedMedia | null>(() => initialImage(props));
  const setImage = (next: PickedMedia | null) => {
    setShownImage(next);
    props.onImageChange?.(next);
  };
  const [uploading, setUploading] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [prompt, setPrompt] = useState("");
  const fileInput = useRef<HTMLInputElement>(null);
  const value = image ? (valueKind === "id" ? (image.id ?? "") : image.url) : "";

  async function onFile(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    const uploaded = await upload(file);
    setUploading(false);
    if (uploaded) setImage(uploaded);
    if (fileInput.current) fileInput.current.value = "";
  }

  async function choose() {
    const picked = await picker.pick();
    if (picked) setImage(picked);
  }

  async function generate() {
    if (!prompt.trim()) {
      toast({
        title: "Erro na geração",
        description: "Por favor, digite uma descrição para gerar a imagem.",
        variant: "error",
      });
      return;
    }
    setGenerating(true);
    const body = new FormData();
    body.set("prompt", prompt.trim());
    const answer = await postForImage("/admin/api/generate-image", body);
    setGenerating(false);
    const generated = answer.ok ? pickedFromAnswer(answer) : null;
    if (!generated) {
      toast({
        title: "Erro na geração",
        description: answer.error || "Erro ao gerar imagem com IA.",
        variant: "error",
      });
      return;
    }
    setImage(generated);
    toast({ title: "Imagem gerada!", description: "A imagem foi criada com sucesso usando IA." });
  }

  const srcSet = image ? mediaSrcSet(image.url) : "";
  const previewLabel = `Pré-visualização da ${legend.toLowerCase()}`;
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className={`${labelClassName} px-1`}>{legend}</legend>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      <input type="hidden" name={name} value={value} />
      {image ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <img
            src={image.url}
            srcSet={srcSet || undefined}
            sizes="320px"
            alt={previewLabel}
            width={320}
            height={180}
            className="aspect-video w-full max-w-xs rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
          />
          <div className="flex flex-col items-start gap-2">
            {image.name ? (
              <p className="text-sm break-all text-slate-700 dark:text-slate-300">{image.name}</p>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setImage(null)}
              icon={<Icon name="x" className="size-4" />}
            >
              Remover imagem
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Nenhuma imagem escolhida.</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={choose} icon={<Icon name="grid" className="size-4" />}>
          Escolher da biblioteca
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          className="sr-only"
          id={`${name}-file`}
          aria-label="Escolher imagem para enviar"
          onChange={(event) => onFile(event.currentTarget.files?.[0])}
          tabIndex={-1}
        />
        <Button
          variant="secondary"
          busy={uploading}
          busyLabel="Enviando..."
          onClick={() => fileInput.current?.click()}
          icon={<Icon name="arrow-right" className="size-4 -rotate-90" />}
        >
          Enviar imagem
        </Button>
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {ACCEPTED_IMAGE_LABEL}, até {megabytesLabel(maxUploadBytes)}.
        </span>
      </div>
      {allowAi ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={`${name}-prompt`} className={labelClassName}>
            Gerar com IA
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <TextInput
              id={`${name}-prompt`}
              value={prompt}
              onChange={(event) => setPrompt(event.currentTarget.value)}
              placeholder="Descreva a imagem, ex.: fachada de prédio sendo restaurada"
              disabled={!aiConfigured}
              maxLength={1000}
              aria-describedby={aiConfigured ? undefined : `${name}-ai-off`}
            />
            <Button
              variant="secondary"
              onClick={generate}
              busy={generating}
              busyLabel="Gerando..."
              disabled={!aiConfigured}
              className="shrink-0"
            >
              Gerar com IA
            </Button>
          </div>
          {aiConfigured ? null : (
            <>
              <p id={`${name}-ai-off`} className="text-sm text-slate-600 dark:text-slate-400">
                A geração de imagens com IA não está ligada neste site: envie uma imagem ou escolha uma da
                biblioteca.
              </p>
              <MaintainerDetails>
                Defina RUNWARE_API_KEY no ambiente do servidor e reinicie o site.
              </MaintainerDetails>
            </>
          )}
        </div>
      ) : null}
      {picker.dialog}
    </fieldset>
  );
}
