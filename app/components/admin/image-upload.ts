import { imageTooLargeMessage, NOT_AN_IMAGE_MESSAGE } from "~/lib/media-limits";
import { useToast } from "./toaster";

/** An image chosen in the picker (or just uploaded): what a form keeps and shows. */
export interface PickedMedia {
  /** The library's id; null only for an image a post had before the library existed. */
  id: string | null;
  /** `/media/<hash>/<W>x<H>.webp`: what a post keeps. */
  url: string;
  width: number;
  height: number;
  name: string;
  alt: string;
}

interface ImageAnswer extends Partial<PickedMedia> {
  error?: string;
}

/** POST a form to one of the admin's image endpoints; `ok` only with an image in the answer. */
export async function postForImage(url: string, body: FormData): Promise<ImageAnswer & { ok: boolean }> {
  try {
    const response = await fetch(url, { method: "POST", body, headers: { Accept: "application/json" } });
    const json = (await response.json().catch(() => ({}))) as ImageAnswer;
    return { ok: response.ok && Boolean(json.url), ...json };
  } catch {
    return { ok: false };
  }
}

/** The answer of an image endpoint as a picked image (the endpoints answer with every field). */
export function pickedFromAnswer(answer: ImageAnswer): PickedMedia | null {
  if (!answer.url || !answer.width || !answer.height) return null;
  return {
    id: answer.id ?? null,
    url: answer.url,
    width: answer.width,
    height: answer.height,
    name: answer.name ?? "",
    alt: answer.alt ?? "",
  };
}

/**
 * Upload an image picked in the browser into the media library; returns it, or null after
 * telling the user why not (toasts, with the site's fixed messages and the given size limit).
 */
export function useImageUpload({ maxBytes }: { maxBytes: number }) {
  const toast = useToast();
  return async (file: File): Promise<PickedMedia | null> => {
    const fail = (description: string) => {
      toast({ title: "Erro no upload", description, variant: "error" });
      return null;
    };
    if (!file.type.startsWith("image/")) return fail(NOT_AN_IMAGE_MESSAGE);
    if (file.size > maxBytes) return fail(imageTooLargeMessage(maxBytes));
    const body = new FormData();
    body.set("file", file);
    const answer = await postForImage("/admin/api/upload", body);
    const picked = answer.ok ? pickedFromAnswer(answer) : null;
    if (!picked) return fail(answer.error || "Erro ao fazer upload da imagem.");
    toast({ title: "Imagem enviada!", description: "A imagem foi carregada com sucesso." });
    return picked;
  };
}
