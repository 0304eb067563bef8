import { POST_IMAGE_MAX_BYTES } from "~/lib/media-limits";
import { mediaSrcSet } from "~/lib/media-url";
import { pickedFromUrl, useMediaPicker } from "./media-picker";
import { Button, FieldError, labelClassName } from "./ui";

// A post's image for social networks: picked from the media library (which can take an upload
// in the same dialog), shown, or removed. Its own labels, so it never reads like the featured
// image field beside it. The SEO block owns the value: its share preview shows the same image.

export interface SocialImageFieldProps {
  /** The image's URL, or "" for none. */
  value: string;
  onChange: (url: string) => void;
  error?: string | undefined;
}

export function SocialImageField({ value: url, onChange: setUrl, error }: SocialImageFieldProps) {
  const picker = useMediaPicker({ maxUploadBytes: POST_IMAGE_MAX_BYTES, title: "Imagem para redes sociais" });
  const picked = url ? pickedFromUrl(url) : null;
  const choose = async () => {
    const image = await picker.pick();
    if (image) setUrl(image.url);
  };
  const errorId = "socialImageUrl-error";
  return (
    <fieldset
      className="flex flex-col gap-3"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className={labelClassName}>Imagem para redes sociais</legend>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Opcional; sem ela, vale a imagem de destaque. Ideal: 1200 × 630 pixels.
      </p>
      <input type="hidden" name="socialImageUrl" value={url} />
      {picked ? (
        <img
          src={picked.url}
          srcSet={mediaSrcSet(picked.url)}
          sizes="20rem"
          width={picked.width}
          height={picked.height}
          alt="Imagem escolhida para redes sociais"
          className="h-auto w-80 max-w-full rounded-lg border border-slate-200 dark:border-slate-700"
        />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Nenhuma imagem própria para redes sociais.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={choose}>
          {picked ? "Trocar imagem para redes sociais" : "Escolher imagem para redes sociais"}
        </Button>
        {picked ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => setUrl("")}>
            Remover imagem para redes sociais
          </Button>
        ) : null}
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      {picker.dialog}
    </fieldset>
  );
}
