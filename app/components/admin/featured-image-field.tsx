import { useRef, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { mediaSrcSet } from "~/lib/media-url";
import { useToast } from "./toaster";
import { Button, labelClassName, TextInput } from "./ui";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPTED = "image/jpeg,image/png,image/webp";

interface ImageResponse {
  url?: string;
  error?: string;
}

async function postForImage(url: string, body: FormData): Promise<ImageResponse & { ok: boolean }> {
  try {
    const response = await fetch(url, { method: "POST", body, headers: { Accept: "application/json" } });
    const json = (await response.json().catch(() => ({}))) as ImageResponse;
    return { ok: response.ok && Boolean(json.url), ...json };
  } catch {
    return { ok: false };
  }
}

/** Upload an image picked in the browser; returns its URL or null after telling the user why not. */
export function useImageUpload() {
  const toast = useToast();
  return async (file: File): Promise<string | null> => {
    if (!file.type.startsWith("image/")) {
      toast({
        title: "Erro no upload",
        description: "Por favor, selecione apenas arquivos de imagem.",
        variant: "error",
      });
      return null;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      toast({ title: "Erro no upload", description: "A imagem deve ter no máximo 5MB.", variant: "error" });
      return null;
    }
    const body = new FormData();
    body.set("file", file);
    const result = await postForImage("/admin/api/upload", body);
    if (!result.ok || !result.url) {
      toast({
        title: "Erro no upload",
        description: result.error || "Erro ao fazer upload da imagem.",
        variant: "error",
      });
      return null;
    }
    toast({ title: "Imagem enviada!", description: "A imagem foi carregada com sucesso." });
    return result.url;
  };
}

export interface FeaturedImageFieldProps {
  name: string;
  defaultValue: string | null;
  aiConfigured: boolean;
}

/** The post form's image block: upload, AI generation, preview and removal. */
export function FeaturedImageField({ name, defaultValue, aiConfigured }: FeaturedImageFieldProps) {
  const toast = useToast();
  const upload = useImageUpload();
  const [url, setUrl] = useState(defaultValue ?? "");
  const [uploading, setUploading] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [prompt, setPrompt] = useState("");
  const fileInput = useRef<HTMLInputElement>(null);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    const uploaded = await upload(file);
    setUploading(false);
    if (uploaded) setUrl(uploaded);
    if (fileInput.current) fileInput.current.value = "";
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
    const result = await postForImage("/admin/api/generate-image", body);
    setGenerating(false);
    if (!result.ok || !result.url) {
      toast({
        title: "Erro na geração",
        description: result.error || "Erro ao gerar imagem com IA.",
        variant: "error",
      });
      return;
    }
    setUrl(result.url);
    toast({ title: "Imagem gerada!", description: "A imagem foi criada com sucesso usando IA." });
  }

  const srcSet = url ? mediaSrcSet(url) : undefined;
  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <legend className={`${labelClassName} px-1`}>Imagem de destaque</legend>
      <input type="hidden" name={name} value={url} />
      {url ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <img
            src={url}
            srcSet={srcSet || undefined}
            sizes="320px"
            alt="Pré-visualização da imagem de destaque"
            width={320}
            height={180}
            className="aspect-video w-full max-w-xs rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
          />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setUrl("")}
            icon={<Icon name="x" className="size-4" />}
          >
            Remover imagem
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Nenhuma imagem escolhida.</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPTED}
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
        <span className="text-sm text-slate-600 dark:text-slate-400">JPG, PNG ou WEBP, até 5MB.</span>
      </div>
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
          <p id={`${name}-ai-off`} className="text-sm text-slate-600 dark:text-slate-400">
            A geração de imagens com IA não está configurada (defina RUNWARE_API_KEY no servidor).
          </p>
        )}
      </div>
    </fieldset>
  );
}
