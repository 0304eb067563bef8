import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { ACCEPTED_IMAGE_LABEL, ACCEPTED_IMAGE_TYPES, megabytesLabel } from "~/lib/media-limits";
import { MEDIA_SEARCH_MAX_LENGTH, mediaLibraryHref } from "~/lib/media-query";
import { mediaThumbnailUrl, parseMediaUrl } from "~/lib/media-url";
import type { MediaListItem, MediaPage } from "~/server/media/index.server";
import { type PickedMedia, useImageUpload } from "./image-upload";
import { Button, labelClassName, TextInput } from "./ui";

// Choosing an image from the media library, or sending a new one into it, from any admin form:
// a modal <dialog> (focus stays inside, Escape closes, the focus returns to the button that
// opened it) with a search, pages of thumbnails as buttons, and an upload button.

export type { PickedMedia };

export interface MediaPickerOptions {
  /** Largest file the "Enviar nova imagem" button accepts (the post editor keeps 5 MB). */
  maxUploadBytes: number;
  /** The dialog's heading. */
  title?: string;
}

export interface MediaPicker {
  /** Opens the dialog; resolves with the chosen image, or null when the owner closes it. */
  pick: () => Promise<PickedMedia | null>;
  /** Render this once, anywhere inside the admin's ToastProvider. */
  dialog: ReactNode;
}

export function useMediaPicker({ maxUploadBytes, title }: MediaPickerOptions): MediaPicker {
  const [open, setOpen] = useState(false);
  const resolver = useRef<((value: PickedMedia | null) => void) | null>(null);
  const pick = useCallback(
    () =>
      new Promise<PickedMedia | null>((resolve) => {
        resolver.current?.(null);
        resolver.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const finish = useCallback((value: PickedMedia | null) => {
    setOpen(false);
    resolver.current?.(value);
    resolver.current = null;
  }, []);
  const dialog = (
    <MediaPickerDialog
      open={open}
      title={title}
      maxUploadBytes={maxUploadBytes}
      onPick={finish}
      onClose={() => finish(null)}
    />
  );
  return { pick, dialog };
}

/** A library item as the picker hands it to a form. */
function pickedFrom(item: MediaListItem): PickedMedia {
  return {
    id: item.id,
    url: item.url,
    width: item.width,
    height: item.height,
    name: item.name,
    alt: item.alt,
  };
}

interface MediaPickerDialogProps {
  open: boolean;
  title?: string;
  maxUploadBytes: number;
  onPick: (media: PickedMedia) => void;
  onClose: () => void;
}

function MediaPickerDialog({
  open,
  title = "Escolher imagem da biblioteca",
  maxUploadBytes,
  onPick,
  onClose,
}: MediaPickerDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useImageUpload({ maxBytes: maxUploadBytes });
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState({ search: "", page: 1 });
  const [result, setResult] = useState<MediaPage | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setLoading(true);
    setFailed(false);
    fetch(mediaLibraryHref("/admin/api/midia", query), {
      signal: controller.signal,
      headers: { Accept: "application/json" },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        setResult((await response.json()) as MediaPage);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [open, query]);

  const search = () => setQuery({ search: draft.trim(), page: 1 });
  // The dialog may sit inside another form (the post's): Enter searches, it never submits that form.
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      search();
    }
  };

  async function onFile(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    const uploaded = await upload(file);
    setUploading(false);
    if (fileInput.current) fileInput.current.value = "";
    if (uploaded) onPick(uploaded);
  }

  const items = result?.items ?? [];
  const status = loading
    ? "Carregando imagens…"
    : failed
      ? "Não foi possível carregar a biblioteca. Tente novamente."
      : result
        ? result.total === 0
          ? result.search
            ? `Nenhuma imagem encontrada para "${result.search}".`
            : "A biblioteca ainda não tem imagens. Envie a primeira."
          : `${result.total === 1 ? "1 imagem" : `${result.total} imagens`}${result.search ? ` para "${result.search}"` : ""}. Página ${result.page} de ${result.pageCount}.`
        : "";

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(60rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex flex-col gap-4 p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className="text-xl font-bold">
            {title}
          </h2>
          <Button variant="ghost" size="sm" onClick={onClose} icon={<Icon name="x" className="size-4" />}>
            Fechar
          </Button>
        </div>
        <search className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-1.5">
            <label htmlFor={`${id}-search`} className={labelClassName}>
              Buscar por nome ou texto alternativo
            </label>
            <TextInput
              id={`${id}-search`}
              type="search"
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              onKeyDown={onSearchKey}
              maxLength={MEDIA_SEARCH_MAX_LENGTH}
            />
          </div>
          <Button variant="secondary" onClick={search}>
            Buscar
          </Button>
        </search>
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {status}
        </p>
        {items.length > 0 ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => onPick(pickedFrom(item))}
                  className="flex w-full flex-col gap-1.5 rounded-lg border border-slate-200 p-2 text-left hover:border-brand-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500 dark:border-slate-700 dark:hover:border-brand-300"
                >
                  <img
                    src={mediaThumbnailUrl(item)}
                    alt=""
                    width={item.width}
                    height={item.height}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/3] w-full rounded-md bg-slate-100 object-cover dark:bg-slate-800"
                  />
                  <span className="line-clamp-2 text-sm font-semibold break-all">{item.name}</span>
                  <span className="text-xs text-slate-600 dark:text-slate-400">
                    {item.width} × {item.height}
                    {item.alt ? "" : " · sem texto alternativo"}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {result && result.pageCount > 1 ? (
          <div className="flex items-center justify-between gap-3">
            <Button
              variant="secondary"
              size="sm"
              disabled={result.page <= 1 || loading}
              onClick={() => setQuery((current) => ({ ...current, page: result.page - 1 }))}
              icon={<Icon name="arrow-left" className="size-4" />}
            >
              Anterior
            </Button>
            <span className="text-sm text-slate-600 dark:text-slate-400">
              Página {result.page} de {result.pageCount}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={result.page >= result.pageCount || loading}
              onClick={() => setQuery((current) => ({ ...current, page: result.page + 1 }))}
            >
              Próxima
              <Icon name="arrow-right" className="size-4" />
            </Button>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            className="sr-only"
            aria-label="Enviar nova imagem para a biblioteca"
            tabIndex={-1}
            onChange={(event) => void onFile(event.currentTarget.files?.[0])}
          />
          <Button
            variant="secondary"
            busy={uploading}
            busyLabel="Enviando..."
            onClick={() => fileInput.current?.click()}
            icon={<Icon name="image" className="size-4" />}
          >
            Enviar nova imagem
          </Button>
          <span className="text-sm text-slate-600 dark:text-slate-400">
            {ACCEPTED_IMAGE_LABEL}, até {megabytesLabel(maxUploadBytes)}.
          </span>
        </div>
      </div>
    </dialog>
  );
}

/** A form's image as the picker shows it, from the URL a post keeps (no library row needed). */
export function pickedFromUrl(url: string): PickedMedia {
  const parts = parseMediaUrl(url);
  return { id: null, url, width: parts?.width ?? 1200, height: parts?.height ?? 675, name: "", alt: "" };
}
