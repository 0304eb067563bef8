import { useEffect, useId, useRef, useState } from "react";
import {
  META_DESCRIPTION_MAX,
  META_DESCRIPTION_RECOMMENDED,
  META_TITLE_MAX,
  META_TITLE_RECOMMENDED,
} from "~/lib/post-seo-limits";
import { useSite } from "~/lib/site-context";
import { slugify } from "~/lib/slug";
import type { PostSeoForm } from "~/server/posts/index.server";
import { SocialImageField } from "./social-image-field";
import { Field, Switch, TextArea, TextInput } from "./ui";
import { useFormFieldValue } from "./use-form-field-value";

// The post form's SEO block: meta title and description with counters, a social image and
// noindex, and previews of the search result and of the card WhatsApp and Facebook show. The
// server renders the previews with the saved values; in the browser they follow the fields
// (and the post's title, excerpt and featured image, which they fall back to) as they change:
// the title and excerpt by their own input events, the images by the pickers' callbacks. Nothing
// watches the DOM, so a render cannot trigger another (observing every mutation of the form
// once froze the editor of a post with a meta description). Everything shown is local: no
// request leaves the site.

export interface PostSeoFieldsProps {
  /** The saved values (null for a new post), and the post's title and excerpt as loaded. */
  seo: PostSeoForm | null;
  title: string;
  excerpt: string;
  /** The featured image picked now (the form's other image field), or null. */
  featuredImageUrl: string | null;
  errors: Partial<Record<keyof PostSeoForm, string>>;
}

function Counter({
  id,
  length,
  recommended,
  max,
}: {
  id: string;
  length: number;
  recommended: number;
  max: number;
}) {
  const over = length > recommended;
  return (
    <span
      id={id}
      className={
        over
          ? "text-sm font-semibold text-amber-800 dark:text-amber-300"
          : "text-sm text-slate-600 dark:text-slate-400"
      }
    >
      {length}/{recommended} caracteres recomendados (máximo {max})
      {over ? ": pode ser cortado nos resultados de busca." : "."}
    </span>
  );
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export function PostSeoFields({ seo, title, excerpt, featuredImageUrl, errors }: PostSeoFieldsProps) {
  const site = useSite();
  const ids = useId();
  const rootRef = useRef<HTMLFieldSetElement>(null);
  const [metaTitle, setMetaTitle] = useState(seo?.metaTitle ?? "");
  const [metaDescription, setMetaDescription] = useState(seo?.metaDescription ?? "");
  // Set once the previews follow the fields (tests wait for data-live).
  const [live, setLive] = useState(false);
  const [socialImageUrl, setSocialImageUrl] = useState(seo?.socialImageUrl ?? "");
  const postTitle = useFormFieldValue(rootRef, "title", title);
  const postExcerpt = useFormFieldValue(rootRef, "excerpt", excerpt);
  useEffect(() => setLive(true), []);

  const host = new URL(site.publicUrl).host;
  const slug = slugify(postTitle) || "novo-post";
  const shownTitle =
    metaTitle.trim() || (postTitle.includes(site.name) ? postTitle : `${postTitle} | ${site.name}`);
  const shownDescription = metaDescription.trim() || postExcerpt;
  const image = socialImageUrl || featuredImageUrl || site.ogImagePath;

  return (
    <fieldset
      ref={rootRef}
      data-live={live || undefined}
      className="flex flex-col gap-5 rounded-xl border border-slate-200 p-5 dark:border-slate-700"
    >
      <legend className="px-1 text-lg font-bold text-slate-900 dark:text-white">
        SEO e compartilhamento
      </legend>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Opcional: sem título ou descrição próprios, valem o título e o resumo do post.
      </p>
      <Field
        label="Título para buscadores"
        error={errors.metaTitle}
        hint={
          <Counter
            id={`${ids}-titulo`}
            length={metaTitle.length}
            recommended={META_TITLE_RECOMMENDED}
            max={META_TITLE_MAX}
          />
        }
      >
        <TextInput
          name="metaTitle"
          defaultValue={seo?.metaTitle ?? ""}
          maxLength={META_TITLE_MAX}
          onChange={(event) => setMetaTitle(event.currentTarget.value)}
        />
      </Field>
      <Field
        label="Descrição para buscadores"
        error={errors.metaDescription}
        hint={
          <Counter
            id={`${ids}-descricao`}
            length={metaDescription.length}
            recommended={META_DESCRIPTION_RECOMMENDED}
            max={META_DESCRIPTION_MAX}
          />
        }
      >
        <TextArea
          name="metaDescription"
          rows={3}
          defaultValue={seo?.metaDescription ?? ""}
          maxLength={META_DESCRIPTION_MAX}
          onChange={(event) => setMetaDescription(event.currentTarget.value)}
        />
      </Field>
      <SocialImageField value={socialImageUrl} onChange={setSocialImageUrl} error={errors.socialImageUrl} />
      <Switch
        name="noindex"
        label="Não mostrar nos buscadores (noindex)"
        hint="O post continua no blog, mas sai do sitemap e pede aos buscadores que não o indexem."
        defaultChecked={seo?.noindex ?? false}
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-2">
        <section
          aria-label="Prévia no Google"
          className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-950"
        >
          <h3 className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-300">Prévia no Google</h3>
          <p className="truncate text-sm text-slate-700 dark:text-slate-300">
            {host} › blog › {slug}
          </p>
          <p data-preview="search-title" className="text-xl leading-snug text-blue-800 dark:text-blue-300">
            {clip(shownTitle, META_TITLE_RECOMMENDED)}
          </p>
          <p data-preview="search-description" className="text-sm text-slate-700 dark:text-slate-300">
            {clip(shownDescription, META_DESCRIPTION_RECOMMENDED)}
          </p>
        </section>
        <section aria-label="Prévia ao compartilhar (WhatsApp, Facebook)" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-300">
            Prévia ao compartilhar (WhatsApp, Facebook)
          </h3>
          <div className="overflow-hidden rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-900">
            <img
              data-preview="card-image"
              src={image}
              alt=""
              className="aspect-[1.91/1] w-full bg-slate-200 object-cover"
            />
            <div className="flex flex-col gap-0.5 p-3">
              <p className="text-xs uppercase text-slate-600 dark:text-slate-400">{host}</p>
              <p data-preview="card-title" className="font-semibold text-slate-900 dark:text-white">
                {clip(shownTitle, 90)}
              </p>
              <p data-preview="card-description" className="text-sm text-slate-700 dark:text-slate-300">
                {clip(shownDescription, 120)}
              </p>
            </div>
          </div>
        </section>
      </div>
    </fieldset>
  );
}
